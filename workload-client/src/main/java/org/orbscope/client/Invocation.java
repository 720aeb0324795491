package org.orbscope.client;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.UndeclaredThrowableException;
import org.omg.CORBA.ORB;
import org.omg.CORBA.portable.Streamable;
import org.orbscope.scenario.ClientSpec;
import org.orbscope.scenario.TargetSpec;
import org.orbscope.workload.Target;

/**
 * One target's remote call, made ready once ahead of the run: the operation and payload the target's descriptor
 * says ({@link TargetSpec#operation(ClientSpec.Invocation)}, {@link TargetSpec#payload()}), the payload filled
 * once ({@link PayloadValues}). A static call passes the same value (or, for inout, the same holder) with every
 * request; the server echoes inout values unchanged, so a reply replacing the holder's value with its echo
 * changes nothing the next request sends.
 */
@FunctionalInterface
public interface Invocation {
    void invoke(Target target);

    /** The operation whose argument is the payload in an any. */
    String FORWARD = "forward";

    static Invocation of(TargetSpec spec, ClientSpec.Invocation style, ORB orb) {
        String op = spec.operation(style);
        Method m = stubMethod(op);
        // forward takes its payload wrapped in an any, as the performance-patterns excerpt's clients hand their data
        // to the proxy
        Object value = m.getParameterCount() == 0 ? null
                : op.equals(FORWARD) ? PayloadValues.inAny(spec.payload(), orb) : PayloadValues.of(spec.payload(), orb);
        if (style == ClientSpec.Invocation.DII || style == ClientSpec.Invocation.DEFERRED) {
            return DynamicCall.of(op, m, spec.payload(), value, style == ClientSpec.Invocation.DEFERRED);
        }
        return staticCall(m, value);
    }

    /** The stub method of an operation of {@code Target}: one per name in IDL. */
    static Method stubMethod(String operation) {
        for (Method m : Target.class.getMethods()) {
            if (m.getName().equals(operation)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown operation '" + operation + "' of orbscope::workload::Target");
    }

    /**
     * The static stub's call, {@code stub.op(value)}, through a method handle so that a hundred operations need
     * no hundred hand-written cases; a handle call costs nanoseconds and allocates nothing.
     */
    private static Invocation staticCall(Method m, Object value) {
        MethodHandle h;
        Object arg;
        try {
            h = MethodHandles.publicLookup().unreflect(m);
            if (m.getParameterCount() == 0) {
                h = MethodHandles.dropArguments(h, 1, Object.class);
                arg = null;
            } else {
                Class<?> type = m.getParameterTypes()[0];
                arg = Streamable.class.isAssignableFrom(type) ? holder(type, value) : value;
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot call " + m, e);
        }
        MethodHandle call = h.asType(MethodType.methodType(void.class, Target.class, Object.class));
        return t -> {
            try {
                call.invokeExact(t, arg);
            } catch (Throwable e) {
                throw unchecked(e);
            }
        };
    }

    /**
     * What a method handle threw, to throw on: a stub throws only unchecked exceptions (CORBA system exceptions
     * above all), which the client counts by name, so they pass as they are.
     */
    static RuntimeException unchecked(Throwable e) {
        if (e instanceof Error) {
            throw (Error) e;
        }
        return e instanceof RuntimeException ? (RuntimeException) e : new UndeclaredThrowableException(e);
    }

    /** A holder of {@code holderType} (its one-argument constructor) holding {@code value}. */
    private static Object holder(Class<?> holderType, Object value) throws ReflectiveOperationException {
        for (var c : holderType.getConstructors()) {
            if (c.getParameterCount() == 1) {
                return c.newInstance(value);
            }
        }
        throw new NoSuchMethodException(holderType + " has no one-argument constructor");
    }
}
