package org.orbscope.server;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.yoko.orb.OB.DispatchRequest;
import org.apache.yoko.orb.OB.DispatchStrategy;
import org.apache.yoko.orb.OBPortableServer.DispatchStrategyPolicy_impl;
import org.omg.CORBA.Any;
import org.omg.CORBA.LocalObject;
import org.omg.CORBA.Policy;

/**
 * Leader/followers (Schmidt et al.) over Apache Yoko's receiver threads, which none of the Java ORBs offers: a pool
 * of {@code threads} threads of which one, the leader, waits for the next request; when a receiver thread hands it
 * one, the leader promotes a follower to leader and serves the request itself. There is no queue between the
 * receivers and the pool: a receiver waits until the leader takes its request (a rendezvous), so while every thread
 * of the pool is serving, the receivers read nothing more and the next requests stay in their connections. Yoko calls
 * {@link #dispatch} on the receiver thread of a request's connection for every POA whose policy {@link #policy} gives.
 *
 * <p>Yoko's own strategies (thread per request, thread pool, same thread) are in its ORB; this one is the workload
 * server's because Yoko's {@code DispatchStrategyPolicy} is the ORB's seam for it. It keeps what the run can check:
 * the requests it served, the most that were in service at once and how many receivers waited for a leader.
 */
final class LeaderFollowers extends LocalObject implements DispatchStrategy {
    /** Not one of the ids Yoko's own strategies report (0 to 2); Yoko reads neither it nor {@link #info}. */
    private static final int ID = 100;

    private final int threads;
    /** Capacity zero: {@code put} returns once the leader has taken the request. */
    private final SynchronousQueue<DispatchRequest> next = new SynchronousQueue<>(true);
    /** The leader's role: held by the one pool thread that waits for a request, the followers wait for it in turn. */
    private final Semaphore leadership = new Semaphore(1, true);
    private final List<Thread> pool = new ArrayList<>();
    private final AtomicLong served = new AtomicLong();
    private final AtomicLong waited = new AtomicLong();
    private final AtomicInteger inService = new AtomicInteger();
    private final AtomicInteger most = new AtomicInteger();
    private volatile boolean stopped;

    /** A pool of {@code threads} (at least 1) daemon threads, started now. */
    LeaderFollowers(int threads) {
        this.threads = threads;
        for (int i = 0; i < threads; i++) {
            // Not named orbscope-: the agent records only the application's threads, and the server's sampler
            // counts orbscope's threads apart from the application's, whose work this pool's is.
            Thread t = new Thread(this::serve, "leader-follower-" + i);
            t.setDaemon(true);
            pool.add(t);
            t.start();
        }
    }

    /** The POA policy that has Yoko hand this strategy the POA's requests. */
    Policy policy() {
        return new DispatchStrategyPolicy_impl(this);
    }

    /** On a receiver thread: waits until the leader has taken {@code request}. */
    @Override
    public void dispatch(DispatchRequest request) {
        if (!next.offer(request)) {
            waited.incrementAndGet();
            boolean interrupted = false;
            while (true) {
                try {
                    next.put(request);
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A pool thread: follower until it leads, then it takes one request, promotes a follower and serves it. */
    private void serve() {
        while (!stopped) {
            DispatchRequest request;
            try {
                leadership.acquire();
            } catch (InterruptedException e) {
                return;
            }
            try {
                request = next.take();
            } catch (InterruptedException e) {
                return;
            } finally {
                leadership.release();
            }
            most.accumulateAndGet(inService.incrementAndGet(), Math::max);
            try {
                request.invoke();
            } catch (RuntimeException e) {
                // The upcall's own failures go back to the client in its reply; one that escapes must not end the pool.
                System.err.println("orbscope server: leader/followers: " + e);
            } finally {
                inService.decrementAndGet();
                served.incrementAndGet();
            }
        }
    }

    /** Ends the pool's threads once they finish the request in hand. */
    void stop() {
        stopped = true;
        pool.forEach(Thread::interrupt);
    }

    /** A line for the server's log: what the pool served and its most requests in service at once. */
    String summary() {
        return "leader/followers: " + served.get() + " requests served by the pool of " + threads
                + " threads, at most " + most.get() + " at once; " + waited.get()
                + " receivers waited for a leader";
    }

    @Override
    public int id() {
        return ID;
    }

    @Override
    public Any info() {
        return new org.apache.yoko.orb.CORBA.Any(); // empty, as Yoko's own strategies give
    }
}
