package org.orbscope.trace.tools.jvm;

import java.util.HashMap;
import java.util.Map;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;

/**
 * Aggregates by a trace id. The writer hands out method, monitor, class and thread ids counting up from 1, so an
 * array indexed by id costs one load per event where a map would box the id; an id beyond {@link #DENSE} (only a
 * damaged or hand-made trace has one) goes to a map instead of growing the array.
 */
final class ById<T> {
    private static final int DENSE = 1 << 20;
    private final Supplier<T> make;
    private Object[] items = new Object[64];
    private Map<Long, T> sparse;

    ById(Supplier<T> make) {
        this.make = make;
    }

    /** The aggregate of {@code id}, made on first use. */
    @SuppressWarnings("unchecked")
    T get(long id) {
        if (id < 0 || id >= DENSE) {
            if (sparse == null) {
                sparse = new HashMap<>();
            }
            return sparse.computeIfAbsent(id, k -> make.get());
        }
        int i = (int) id;
        if (i >= items.length) {
            items = java.util.Arrays.copyOf(items, Math.max(i + 1, items.length * 2));
        }
        Object o = items[i];
        if (o == null) {
            o = make.get();
            items[i] = o;
        }
        return (T) o;
    }

    /** The aggregate of {@code id}, or null when nothing was recorded for it. */
    @SuppressWarnings("unchecked")
    T peek(long id) {
        if (id < 0 || id >= DENSE) {
            return sparse == null ? null : sparse.get(id);
        }
        return id < items.length ? (T) items[(int) id] : null;
    }

    /** A figure of {@code id}'s aggregate, or 0 when nothing was recorded for it. */
    long valueOf(long id, java.util.function.ToLongFunction<T> figure) {
        T t = peek(id);
        return t == null ? 0 : figure.applyAsLong(t);
    }

    /** Sets in {@code into} the ids whose aggregate passes {@code test} (ids a BitSet can hold). */
    void idsWhere(java.util.function.Predicate<T> test, java.util.BitSet into) {
        forEach((t, id) -> {
            if (id >= 0 && id <= Integer.MAX_VALUE && test.test(t)) {
                into.set((int) id);
            }
        });
    }

    /** Every aggregate with its id, dense ids in order first. */
    @SuppressWarnings("unchecked")
    void forEach(ObjLongConsumer<T> action) {
        for (int i = 0; i < items.length; i++) {
            if (items[i] != null) {
                action.accept((T) items[i], i);
            }
        }
        if (sparse != null) {
            sparse.forEach((id, v) -> action.accept(v, id));
        }
    }
}
