package org.orbscope.model;

/** The server threading models of Harkema et al., section 2.4.1. */
public enum ThreadingModel {
    /** Receiver thread per connection, FIFO dispatcher queue, a pool of dispatcher threads (section 2.3). */
    THREAD_POOL,
    /** Receiver thread per connection; each request gets a new dispatcher thread (optional creation CPU cost). */
    THREAD_PER_REQUEST,
    /** The receiver thread of a connection also dispatches: at most one upcall per connection. */
    THREAD_PER_CONNECTION,
    /** Like thread-per-connection, plus a global mutex: at most one thread in user code at a time. */
    THREADED,
    /** Receiver threads hand each request to the one dispatcher thread of its servant (FIFO per servant). */
    THREAD_PER_SERVANT,
    /** A pool thread (the leader) reads a request from a connection and then dispatches it itself. */
    LEADER_FOLLOWER
}
