package org.orbscope.client;

import java.util.Arrays;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.orbscope.scenario.PayloadSpec;
import org.orbscope.workload.BasicTypes;
import org.orbscope.workload.BasicTypesHelper;
import org.orbscope.workload.BasicTypesSeqHelper;
import org.orbscope.workload.BooleanArrayHelper;
import org.orbscope.workload.BooleanSeqHelper;
import org.orbscope.workload.CharArrayHelper;
import org.orbscope.workload.CharSeqHelper;
import org.orbscope.workload.DoubleArrayHelper;
import org.orbscope.workload.DoubleSeqHelper;
import org.orbscope.workload.FloatArrayHelper;
import org.orbscope.workload.FloatSeqHelper;
import org.orbscope.workload.LongArrayHelper;
import org.orbscope.workload.LongSeqHelper;
import org.orbscope.workload.OctetArrayHelper;
import org.orbscope.workload.OctetSeqHelper;
import org.orbscope.workload.ShortArrayHelper;
import org.orbscope.workload.ShortSeqHelper;

/**
 * The request of {@code forward}: a target's payload wrapped in a CORBA any, as seed 002's clients hand their data
 * to the proxy. The any holds the payload's own IDL type (a sequence of {@code size} octets' worth of elements, the
 * fixed 24-byte array, a string, the BasicTypes struct or a sequence of them), so the proxy and the server it
 * forwards to marshal that type inside the any.
 */
final class AnyPayloads {
    private AnyPayloads() {
    }

    static Any of(ORB orb, PayloadSpec p) {
        Any a = orb.create_any();
        int n = p.size();
        boolean array = p.shape() == PayloadSpec.Shape.ARRAY;
        switch (p.type()) {
            case OCTET: if (array) OctetArrayHelper.insert(a, new byte[24]); else OctetSeqHelper.insert(a, new byte[n]); break;
            case CHAR: if (array) CharArrayHelper.insert(a, chars(24)); else CharSeqHelper.insert(a, chars(n)); break;
            case BOOLEAN: if (array) BooleanArrayHelper.insert(a, new boolean[24]); else BooleanSeqHelper.insert(a, new boolean[n]); break;
            case SHORT: if (array) ShortArrayHelper.insert(a, new short[12]); else ShortSeqHelper.insert(a, new short[n / 2]); break;
            case LONG: if (array) LongArrayHelper.insert(a, new int[6]); else LongSeqHelper.insert(a, new int[n / 4]); break;
            case FLOAT: if (array) FloatArrayHelper.insert(a, new float[6]); else FloatSeqHelper.insert(a, new float[n / 4]); break;
            case DOUBLE: if (array) DoubleArrayHelper.insert(a, new double[3]); else DoubleSeqHelper.insert(a, new double[n / 8]); break;
            case STRING: a.insert_string(new String(chars(n))); break;
            case BASIC: if (array) BasicTypesHelper.insert(a, basic()); else BasicTypesSeqHelper.insert(a, basics(n / 24)); break;
            case ANY: {
                Any inner = orb.create_any();
                BasicTypesSeqHelper.insert(inner, basics(n / 24));
                a.insert_any(inner);
                break;
            }
            default: throw new IllegalArgumentException("payload type " + p.type() + " has no any form");
        }
        return a;
    }

    private static char[] chars(int n) {
        char[] c = new char[n];
        Arrays.fill(c, 'x');
        return c;
    }

    private static BasicTypes basic() {
        return new BasicTypes(1.5, 2.5f, 3, (short) 4, true, 'c', (byte) 1, (byte) 2, (byte) 3, (byte) 4);
    }

    private static BasicTypes[] basics(int n) {
        BasicTypes[] b = new BasicTypes[Math.max(n, 0)];
        Arrays.fill(b, basic());
        return b;
    }
}
