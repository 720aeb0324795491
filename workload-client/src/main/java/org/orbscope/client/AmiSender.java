package org.orbscope.client;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLong;
import org.omg.CORBA.ORB;
import org.omg.CORBA.UserException;
import org.omg.Messaging.ExceptionHolder;
import org.omg.PortableServer.POA;
import org.omg.PortableServer.POAHelper;
import org.orbscope.workload.AMI_TargetHandler;
import org.orbscope.workload.AMI_TargetHandlerHelper;
import org.orbscope.workload.AMI_TargetHandlerOperations;
import org.orbscope.workload.AMI_TargetHandlerPOATie;
import org.orbscope.workload.Target;
import org.orbscope.workload._TargetStub;

/**
 * Asynchronous method invocation with callbacks (CORBA AMI): the request is sent by the stub's
 * {@code sendc_<operation>} and the call returns at once; JacORB delivers the reply to a reply-handler object
 * in the client, which stamps the completion. One sender thread therefore keeps the schedule however slowly the
 * server answers, with no invoker pool.
 *
 * <p>A reply names no request, so every request in flight borrows a reply handler of its own from a pool that
 * grows as needed, and the handler knows which request it answers.
 */
final class AmiSender {
    private final RequestLog log;
    final AtomicLong done = new AtomicLong();
    final AtomicLong failures = new AtomicLong();
    private final Call[][][] calls;
    private final AtomicLong answered = new AtomicLong();
    private final ArrayDeque<Handler>[] idle;
    private final POA[] pools;

    /** One reply handler: the servant (a proxy over every operation's callbacks) and its reference. */
    private final class Handler implements java.lang.reflect.InvocationHandler {
        final int orb;
        volatile int request;
        AMI_TargetHandler reference;

        Handler(int orb) {
            this.orb = orb;
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) {
            if (m.getDeclaringClass() == Object.class) {
                return m.getName().equals("hashCode") ? System.identityHashCode(this) : m.getName().equals("equals")
                        ? proxy == args[0] : "reply handler";
            }
            long now = System.nanoTime();
            int i = request;
            if (m.getName().endsWith("_excep")) {
                log.answered(i, now, log.code(exceptionName((ExceptionHolder) args[0])));
                failures.incrementAndGet();
            } else {
                log.answered(i, now, RequestLog.OK);
                done.incrementAndGet();
            }
            synchronized (idle[orb]) {
                idle[orb].push(this);
            }
            answered.incrementAndGet(); // last: whoever sees the count sees the request's row complete
            return null;
        }
    }

    /**
     * Activates the reply-handler POAs of {@code orbs}, learns the AMI form of every call, and makes
     * {@code handlers} reply handlers per ORB ahead of the run (an activation costs tens of microseconds).
     */
    @SuppressWarnings("unchecked")
    AmiSender(ORB[] orbs, Invocation[][][] syncCalls, RequestLog log, int handlers) throws UserException {
        this.log = log;
        this.idle = new ArrayDeque[orbs.length];
        this.pools = new POA[orbs.length];
        this.calls = new Call[orbs.length][][];
        for (int c = 0; c < orbs.length; c++) {
            idle[c] = new ArrayDeque<>();
            pools[c] = POAHelper.narrow(orbs[c].resolve_initial_references("RootPOA"));
            pools[c].the_POAManager().activate();
            calls[c] = new Call[syncCalls[c].length][];
            for (int p = 0; p < syncCalls[c].length; p++) {
                calls[c][p] = new Call[syncCalls[c][p].length];
                for (int t = 0; t < syncCalls[c][p].length; t++) {
                    calls[c][p][t] = Call.of(syncCalls[c][p][t]);
                }
            }
            for (int k = 0; k < handlers; k++) {
                idle[c].push(newHandler(c));
            }
        }
    }

    /** Sends the call of process {@code p}, target {@code t} over connection {@code c}; returns at once. */
    void send(int c, int p, int t, Target stub, AMI_TargetHandler handler) {
        calls[c][p][t].send(stub, handler);
    }

    /** A free reply handler of ORB {@code c} for request {@code i}: reused, or made and activated now. */
    AMI_TargetHandler handlerFor(int c, int i) throws UserException {
        Handler h;
        synchronized (idle[c]) {
            h = idle[c].poll();
        }
        if (h == null) {
            h = newHandler(c);
        }
        h.request = i;
        return h.reference;
    }

    private Handler newHandler(int c) throws UserException {
        Handler h = new Handler(c);
        AMI_TargetHandlerOperations callbacks = (AMI_TargetHandlerOperations) Proxy.newProxyInstance(
                AmiSender.class.getClassLoader(), new Class<?>[] {AMI_TargetHandlerOperations.class}, h);
        h.reference = AMI_TargetHandlerHelper.narrow(pools[c].servant_to_reference(
                new AMI_TargetHandlerPOATie(callbacks, pools[c])));
        return h;
    }

    /** Requests answered so far, ok or not. */
    long answered() {
        return answered.get();
    }

    private static String exceptionName(ExceptionHolder holder) {
        try {
            holder.raise_exception();
            return "UNKNOWN";
        } catch (Throwable t) {
            return t.getClass().getSimpleName();
        }
    }

    /**
     * The AMI form of a synchronous invocation: which {@code sendc_} method of the stub, with which arguments.
     * The synchronous {@link Invocation} is run once against a recording proxy to learn its operation and
     * payload, so both styles send the same bytes.
     */
    static final class Call {
        private final Method sendc;
        private final Object[] args;

        private Call(Method sendc, Object[] args) {
            this.sendc = sendc;
            this.args = args;
        }

        static Call of(Invocation sync) {
            Object[][] seen = new Object[1][];
            Method[] op = new Method[1];
            Target recorder = (Target) Proxy.newProxyInstance(Target.class.getClassLoader(), new Class<?>[] {Target.class},
                    (proxy, m, a) -> {
                        op[0] = m;
                        seen[0] = a == null ? new Object[0] : a;
                        return defaultValue(m.getReturnType());
                    });
            sync.invoke(recorder);
            Object[] in = new Object[seen[0].length];
            for (int k = 0; k < in.length; k++) {
                in[k] = unwrapHolder(seen[0][k]);
            }
            for (Method m : _TargetStub.class.getMethods()) {
                if (m.getName().equals("sendc_" + op[0].getName()) && m.getParameterCount() == in.length + 1) {
                    Object[] args = new Object[in.length + 1];
                    System.arraycopy(in, 0, args, 1, in.length);
                    return new Call(m, args);
                }
            }
            throw new IllegalArgumentException("operation '" + op[0].getName() + "' has no AMI form");
        }

        /** Sends request {@code i}; a CORBA system exception (the server is gone, say) is thrown as is. */
        void send(Target stub, AMI_TargetHandler handler) {
            Object[] a = args.clone();
            a[0] = handler;
            try {
                sendc.invoke(stub, a);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof RuntimeException) {
                    throw (RuntimeException) e.getCause();
                }
                throw new IllegalStateException(e.getCause());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }

        private static Object unwrapHolder(Object a) {
            if (a instanceof org.omg.CORBA.portable.Streamable) {
                try {
                    return a.getClass().getField("value").get(a);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("holder without a value field: " + a.getClass(), e);
                }
            }
            return a;
        }

        private static Object defaultValue(Class<?> type) {
            if (!type.isPrimitive() || type == void.class) {
                return null;
            }
            if (type == boolean.class) {
                return false;
            }
            if (type == char.class) {
                return (char) 0;
            }
            return type == long.class ? 0L : type == double.class ? 0.0 : type == float.class ? 0f
                    : type == short.class ? (short) 0 : type == byte.class ? (byte) 0 : 0;
        }
    }
}
