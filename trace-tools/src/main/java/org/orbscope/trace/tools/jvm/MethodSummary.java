package org.orbscope.trace.tools.jvm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.Event;
import org.orbscope.trace.EventType;

/**
 * Per method: calls, wall and CPU time inclusive and exclusive, and the {@link CallTree} a flame graph draws. Each
 * thread keeps a stack of its open calls, mirroring the reader's (which pairs every exit with its enter), so memory
 * grows with call depth and distinct methods, not with calls. Also per thread: the CPU time of its CPU-annotated
 * calls, for {@link ThreadSummary}.
 */
public final class MethodSummary {
    /**
     * One method's figures (times in nanoseconds). Inclusive time counts a recursive call once: only calls with no
     * call of the same method open below them on the thread add to it. Exclusive time is a call's time minus that
     * of the recorded calls it made directly; a child without CPU times leaves its CPU in the caller's exclusive
     * CPU time.
     *
     * @param calls calls whose enter and exit are both in the trace
     * @param exceptions of those, calls that ended by throwing
     * @param maxWallNanos the longest single call
     * @param cpuCalls calls with a thread CPU time at both ends; the CPU figures are null when there are none
     */
    public record Method(String name, long calls, long exceptions, long wallInclusiveNanos, long wallExclusiveNanos,
                         long maxWallNanos, long cpuCalls, Long cpuInclusiveNanos, Long cpuExclusiveNanos) {
    }

    private static final class Figures {
        long calls;
        long exceptions;
        long inclusive;
        long exclusive;
        long max;
        long cpuCalls;
        long cpuInclusive;
        long cpuExclusive;
    }

    private static final class Frame {
        int method;
        CallTree.Node node;
        boolean outermost;
        boolean cpu;
        long childWall;
        long childCpu;
    }

    private static final class Stack {
        Frame[] frames = new Frame[16];
        int size;
        /** Open calls that carry a CPU time at their enter: the outermost of them adds to the thread's CPU. */
        int openCpu;
        long cpu;
        boolean anyCpu;

        Frame push() {
            if (size == frames.length) {
                frames = java.util.Arrays.copyOf(frames, size * 2);
            }
            Frame f = frames[size];
            if (f == null) {
                f = new Frame();
                frames[size] = f;
            }
            size++;
            return f;
        }

        boolean open(int method) {
            for (int i = 0; i < size; i++) {
                if (frames[i].method == method) {
                    return true;
                }
            }
            return false;
        }
    }

    private final ById<Figures> methods = new ById<>(Figures::new);
    private final ById<Stack> stacks = new ById<>(Stack::new);
    private final CallTree tree = new CallTree();
    private long exitsWithoutEnter;
    private long lostCalls;
    private long openAtEnd;
    private List<Method> rows = List.of();

    MethodSummary() {
    }

    void accept(Event e) {
        switch (e.type()) {
            case EventType.METHOD_ENTER:
                entered(e);
                break;
            case EventType.METHOD_EXIT:
                if (e.depth() < 0) {
                    exitsWithoutEnter++;
                } else {
                    exited(e);
                }
                break;
            case EventType.CHUNK_LOST:
                // The reader forgets every open call here (their exits may be in the hole): so does this.
                stacks.forEach((s, id) -> forget(s));
                break;
            case EventType.DROPPED:
                // The same for one thread whose dropped events may hold exits.
                forget(stacks.get(e.threadId()));
                break;
            default:
                break;
        }
    }

    private void forget(Stack s) {
        lostCalls += s.size;
        s.size = 0;
        s.openCpu = 0;
    }

    private void entered(Event e) {
        Stack s = stacks.get(e.threadId());
        CallTree.Node parent = s.size == 0 ? tree.top() : s.frames[s.size - 1].node;
        boolean outermost = !s.open(e.methodId());
        Frame f = s.push();
        f.method = e.methodId();
        f.node = tree.child(parent, e.methodId());
        f.outermost = outermost;
        f.cpu = e.cpuNanos() >= 0;
        f.childWall = 0;
        f.childCpu = 0;
        if (f.cpu) {
            s.openCpu++;
        }
    }

    private void exited(Event e) {
        Stack s = stacks.get(e.threadId());
        if (s.size == 0) {
            exitsWithoutEnter++;
            return;
        }
        Frame f = s.frames[--s.size];
        long wall = e.nanos() - e.enterNanos();
        boolean cpuKnown = e.cpuNanos() >= 0 && e.enterCpuNanos() >= 0;
        long cpu = cpuKnown ? e.cpuNanos() - e.enterCpuNanos() : 0;
        Figures m = methods.get(f.method);
        m.calls++;
        if (e.isExceptional()) {
            m.exceptions++;
        }
        m.max = Math.max(m.max, wall);
        m.exclusive += wall - f.childWall;
        if (f.outermost) {
            m.inclusive += wall;
        }
        f.node.calls++;
        f.node.wallNanos += wall;
        if (cpuKnown) {
            m.cpuCalls++;
            m.cpuExclusive += cpu - f.childCpu;
            if (f.outermost) {
                m.cpuInclusive += cpu;
            }
            f.node.cpuCalls++;
            f.node.cpuNanos += cpu;
        }
        if (s.size > 0) {
            Frame caller = s.frames[s.size - 1];
            caller.childWall += wall;
            caller.childCpu += cpu;
        }
        if (f.cpu && --s.openCpu == 0 && cpuKnown) {
            s.cpu += cpu;
            s.anyCpu = true;
        }
    }

    void finish(Dictionary d) {
        List<Method> out = new ArrayList<>();
        methods.forEach((m, id) -> out.add(new Method(d.method((int) id), m.calls, m.exceptions, m.inclusive,
                m.exclusive, m.max, m.cpuCalls, m.cpuCalls == 0 ? null : m.cpuInclusive,
                m.cpuCalls == 0 ? null : m.cpuExclusive)));
        out.sort(Comparator.comparingLong(Method::wallExclusiveNanos).reversed().thenComparing(Method::name));
        rows = List.copyOf(out);
        stacks.forEach((s, id) -> openAtEnd += s.size);
        tree.finish(d);
    }

    /** Every method with a call that ended, most exclusive wall time first. */
    public List<Method> methods() {
        return rows;
    }

    public CallTree callTree() {
        return tree;
    }

    /** Exits whose enter is not in the trace (recording started inside the call): in no figure. */
    public long exitsWithoutEnter() {
        return exitsWithoutEnter;
    }

    /** Calls still open when the trace ended: in no figure. */
    public long openAtEnd() {
        return openAtEnd;
    }

    /** Calls open where a damaged stretch of the trace was skipped: in no figure. */
    public long lostCalls() {
        return lostCalls;
    }

    public List<String> notes() {
        List<String> notes = new ArrayList<>();
        if (exitsWithoutEnter > 0) {
            notes.add(exitsWithoutEnter + " method exits had no enter in the trace (recording started inside the "
                    + "call): counted apart, in no method's figures");
        }
        if (openAtEnd > 0) {
            notes.add(openAtEnd + " calls had not ended when the trace ended (not counted)");
        }
        if (lostCalls > 0) {
            notes.add(lostCalls + " calls were open where a damaged stretch was skipped or the agent dropped events (not counted)");
        }
        return notes;
    }

    /** CPU time of the thread's outermost CPU-annotated calls, or null when it has none that ended. */
    Long threadCpuNanos(int thread) {
        Stack s = stacks.peek(thread);
        return s == null || !s.anyCpu ? null : s.cpu;
    }
}
