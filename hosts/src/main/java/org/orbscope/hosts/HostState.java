package org.orbscope.hosts;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.orbscope.coordination.HostInfo;
import org.orbscope.coordination.Task;
import org.orbscope.scenario.HostsSpec;

/** A registered host as the coordinator sees it: what it said of itself, when it last called, its next tasks. */
final class HostState {
    /**
     * Outside a point, a host that has not called for this long is taken for dead; within a point, the point's
     * {@code client.hosts.deadAfter} is the limit.
     */
    static final long SILENCE_NANOS = HostsSpec.DEFAULTS.deadAfterNanos();

    final int id;
    final HostInfo info;
    final BlockingQueue<Task> tasks = new LinkedBlockingQueue<>();
    private volatile long lastContactNanos = System.nanoTime();
    private volatile long lastContactEpochNs;
    /** Another host registered under this name since: calls with this one's number are refused. */
    volatile boolean replaced;
    /** The point whose part the host has not reported yet, or null: a busy host gets no part of another point. */
    volatile String busyWith;

    HostState(int id, HostInfo info, long nowEpochNs) {
        this.id = id;
        this.info = info;
        this.lastContactEpochNs = nowEpochNs;
    }

    String name() {
        return info.name;
    }

    void heard(long nowEpochNs) {
        lastContactNanos = System.nanoTime();
        lastContactEpochNs = nowEpochNs;
    }

    long lastContactEpochNs() {
        return lastContactEpochNs;
    }

    /** Not heard from for {@link #SILENCE_NANOS}, or replaced by a host of the same name. */
    boolean gone() {
        return gone(SILENCE_NANOS);
    }

    /** Not heard from for {@code silenceNanos}, or replaced by a host of the same name. */
    boolean gone(long silenceNanos) {
        return replaced || System.nanoTime() - lastContactNanos > silenceNanos;
    }
}
