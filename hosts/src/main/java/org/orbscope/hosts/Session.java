package org.orbscope.hosts;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import org.orbscope.coordination.Coordinator;
import org.orbscope.coordination.Refused;
import org.orbscope.coordination.Task;
import org.orbscope.coordination.TaskKind;

/**
 * A host's registration with a coordinator: its number, and the tasks it fetched. While parts of a point run,
 * their heartbeats fetch tasks too; a stop is kept for the part it names, any other task waits here for the main
 * loop.
 */
final class Session {
    final Coordinator coordinator;
    final int id;
    final String name;
    private final Deque<Task> pending = new ArrayDeque<>();
    /** The parts the coordinator asked to stop ({@link #key}). */
    private final Set<String> stops = new HashSet<>();

    Session(Coordinator coordinator, int id, String name) {
        this.coordinator = coordinator;
        this.id = id;
        this.name = name;
    }

    /** The next task other than a stop, waiting up to {@code waitMs} for one ({@link TaskKind#WAIT}: none). */
    Task next(int waitMs) throws Refused {
        synchronized (this) {
            if (!pending.isEmpty()) {
                return pending.poll();
            }
        }
        Task t = coordinator.next_task(id, waitMs);
        if (t.kind == TaskKind.STOP) {
            synchronized (this) {
                stops.add(key(t.point, t.server));
            }
            return CoordinatorServant.WAIT;
        }
        return t;
    }

    /**
     * Whether the coordinator asks to stop the part of {@code point} that runs {@code server} (also tells the
     * coordinator this host is alive).
     */
    boolean stopAsked(String point, String server) throws Refused {
        Task t = coordinator.next_task(id, 0);
        synchronized (this) {
            if (t.kind == TaskKind.STOP) {
                stops.add(key(t.point, t.server));
            } else if (t.kind != TaskKind.WAIT) {
                pending.add(t);
            }
            return stops.contains(key(point, server));
        }
    }

    private static String key(String point, String server) {
        return point + "/" + server;
    }
}
