package org.orbscope.agent;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.matcher.ElementMatchers;
import org.orbscope.agent.boot.Dispatch;

/** Thread events ({@code events=threads}): who starts a thread, and when it ends, from {@code java.lang.Thread}. */
final class ThreadUnit implements InstrumentationUnit {
    private static final String CLASS = "java.lang.Thread";
    private final Advice start;
    private final Advice exit;

    ThreadUnit(AdviceBindings bindings) {
        start = bindings.plain(Start.class);
        exit = bindings.plain(Exit.class);
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
        return builder.visit(start.on(ElementMatchers.named("start").and(ElementMatchers.takesArguments(0))))
                .visit(exit.on(ElementMatchers.named("exit").and(ElementMatchers.takesArguments(0)).and(ElementMatchers.isPrivate())));
    }

    /** {@code Thread.start}, on the starting thread: the child's parent and start time. */
    static final class Start {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Thread child) {
            Dispatch.threadStarting(child);
        }
    }

    /** {@code Thread.exit}, which the JVM calls on the dying thread: its end, and its last buffer. */
    static final class Exit {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            Dispatch.threadExiting();
        }
    }
}
