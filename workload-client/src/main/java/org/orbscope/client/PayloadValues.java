package org.orbscope.client;

import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.orbscope.scenario.PayloadSpec;
import org.orbscope.workload.BasicTypes;
import org.orbscope.workload.BasicTypesSeqHelper;

/**
 * The Java value of a payload, built once per target: {@link PayloadSpec#elements()} elements of its type (an
 * array's length is its IDL size over the element's octets), filled with varying values so that nothing along
 * the way can take a shortcut for zeros.
 */
final class PayloadValues {
    private PayloadValues() {
    }

    /** byte[], char[], boolean[], short[], int[], float[], double[], BasicTypes[], a String or an Any. */
    static Object of(PayloadSpec p, ORB orb) {
        int n = p.elements();
        switch (p.type()) {
            case STRING: return new String((char[]) array(PayloadSpec.Type.CHAR, n));
            case ANY: {
                Any a = orb.create_any();
                BasicTypesSeqHelper.insert(a, (BasicTypes[]) array(PayloadSpec.Type.BASIC, n));
                return a;
            }
            default: return array(p.type(), n);
        }
    }

    /**
     * The payload in an any of its own IDL type (a sequence, an array, a string, an any of structs), so that the
     * proxy and the server it forwards to marshal that type inside the any.
     */
    static Any inAny(PayloadSpec p, ORB orb) {
        Any a = orb.create_any();
        try {
            DynamicCall.inserter(p).insert(a, of(p, orb));
        } catch (Throwable e) {
            throw Invocation.unchecked(e);
        }
        return a;
    }

    /** An array of {@code n} elements of {@code type}, the i-th being {@link #element}(type, i). */
    private static Object array(PayloadSpec.Type type, int n) {
        // The primitive of a boxed element (Byte -> byte), or the struct.
        Class<?> component = MethodType.methodType(element(type, 0).getClass()).unwrap().returnType();
        Object v = Array.newInstance(component, n);
        for (int i = 0; i < n; i++) {
            Array.set(v, i, element(type, i));
        }
        return v;
    }

    /** The i-th element of a payload: values that vary, in ranges every type and code set carries. */
    private static Object element(PayloadSpec.Type type, int i) {
        switch (type) {
            case OCTET: return (byte) i;
            case CHAR: return (char) ('a' + i % 26);
            case BOOLEAN: return i % 2 == 0;
            case SHORT: return (short) i;
            case LONG: return i;
            case FLOAT: return i * 0.5f;
            case DOUBLE: return i * 0.25;
            case BASIC: return new BasicTypes(i * 0.25, i * 0.5f, i, (short) i, i % 2 == 0, (char) ('a' + i % 26),
                    (byte) i, (byte) (i + 1), (byte) (i + 2), (byte) (i + 3));
            default: throw new IllegalArgumentException("no array of " + type);
        }
    }
}
