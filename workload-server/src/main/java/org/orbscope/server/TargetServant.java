package org.orbscope.server;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.orbscope.workload.OctetSeqHelper;
import org.orbscope.workload.TargetPOA;

/**
 * A deployed object: every operation executes the service demand the scenario gives it (CPU time, then the calls
 * it makes to other objects, then waiting time) inside the servant's concurrency limit (T_ser; a fair semaphore so
 * waiting requests are served in arrival order): a servant waiting for the reply of a call holds its slot and its
 * thread, as a real servant does. In/inout payload operations just receive and echo what the client sent.
 */
final class TargetServant extends TargetPOA {
    private static final byte[] EMPTY = new byte[0];
    /** The demand of an operation the scenario lists only for its calls. */
    private static final long[] NO_DEMAND = {0, 0};

    private final String id;
    private final Map<String, DemandSampler> demands;
    private final Map<String, byte[]> replies;
    private final Semaphore slots;
    /** Set once by {@link #wire} before the server is ready, read by request threads afterwards. */
    private volatile Map<String, ServantCalls> calls = Map.of();
    private volatile Any forwardReply;
    private final Map<String, LongAdder> served = new ConcurrentHashMap<>();

    TargetServant(String id, Map<String, DemandSampler> demands, Map<String, byte[]> replies, int concurrency) {
        this.id = id;
        this.demands = demands;
        this.replies = replies;
        this.slots = concurrency > 0 ? new Semaphore(concurrency, true) : null;
    }

    String id() {
        return id;
    }

    /**
     * Gives the servant the calls its operations make (their references exist only once every object is active)
     * and builds the reply of {@code forward}: {@code replySize} octets in an any, or none (the request is echoed).
     */
    void wire(Map<String, ServantCalls> operationCalls, ORB orb) {
        byte[] reply = replies.get("forward");
        if (reply != null && reply.length > 0) {
            Any a = orb.create_any();
            OctetSeqHelper.insert(a, reply);
            forwardReply = a;
        }
        calls = Map.copyOf(operationCalls);
    }

    private void serve(String operation) {
        serve(operation, null);
    }

    /** Requests served so far per operation (counted as they start). */
    Map<String, Long> served() {
        Map<String, Long> m = new TreeMap<>();
        served.forEach((op, n) -> m.put(op, n.sum()));
        return m;
    }

    /** Runs the operation's demand; returns the reply of its last forward call, or null. */
    private Any serve(String operation, Any request) {
        served.computeIfAbsent(operation, k -> new LongAdder()).increment();
        DemandSampler d = demands.get(operation);
        ServantCalls c = calls.get(operation);
        if (d == null && c == null) {
            return null;
        }
        long[] demand = d == null ? NO_DEMAND : d.next();
        if (slots == null) {
            return execute(demand, c, request);
        }
        slots.acquireUninterruptibly();
        try {
            return execute(demand, c, request);
        } finally {
            slots.release();
        }
    }

    private static Any execute(long[] demand, ServantCalls calls, Any request) {
        CpuBurner.burn(demand[0]);
        Any reply = calls == null ? null : calls.make(request);
        long wait = demand[1];
        if (wait > 0) {
            // Waiting without CPU: park until the wall time has passed (parkNanos may return early).
            long end = System.nanoTime() + wait;
            for (long left = wait; left > 0; left = end - System.nanoTime()) {
                LockSupport.parkNanos(left);
            }
        }
        return reply;
    }

    @Override
    public byte[] call(byte[] request) {
        serve("call");
        byte[] reply = replies.get("call");
        return reply == null ? EMPTY : reply;
    }

    @Override
    public Any forward(Any request) {
        Any reply = serve("forward", request);
        if (reply != null) {
            return reply;
        }
        Any own = forwardReply;
        return own != null ? own : request; // like cubit, a forward without a reply size returns what it was sent
    }

    @Override
    public void ping() {
        serve("ping");
    }

    @Override
    public void post(byte[] request) {
        serve("post");
    }

    @Override
    public void in_octet_seq(byte[] v) {
        serve("in_octet_seq");
    }

    @Override
    public void inout_octet_seq(org.orbscope.workload.OctetSeqHolder v) {
        serve("inout_octet_seq");
    }

    @Override
    public void in_char_seq(char[] v) {
        serve("in_char_seq");
    }

    @Override
    public void inout_char_seq(org.orbscope.workload.CharSeqHolder v) {
        serve("inout_char_seq");
    }

    @Override
    public void in_boolean_seq(boolean[] v) {
        serve("in_boolean_seq");
    }

    @Override
    public void inout_boolean_seq(org.orbscope.workload.BooleanSeqHolder v) {
        serve("inout_boolean_seq");
    }

    @Override
    public void in_short_seq(short[] v) {
        serve("in_short_seq");
    }

    @Override
    public void inout_short_seq(org.orbscope.workload.ShortSeqHolder v) {
        serve("inout_short_seq");
    }

    @Override
    public void in_long_seq(int[] v) {
        serve("in_long_seq");
    }

    @Override
    public void inout_long_seq(org.orbscope.workload.LongSeqHolder v) {
        serve("inout_long_seq");
    }

    @Override
    public void in_float_seq(float[] v) {
        serve("in_float_seq");
    }

    @Override
    public void inout_float_seq(org.orbscope.workload.FloatSeqHolder v) {
        serve("inout_float_seq");
    }

    @Override
    public void in_double_seq(double[] v) {
        serve("in_double_seq");
    }

    @Override
    public void inout_double_seq(org.orbscope.workload.DoubleSeqHolder v) {
        serve("inout_double_seq");
    }

    @Override
    public void in_string(java.lang.String v) {
        serve("in_string");
    }

    @Override
    public void inout_string(org.omg.CORBA.StringHolder v) {
        serve("inout_string");
    }

    @Override
    public void in_basic_seq(org.orbscope.workload.BasicTypes[] v) {
        serve("in_basic_seq");
    }

    @Override
    public void inout_basic_seq(org.orbscope.workload.BasicTypesSeqHolder v) {
        serve("inout_basic_seq");
    }

    @Override
    public void in_any(org.omg.CORBA.Any v) {
        serve("in_any");
    }

    @Override
    public void inout_any(org.omg.CORBA.AnyHolder v) {
        serve("inout_any");
    }

    @Override
    public void in_octet_array(byte[] v) {
        serve("in_octet_array");
    }

    @Override
    public void inout_octet_array(org.orbscope.workload.OctetArrayHolder v) {
        serve("inout_octet_array");
    }

    @Override
    public void in_char_array(char[] v) {
        serve("in_char_array");
    }

    @Override
    public void inout_char_array(org.orbscope.workload.CharArrayHolder v) {
        serve("inout_char_array");
    }

    @Override
    public void in_boolean_array(boolean[] v) {
        serve("in_boolean_array");
    }

    @Override
    public void inout_boolean_array(org.orbscope.workload.BooleanArrayHolder v) {
        serve("inout_boolean_array");
    }

    @Override
    public void in_short_array(short[] v) {
        serve("in_short_array");
    }

    @Override
    public void inout_short_array(org.orbscope.workload.ShortArrayHolder v) {
        serve("inout_short_array");
    }

    @Override
    public void in_long_array(int[] v) {
        serve("in_long_array");
    }

    @Override
    public void inout_long_array(org.orbscope.workload.LongArrayHolder v) {
        serve("inout_long_array");
    }

    @Override
    public void in_float_array(float[] v) {
        serve("in_float_array");
    }

    @Override
    public void inout_float_array(org.orbscope.workload.FloatArrayHolder v) {
        serve("inout_float_array");
    }

    @Override
    public void in_double_array(double[] v) {
        serve("in_double_array");
    }

    @Override
    public void inout_double_array(org.orbscope.workload.DoubleArrayHolder v) {
        serve("inout_double_array");
    }

    @Override
    public void in_basic(org.orbscope.workload.BasicTypes v) {
        serve("in_basic");
    }

    @Override
    public void inout_basic(org.orbscope.workload.BasicTypesHolder v) {
        serve("inout_basic");
    }
}
