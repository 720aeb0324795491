package org.orbscope.server;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.omg.CORBA.portable.Streamable;
import org.orbscope.run.CpuBurner;
import org.orbscope.run.ReceivedCsv;
import org.orbscope.scenario.PayloadSpec;
import org.orbscope.workload.BasicTypesSeqHelper;
import org.orbscope.workload.OctetSeqHelper;
import org.orbscope.workload.TargetOperations;
import org.orbscope.workload.TargetPOATie;

/**
 * A deployed object: every operation executes the service demand the scenario gives it (CPU time, then the calls
 * it makes to other objects, then waiting time) inside its POA's limit (T_poa) and then the servant's own (T_ser),
 * each {@link ServantSlots}: a servant waiting for the reply of a call holds its slots and its thread, as a real
 * servant does. Every request it receives is counted, {@code forward}'s included.
 *
 * <p>The hundred and ten payload operations of the IDL (every type, sequences and arrays of five sizes, bound
 * strings of the same five, in and inout)
 * do one thing: receive, count, serve the demand, and, for inout, echo (the value stays in its holder, which
 * the skeleton marshals back). So they are one method, {@link #received}, reached through the tie's delegate, a
 * {@link Proxy} over {@code TargetOperations}, instead of a hundred copies of it; the skeleton's unmarshalling,
 * which is what a payload benchmark measures, is the generated code either way. The proxy adds one reflective
 * dispatch (tens of nanoseconds) to a request of tens of microseconds and more.
 */
final class TargetServant extends TargetPOATie {
    private static final byte[] EMPTY = new byte[0];
    /** The demand of an operation the scenario lists only for its calls. */
    private static final long[] NO_DEMAND = {0, 0, 0};
    /** The value field of an inout operation's holder class. */
    private static final ClassValue<Field> HOLDER_VALUE = new ClassValue<>() {
        @Override
        protected Field computeValue(Class<?> holder) {
            try {
                return holder.getField("value");
            } catch (NoSuchFieldException e) {
                throw new IllegalStateException("holder without a value field: " + holder, e);
            }
        }
    };

    private final String id;
    private final Map<String, DemandSampler> demands;
    private final Map<String, byte[]> replies;
    /** The POA's limit and the servant's own, or null where unlimited. */
    private final ServantSlots poaSlots;
    private final ServantSlots slots;
    /** Per operation of the interface: requests and elements received; filled once, read-only after. */
    private final Map<String, LongAdder[]> received = new TreeMap<>();
    /** Set once by {@link #wire} before the server is ready, read by request threads afterwards. */
    private volatile Map<String, ServantCalls> calls = Map.of();
    private volatile Any forwardReply;

    TargetServant(String id, Map<String, DemandSampler> demands, Map<String, byte[]> replies, ServantSlots poaSlots,
                  int concurrency) {
        super(null);
        this.id = id;
        this.demands = demands;
        this.replies = replies;
        this.poaSlots = poaSlots;
        this.slots = ServantSlots.of(concurrency);
        for (Method m : TargetOperations.class.getMethods()) {
            received.put(m.getName(), new LongAdder[] {new LongAdder(), new LongAdder()});
        }
        _delegate((TargetOperations) Proxy.newProxyInstance(TargetOperations.class.getClassLoader(),
                new Class<?>[] {TargetOperations.class}, (proxy, m, args) -> {
                    if (m.getDeclaringClass() == Object.class) {
                        return m.getName().equals("hashCode") ? System.identityHashCode(proxy)
                                : m.getName().equals("equals") ? proxy == args[0] : "payload operations of " + id;
                    }
                    received(m.getName(), args[0]);
                    return null;
                }));
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

    /** A payload operation: counts the value's elements, then serves the operation's demand. */
    private void received(String operation, Object value) {
        count(operation, elements(value));
        serve(operation);
    }

    private void count(String operation, long elements) {
        LongAdder[] c = received.get(operation);
        c[0].increment();
        c[1].add(elements);
    }

    /**
     * The elements of a received value: an array's or a sequence's length, a string's characters, the structs or
     * octets in an any (a payload's structs; {@code forward}'s octets). An any is extracted, as a server that uses what it is sent must; the typed operations' values are
     * unmarshalled by their skeletons already.
     */
    private static long elements(Object value) {
        Object v = value;
        if (v instanceof Streamable) {
            try {
                v = HOLDER_VALUE.get(v.getClass()).get(v);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        if (v instanceof String) {
            return ((String) v).length();
        }
        if (v instanceof Any) {
            Any any = (Any) v;
            if (any.type().equivalent(BasicTypesSeqHelper.type())) {
                return BasicTypesSeqHelper.extract(any).length;
            }
            return any.type().equivalent(OctetSeqHelper.type()) ? OctetSeqHelper.extract(any).length : 1;
        }
        return v == null ? 0 : Array.getLength(v);
    }

    /** What this object received so far, one row per operation called at least once. */
    List<ReceivedCsv.Row> receivedRows() {
        List<ReceivedCsv.Row> rows = new ArrayList<>();
        received.forEach((op, c) -> {
            long requests = c[0].sum();
            if (requests > 0) {
                PayloadSpec carried = PayloadSpec.carriedBy(op);
                long elements = c[1].sum();
                // forward carries no payload of the scenario, but its any holds octets, one each
                long octets = op.equals("forward") ? elements : carried == null ? 0 : elements * carried.type().octets();
                rows.add(new ReceivedCsv.Row(id, op, requests, elements, octets));
            }
        });
        return rows;
    }

    private void serve(String operation) {
        serve(operation, null);
    }

    /** Runs the operation's demand; returns the reply of its last forward call, or null. */
    private Any serve(String operation, Any request) {
        DemandSampler d = demands.get(operation);
        ServantCalls c = calls.get(operation);
        if (d == null && c == null) {
            return null;
        }
        long[] demand = d == null ? NO_DEMAND : d.next();
        ServantLock lock = d == null ? null : d.lock();
        // The POA's slot first, then the servant's; entering waits uninterruptibly and cannot fail.
        if (poaSlots != null) {
            poaSlots.enter();
        }
        if (slots != null) {
            slots.enter();
        }
        try {
            return execute(demand, lock, c, request);
        } finally {
            if (slots != null) {
                slots.leave();
            }
            if (poaSlots != null) {
                poaSlots.leave();
            }
        }
    }

    /** The model's order: CPU outside the lock, the lock held for its CPU, the calls, the time off the CPU. */
    private static Any execute(long[] demand, ServantLock lock, ServantCalls calls, Any request) {
        CpuBurner.burn(demand[0]);
        if (lock != null) {
            lock.hold(demand[2]);
        }
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
        count("call", request.length);
        serve("call");
        byte[] reply = replies.get("call");
        return reply == null ? EMPTY : reply;
    }

    @Override
    public Any forward(Any request) {
        count("forward", elements(request));
        Any reply = serve("forward", request);
        if (reply != null) {
            return reply;
        }
        Any own = forwardReply;
        return own != null ? own : request; // like cubit, a forward without a reply size returns what it was sent
    }

    @Override
    public void ping() {
        count("ping", 0);
        serve("ping");
    }

    @Override
    public void post(byte[] request) {
        count("post", request.length);
        serve("post");
    }
}
