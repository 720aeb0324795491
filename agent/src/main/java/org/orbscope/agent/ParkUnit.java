package org.orbscope.agent;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.matcher.ElementMatchers;
import org.orbscope.agent.boot.Dispatch;

/**
 * Park events ({@code events=park}): {@code LockSupport.park*}, where {@code java.util.concurrent} locks,
 * conditions and queues block, each with its blocker and timeout. Every form's exit is the park's end.
 */
final class ParkUnit implements InstrumentationUnit {
    private static final String CLASS = "java.util.concurrent.locks.LockSupport";
    private final AdviceBindings bindings;

    ParkUnit(AdviceBindings bindings) {
        this.bindings = bindings;
    }

    @Override
    public boolean mayMatch(String className) {
        return className.equals(CLASS);
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        return ElementMatchers.named(CLASS);
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        return builder.visit(form(Park.class, "park"))
                .visit(form(ParkBlocker.class, "park", Object.class))
                .visit(form(ParkNanos.class, "parkNanos", long.class))
                .visit(form(ParkBlockerNanos.class, "parkNanos", Object.class, long.class))
                .visit(form(ParkUntil.class, "parkUntil", long.class))
                .visit(form(ParkBlockerUntil.class, "parkUntil", Object.class, long.class));
    }

    /** One form of park: its own enter, the common {@link End}. */
    private AsmVisitorWrapper form(Class<?> enter, String name, Class<?>... arguments) {
        return bindings.plain(enter, End.class).on(ElementMatchers.named(name).and(ElementMatchers.takesArguments(arguments)));
    }

    static final class End {
        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit() {
            Dispatch.parkEnd();
        }
    }

    static final class Park {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            Dispatch.parkBegin(null, 0L);
        }
    }

    static final class ParkBlocker {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) Object blocker) {
            Dispatch.parkBegin(blocker, 0L);
        }
    }

    static final class ParkNanos {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) long nanos) {
            Dispatch.parkBegin(null, nanos);
        }
    }

    static final class ParkBlockerNanos {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) Object blocker, @Advice.Argument(1) long nanos) {
            Dispatch.parkBegin(blocker, nanos);
        }
    }

    /** parkUntil takes an epoch-millisecond deadline; the trace wants the timeout it amounts to. */
    static final class ParkUntil {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) long deadlineMillis) {
            Dispatch.parkBegin(null, Math.max(1L, (deadlineMillis - System.currentTimeMillis()) * 1_000_000L));
        }
    }

    static final class ParkBlockerUntil {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) Object blocker, @Advice.Argument(1) long deadlineMillis) {
            Dispatch.parkBegin(blocker, Math.max(1L, (deadlineMillis - System.currentTimeMillis()) * 1_000_000L));
        }
    }
}
