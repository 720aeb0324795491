package org.orbscope.hosts;

import java.util.ArrayDeque;
import java.util.Deque;
import org.orbscope.coordination.Coordinator;
import org.orbscope.coordination.TaskKind;
import org.orbscope.coordination.Refused;
import org.orbscope.coordination.Task;

/**
 * A host's registration with a coordinator: its number, and the tasks it fetched. While a part of a point runs,
 * the heartbeat fetches tasks too; a task that is not for the part in progress waits here for the main loop.
 */
final class Session {
    final Coordinator coordinator;
    final int id;
    final String name;
    private final Deque<Task> pending = new ArrayDeque<>();

    Session(Coordinator coordinator, int id, String name) {
        this.coordinator = coordinator;
        this.id = id;
        this.name = name;
    }

    /** The next task, waiting up to {@code waitMs} for one. */
    Task next(int waitMs) throws Refused {
        synchronized (pending) {
            if (!pending.isEmpty()) {
                return pending.poll();
            }
        }
        return coordinator.next_task(id, waitMs);
    }

    /** Whether the coordinator asks to stop {@code point} (also tells the coordinator this host is alive). */
    boolean stopAsked(String point) throws Refused {
        Task t = coordinator.next_task(id, 0);
        if (t.kind == TaskKind.STOP) {
            return t.point.equals(point);
        }
        if (t.kind != TaskKind.WAIT) {
            synchronized (pending) {
                pending.add(t);
            }
        }
        return false;
    }
}
