package org.orbscope.client;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import org.omg.CORBA.ARG_IN;
import org.omg.CORBA.ARG_INOUT;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.omg.CORBA.Request;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.TCKind;
import org.omg.CORBA.TypeCode;
import org.omg.CORBA.UNKNOWN;
import org.omg.CORBA.WrongTransaction;
import org.orbscope.scenario.PayloadSpec;
import org.orbscope.scenario.TargetSpec;
import org.orbscope.workload.OctetSeqHelper;
import org.orbscope.workload.Target;

/**
 * The Dynamic Invocation Interface form of a target's call: per request a {@code Request} is built from the
 * operation's name, its argument is inserted into an {@code Any} with the IDL type's TypeCode (the generated
 * helper's {@code insert}), and the request is sent: {@code invoke()}, {@code send_oneway()} for a oneway
 * operation, or {@code send_deferred()} then {@code get_response()}. Building the request and typing the
 * argument each time is what a DII client does and what the invocation style costs; the payload's data itself
 * is made once.
 *
 * <p>A deferred request is collected by the thread that sent it, at once: what sets it apart from {@code dii}
 * is JacORB's way of sending it, a new thread per request ({@code org.jacorb.orb.dii.Request.send_deferred}).
 * The ORB reports a failed DII request in the request's environment, not by throwing; it is thrown here, so
 * that the client counts it as it counts a failed static call.
 */
final class DynamicCall implements Invocation {
    /** Inserts a payload's Java value into an Any, with its TypeCode. */
    interface Inserter {
        void insert(Any any, Object value) throws Throwable;
    }

    private final String operation;
    private final TypeCode result;
    private final Inserter inserter;
    private final Object value;
    private final int mode;
    private final boolean oneway;
    private final boolean deferred;

    private DynamicCall(String operation, TypeCode result, Inserter inserter, Object value, int mode,
                        boolean oneway, boolean deferred) {
        this.operation = operation;
        this.result = result;
        this.inserter = inserter;
        this.value = value;
        this.mode = mode;
        this.oneway = oneway;
        this.deferred = deferred;
    }

    /** The DII call of {@code operation} (stub method {@code m}) passing {@code value} (null: no argument). */
    static DynamicCall of(String operation, Method m, PayloadSpec payload, Object value, boolean deferred) {
        TypeCode result;
        if (m.getReturnType() == void.class) {
            result = ORB.init().get_primitive_tc(TCKind.tk_void);
        } else if (m.getReturnType() == byte[].class) {
            result = OctetSeqHelper.type();
        } else if (m.getReturnType() == Any.class) {
            result = ORB.init().get_primitive_tc(TCKind.tk_any);
        } else {
            throw new IllegalArgumentException("operation '" + operation + "' returns " + m.getReturnType()
                    + ", which has no DII form here");
        }
        if (operation.equals(Invocation.FORWARD)) {
            // the value is the payload already in an any (PayloadValues.inAny), passed in
            return new DynamicCall(operation, result, (a, v) -> a.insert_any((Any) v), value, ARG_IN.value, false,
                    deferred);
        }
        int mode = payload.direction() == PayloadSpec.Direction.INOUT ? ARG_INOUT.value : ARG_IN.value;
        // The operation's parameter type: a bound string shorter than the operation's bound is typed by that bound.
        PayloadSpec carried = PayloadSpec.carriedBy(operation);
        PayloadSpec typed = carried != null ? carried : payload;
        return new DynamicCall(operation, result, value == null ? null : inserter(typed), value, mode,
                TargetSpec.isOneway(operation), deferred);
    }

    /**
     * How the value of a payload goes into an Any: the IDL type's generated helper (a bound string's typedef
     * included), or the Any's own insert (the unbound string, an any).
     */
    static Inserter inserter(PayloadSpec payload) {
        switch (payload.type()) {
            case STRING:
                if (payload.shape() == PayloadSpec.Shape.SEQUENCE) {
                    return (a, v) -> a.insert_string((String) v);
                }
                break; // a bound string: its typedef's helper
            case ANY: return (a, v) -> a.insert_any((Any) v);
            default: break;
        }
        String helper = Target.class.getPackageName() + "." + payload.idlType() + "Helper";
        try {
            Class<?> h = Class.forName(helper);
            for (Method insert : h.getMethods()) {
                if (insert.getName().equals("insert")) {
                    MethodHandle mh = MethodHandles.publicLookup().unreflect(insert)
                            .asType(MethodType.methodType(void.class, Any.class, Object.class));
                    return (a, v) -> {
                        mh.invokeExact(a, v); // a statement: an expression lambda would call it as returning Object
                    };
                }
            }
            throw new IllegalStateException(helper + " has no insert method");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no helper " + helper + " for payload type " + payload.idlType(), e);
        }
    }

    @Override
    public void invoke(Target target) {
        Request r = target._request(operation);
        r.set_return_type(result);
        if (value != null) {
            Any a = mode == ARG_INOUT.value ? r.add_inout_arg() : r.add_in_arg();
            try {
                inserter.insert(a, value);
            } catch (Throwable e) {
                throw Invocation.unchecked(e);
            }
        }
        if (oneway) {
            r.send_oneway();
        } else if (deferred) {
            r.send_deferred();
            try {
                r.get_response();
            } catch (WrongTransaction e) {
                // Only for requests sent inside a transaction, which the client never begins.
                throw new UNKNOWN(e.toString());
            }
        } else {
            r.invoke();
        }
        Exception e = r.env().exception();
        if (e instanceof SystemException) {
            throw (SystemException) e;
        }
        if (e != null) {
            throw new UNKNOWN(e.toString());
        }
    }
}
