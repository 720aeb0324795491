package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Locale;

/**
 * Request payload: element type, sequence (size set at run time) or fixed 24-byte array, size in octets
 * (rounded to whole elements), passed in or inout. The operation it maps to is {@link #operation()}.
 */
public record PayloadSpec(Type type, Shape shape, Integer size, Direction direction) {

    public static final PayloadSpec NONE = new PayloadSpec(Type.OCTET, Shape.SEQUENCE, 0, Direction.IN);

    public enum Type { OCTET, CHAR, BOOLEAN, SHORT, LONG, FLOAT, DOUBLE, STRING, BASIC, ANY;
        @JsonCreator public static Type parse(String s) { return Names.enumValue(Type.class, s); } }

    public enum Shape { SEQUENCE, ARRAY;
        @JsonCreator public static Shape parse(String s) { return Names.enumValue(Shape.class, s); } }

    public enum Direction { IN, INOUT;
        @JsonCreator public static Direction parse(String s) { return Names.enumValue(Direction.class, s); } }

    public PayloadSpec {
        type = type == null ? Type.OCTET : type;
        shape = shape == null ? Shape.SEQUENCE : shape;
        size = size == null ? 0 : size;
        direction = direction == null ? Direction.IN : direction;
    }

    /** The IDL operation of {@code Target} that carries this payload, e.g. {@code inout_double_seq}. */
    public String operation() {
        String t = type.name().toLowerCase(Locale.ROOT);
        String d = direction.name().toLowerCase(Locale.ROOT);
        if (type == Type.STRING || type == Type.ANY) {
            return d + "_" + t;
        }
        if (type == Type.BASIC) {
            return shape == Shape.ARRAY ? d + "_basic" : d + "_basic_seq";
        }
        return d + "_" + t + (shape == Shape.ARRAY ? "_array" : "_seq");
    }
}
