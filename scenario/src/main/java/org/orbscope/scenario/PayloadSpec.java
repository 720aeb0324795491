package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.List;
import java.util.Locale;

/**
 * Request payload: element type, sequence (length set at run time) or fixed array (one of the IDL's
 * {@link #ARRAY_SIZES}), size in octets (rounded down to whole elements), passed in or inout. A string is one
 * value: shape sequence is the unbound {@code string}, shape array a bound {@code string<N>}, N one of the
 * {@link #ARRAY_SIZES} (the string whose size the IDL fixes, as it fixes an array's); its size is the characters
 * sent, and its operation the one of the smallest bound that holds them ({@link #stringBound()}). The IDL operation
 * that carries it is {@link #operation()}; {@link #carriedBy(String)} reads an operation's name back into the
 * payload it carries. Both spell the one naming rule of {@code idl/src/main/idl/workload.idl}. The fields hold
 * what the file says (null where absent); the accessors answer with the defaults (octet, sequence, 0, in).
 */
public record PayloadSpec(Type type, Shape shape, Integer size, Direction direction) {

    private static final Type NONE_TYPE = Type.OCTET;
    /** What a target without a payload sends: an empty octet sequence, passed in. */
    public static final PayloadSpec NONE = new PayloadSpec(NONE_TYPE, Shape.SEQUENCE, 0, Direction.IN);

    /** The sizes, in octets, of the IDL's arrays: Beekhuis's 24 B, 240 B, 2.4 KB, 24 KB and 240 KB. */
    public static final List<Integer> ARRAY_SIZES = List.of(24, 240, 2400, 24000, 240000);

    /** Element types with their octets on the wire (a string's characters and an any's structs count). */
    public enum Type {
        OCTET(1), CHAR(1), BOOLEAN(1), SHORT(2), LONG(4), FLOAT(4), DOUBLE(8), STRING(1), BASIC(24), ANY(24);

        private final int octets;

        Type(int octets) {
            this.octets = octets;
        }

        /** Octets of one element: a string counts its characters, an any the 24-byte structs it holds. */
        public int octets() {
            return octets;
        }

        /**
         * Whether the IDL has this type in the array shape: fixed arrays of each basic type and the struct, bound
         * strings; an any comes as one value of any length only.
         */
        public boolean hasArrays() {
            return this != ANY;
        }

        @JsonCreator public static Type parse(String s) { return Names.enumValue(Type.class, s); }
    }

    public enum Shape { SEQUENCE, ARRAY;
        @JsonCreator public static Shape parse(String s) { return Names.enumValue(Shape.class, s); } }

    public enum Direction { IN, INOUT;
        @JsonCreator public static Direction parse(String s) { return Names.enumValue(Direction.class, s); } }

    /** The element type; octet when not given. */
    @Override
    public Type type() {
        return type != null ? type : NONE_TYPE;
    }

    /** Sequence when not given. */
    @Override
    public Shape shape() {
        return shape != null ? shape : Shape.SEQUENCE;
    }

    /** Octets; 0 when not given. */
    @Override
    public Integer size() {
        return size != null ? size : 0;
    }

    /** In when not given. */
    @Override
    public Direction direction() {
        return direction != null ? direction : Direction.IN;
    }

    /**
     * This payload with what the file leaves out taken from {@code carried} (what a named operation carries), so
     * that {@code operation: in_any, payload: {size: 48}} sends an any of 48 octets.
     */
    public PayloadSpec orElse(PayloadSpec carried) {
        return new PayloadSpec(type != null ? type : carried.type(), shape != null ? shape : carried.shape(),
                size != null ? size : carried.size(), direction != null ? direction : carried.direction());
    }

    /**
     * The IDL operation of {@code Target} that carries this payload: {@code in_double_seq},
     * {@code inout_double_array_240}, {@code in_string}, {@code in_string_240} (the bound string),
     * {@code inout_any}.
     */
    public String operation() {
        String d = direction().name().toLowerCase(Locale.ROOT);
        String t = type().name().toLowerCase(Locale.ROOT);
        if (type() == Type.STRING) {
            return d + "_" + t + (shape() == Shape.ARRAY ? "_" + stringBound() : "");
        }
        if (!type().hasArrays()) {
            return d + "_" + t;
        }
        return d + "_" + t + (shape() == Shape.ARRAY ? "_array_" + size() : "_seq");
    }

    /**
     * The payload an operation carries, read from its name: type, shape and direction, and for an array its
     * size; a sequence's size is 0 (the target chooses it). {@code call} and {@code post} carry an octet
     * sequence in; null for {@code ping}, which carries nothing, and for names that are no payload operation.
     */
    public static PayloadSpec carriedBy(String operation) {
        if (operation.equals("call") || operation.equals("post")) {
            return NONE;
        }
        String[] words = operation.split("_");
        if (words.length < 2 || !words[0].equals("in") && !words[0].equals("inout")) {
            return null;
        }
        Direction direction = words[0].equals("in") ? Direction.IN : Direction.INOUT;
        Type type = typeNamed(words[1]);
        if (type == null) {
            return null;
        }
        boolean oneValue = type == Type.STRING || type == Type.ANY;
        if (words.length == 2 && oneValue) {
            return new PayloadSpec(type, Shape.SEQUENCE, 0, direction);
        }
        if (words.length == 3 && type == Type.STRING && isArraySize(words[2])) {
            return new PayloadSpec(type, Shape.ARRAY, Integer.parseInt(words[2]), direction);
        }
        if (words.length == 3 && words[2].equals("seq") && !oneValue) {
            return new PayloadSpec(type, Shape.SEQUENCE, 0, direction);
        }
        if (words.length == 4 && words[2].equals("array") && !oneValue && isArraySize(words[3])) {
            return new PayloadSpec(type, Shape.ARRAY, Integer.parseInt(words[3]), direction);
        }
        return null;
    }

    private static boolean isArraySize(String word) {
        return ARRAY_SIZES.stream().anyMatch(s -> String.valueOf(s).equals(word));
    }

    private static Type typeNamed(String word) {
        for (Type t : Type.values()) {
            if (t.name().toLowerCase(Locale.ROOT).equals(word)) {
                return t;
            }
        }
        return null;
    }

    /**
     * The bound of a bound string of {@link #size()} characters: the smallest of the {@link #ARRAY_SIZES} that
     * holds them, or the size itself when none does (a payload the scenario refuses).
     */
    public int stringBound() {
        return ARRAY_SIZES.stream().filter(b -> b >= size()).findFirst().orElse(size());
    }

    /** Whole elements in {@link #size()} octets: the sequence's length, the array's, or a string's characters. */
    public int elements() {
        return size() / type().octets();
    }

    /** The octets the elements occupy on the wire ({@link #size()} rounded down to whole elements). */
    public long octets() {
        return (long) elements() * type().octets();
    }

    /**
     * The IDL type of the value passed, as the IDL names it: {@code DoubleSeq}, {@code DoubleArray240},
     * {@code BasicTypesSeq}, {@code string}, {@code String240} (the bound string), {@code any}.
     */
    public String idlType() {
        if (type() == Type.STRING && shape() == Shape.ARRAY) {
            return "String" + stringBound();
        }
        if (type() == Type.STRING || type() == Type.ANY) {
            return type().name().toLowerCase(Locale.ROOT);
        }
        String t = type() == Type.BASIC ? "BasicTypes"
                : type().name().charAt(0) + type().name().substring(1).toLowerCase(Locale.ROOT);
        return t + (shape() == Shape.ARRAY ? "Array" + size() : "Seq");
    }
}
