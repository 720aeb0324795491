package org.orbscope.trace.tools.jvm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.Event;
import org.orbscope.trace.EventType;

/**
 * Per class: the objects the agent saw constructed and their bytes (ALLOCATION events: the classes the agent was
 * told to count, each object as its own class, sized once per class by the agent).
 */
public final class AllocationSummary {
    /** @param bytes the sum of the sizes the agent recorded */
    public record Allocation(String className, long count, long bytes) {
    }

    private static final class Figures {
        long count;
        long bytes;
    }

    private final ById<Figures> classes = new ById<>(Figures::new);
    private List<Allocation> rows = List.of();

    AllocationSummary() {
    }

    void accept(Event e) {
        if (e.type() == EventType.ALLOCATION) {
            Figures f = classes.get(e.classId());
            f.count++;
            f.bytes += e.bytes();
        }
    }

    void finish(Dictionary d) {
        List<Allocation> out = new ArrayList<>();
        classes.forEach((f, id) -> out.add(new Allocation(d.className(id), f.count, f.bytes)));
        out.sort(Comparator.comparingLong(Allocation::bytes).reversed()
                .thenComparing(Comparator.comparingLong(Allocation::count).reversed())
                .thenComparing(Allocation::className));
        rows = List.copyOf(out);
    }

    /** Every class, most bytes first. */
    public List<Allocation> classes() {
        return rows;
    }
}
