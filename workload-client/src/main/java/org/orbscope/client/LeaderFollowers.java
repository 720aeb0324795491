package org.orbscope.client;

import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;

/**
 * Leader/followers hand-over for the invoker threads: one thread at a time (the leader) waits for the next
 * request's intended time; the idle others wait in a stack. Shortly before its request is due the leader
 * promotes the most recently idle follower, so the next request already has a waiting thread when the
 * leader's call starts. Compared with every idle thread timing its own request, only one or two threads are
 * ever timing, and the same few threads do the work, their stacks and caches warm, as in a single-threaded
 * loop, while a long call still never delays the next request as long as a follower is idle.
 */
final class LeaderFollowers {
    private final ArrayDeque<Thread> followers = new ArrayDeque<>();
    private boolean leaderPresent;
    private volatile boolean closed;

    /** Returns once the calling thread is the leader, or false if the pool was closed meanwhile. */
    boolean lead() {
        Thread me = Thread.currentThread();
        synchronized (this) {
            if (closed) {
                return false;
            }
            if (!leaderPresent) {
                leaderPresent = true;
                return true;
            }
            followers.push(me);
        }
        while (true) {
            LockSupport.park(this);
            if (closed) {
                return false;
            }
            synchronized (this) {
                if (!followers.contains(me)) {
                    return true; // promoted: the leadership was handed to this thread
                }
            }
            // a spurious wake-up: still a follower
        }
    }

    /** The leader hands over leadership: to the most recently idle follower, or to whichever thread asks next. */
    void promote() {
        Thread next;
        synchronized (this) {
            next = followers.poll();
            if (next == null) {
                leaderPresent = false;
                return;
            }
        }
        LockSupport.unpark(next);
    }

    /** No more requests: every follower returns false from {@link #lead}. */
    void close() {
        Thread[] waiting;
        synchronized (this) {
            closed = true;
            waiting = followers.toArray(new Thread[0]);
            followers.clear();
        }
        for (Thread t : waiting) {
            LockSupport.unpark(t);
        }
    }
}
