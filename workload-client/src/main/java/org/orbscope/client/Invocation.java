package org.orbscope.client;

import java.util.Arrays;
import org.omg.CORBA.ORB;
import org.orbscope.scenario.ClientSpec;
import org.orbscope.scenario.PayloadSpec;
import org.orbscope.scenario.TargetSpec;
import org.orbscope.workload.BasicTypes;
import org.orbscope.workload.BasicTypesHelper;
import org.orbscope.workload.BasicTypesHolder;
import org.orbscope.workload.BasicTypesSeqHolder;
import org.orbscope.workload.BooleanArrayHolder;
import org.orbscope.workload.BooleanSeqHolder;
import org.orbscope.workload.CharArrayHolder;
import org.orbscope.workload.CharSeqHolder;
import org.orbscope.workload.DoubleArrayHolder;
import org.orbscope.workload.DoubleSeqHolder;
import org.orbscope.workload.FloatArrayHolder;
import org.orbscope.workload.FloatSeqHolder;
import org.orbscope.workload.LongArrayHolder;
import org.orbscope.workload.LongSeqHolder;
import org.orbscope.workload.OctetArrayHolder;
import org.orbscope.workload.OctetSeqHolder;
import org.orbscope.workload.ShortArrayHolder;
import org.orbscope.workload.ShortSeqHolder;
import org.orbscope.workload.Target;

/**
 * One target's remote call with its payload built once, ahead of the run. Sequences hold {@code size} octets
 * worth of elements; arrays are the IDL's fixed 24 bytes.
 */
@FunctionalInterface
public interface Invocation {
    void invoke(Target target);

    static Invocation of(TargetSpec spec, ClientSpec.Invocation style, ORB orb) {
        PayloadSpec p = spec.payload();
        int size = p.size();
        if (style == ClientSpec.Invocation.ONEWAY) {
            byte[] data = new byte[size];
            return t -> t.post(data);
        }
        String op = spec.operation();
        switch (op) {
            case "ping": return Target::ping;
            case "call": { byte[] d = new byte[size]; return t -> t.call(d); }
            case "post": { byte[] d = new byte[size]; return t -> t.post(d); }
            case "forward": { org.omg.CORBA.Any a = AnyPayloads.of(orb, p); return t -> t.forward(a); }
            case "in_octet_seq": { byte[] d = new byte[size]; return t -> t.in_octet_seq(d); }
            case "inout_octet_seq": { byte[] d = new byte[size]; return t -> t.inout_octet_seq(new OctetSeqHolder(d)); }
            case "in_char_seq": { char[] d = chars(size); return t -> t.in_char_seq(d); }
            case "inout_char_seq": { char[] d = chars(size); return t -> t.inout_char_seq(new CharSeqHolder(d)); }
            case "in_boolean_seq": { boolean[] d = new boolean[size]; return t -> t.in_boolean_seq(d); }
            case "inout_boolean_seq": { boolean[] d = new boolean[size]; return t -> t.inout_boolean_seq(new BooleanSeqHolder(d)); }
            case "in_short_seq": { short[] d = new short[size / 2]; return t -> t.in_short_seq(d); }
            case "inout_short_seq": { short[] d = new short[size / 2]; return t -> t.inout_short_seq(new ShortSeqHolder(d)); }
            case "in_long_seq": { int[] d = new int[size / 4]; return t -> t.in_long_seq(d); }
            case "inout_long_seq": { int[] d = new int[size / 4]; return t -> t.inout_long_seq(new LongSeqHolder(d)); }
            case "in_float_seq": { float[] d = new float[size / 4]; return t -> t.in_float_seq(d); }
            case "inout_float_seq": { float[] d = new float[size / 4]; return t -> t.inout_float_seq(new FloatSeqHolder(d)); }
            case "in_double_seq": { double[] d = new double[size / 8]; return t -> t.in_double_seq(d); }
            case "inout_double_seq": { double[] d = new double[size / 8]; return t -> t.inout_double_seq(new DoubleSeqHolder(d)); }
            case "in_string": { String d = new String(chars(size)); return t -> t.in_string(d); }
            case "inout_string": { String d = new String(chars(size)); return t -> t.inout_string(new org.omg.CORBA.StringHolder(d)); }
            case "in_basic_seq": { BasicTypes[] d = basics(size / 24); return t -> t.in_basic_seq(d); }
            case "inout_basic_seq": { BasicTypes[] d = basics(size / 24); return t -> t.inout_basic_seq(new BasicTypesSeqHolder(d)); }
            case "in_any": { org.omg.CORBA.Any a = any(orb, size); return t -> t.in_any(a); }
            case "inout_any": { org.omg.CORBA.Any a = any(orb, size); return t -> t.inout_any(new org.omg.CORBA.AnyHolder(a)); }
            case "in_octet_array": { byte[] d = new byte[24]; return t -> t.in_octet_array(d); }
            case "inout_octet_array": { byte[] d = new byte[24]; return t -> t.inout_octet_array(new OctetArrayHolder(d)); }
            case "in_char_array": { char[] d = chars(24); return t -> t.in_char_array(d); }
            case "inout_char_array": { char[] d = chars(24); return t -> t.inout_char_array(new CharArrayHolder(d)); }
            case "in_boolean_array": { boolean[] d = new boolean[24]; return t -> t.in_boolean_array(d); }
            case "inout_boolean_array": { boolean[] d = new boolean[24]; return t -> t.inout_boolean_array(new BooleanArrayHolder(d)); }
            case "in_short_array": { short[] d = new short[12]; return t -> t.in_short_array(d); }
            case "inout_short_array": { short[] d = new short[12]; return t -> t.inout_short_array(new ShortArrayHolder(d)); }
            case "in_long_array": { int[] d = new int[6]; return t -> t.in_long_array(d); }
            case "inout_long_array": { int[] d = new int[6]; return t -> t.inout_long_array(new LongArrayHolder(d)); }
            case "in_float_array": { float[] d = new float[6]; return t -> t.in_float_array(d); }
            case "inout_float_array": { float[] d = new float[6]; return t -> t.inout_float_array(new FloatArrayHolder(d)); }
            case "in_double_array": { double[] d = new double[3]; return t -> t.in_double_array(d); }
            case "inout_double_array": { double[] d = new double[3]; return t -> t.inout_double_array(new DoubleArrayHolder(d)); }
            case "in_basic": { BasicTypes d = basics(1)[0]; return t -> t.in_basic(d); }
            case "inout_basic": { BasicTypes d = basics(1)[0]; return t -> t.inout_basic(new BasicTypesHolder(d)); }
            default: throw new IllegalArgumentException("unknown operation '" + op + "' of orbscope::workload::Target");
        }
    }

    private static char[] chars(int n) {
        char[] c = new char[n];
        Arrays.fill(c, 'x');
        return c;
    }

    private static BasicTypes[] basics(int n) {
        BasicTypes[] b = new BasicTypes[Math.max(n, 0)];
        for (int i = 0; i < b.length; i++) {
            b[i] = new BasicTypes(1.5, 2.5f, 3, (short) 4, true, 'c', (byte) 1, (byte) 2, (byte) 3, (byte) 4);
        }
        return b;
    }

    /** An any carrying a BasicTypes sequence of the payload size (or one struct when the size is below 24). */
    private static org.omg.CORBA.Any any(ORB orb, int size) {
        org.omg.CORBA.Any a = orb.create_any();
        if (size < 24) {
            BasicTypesHelper.insert(a, basics(1)[0]);
        } else {
            org.orbscope.workload.BasicTypesSeqHelper.insert(a, basics(size / 24));
        }
        return a;
    }
}
