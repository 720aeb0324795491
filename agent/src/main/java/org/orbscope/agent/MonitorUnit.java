package org.orbscope.agent;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import org.orbscope.agent.boot.Dispatch;

/**
 * Monitor events ({@code events=monitors}) of the selected classes: their {@code synchronized} blocks and the
 * call sites of {@code synchronized} methods and of {@code wait}/{@code notify} ({@link MonitorInstrumentation}
 * rewrites those), and advice in their own {@code synchronized} methods.
 */
final class MonitorUnit implements InstrumentationUnit {
    private final MethodSelection selection;
    private final MonitorTable table;
    private final SynchronizedCallees callees;
    private final Advice synchronizedMethod;

    MonitorUnit(MethodSelection selection, AdviceBindings bindings, MonitorTable table) {
        this.selection = selection;
        this.table = table;
        this.callees = new SynchronizedCallees(new SynchronizedCallees.Selection() {
            @Override
            public boolean candidate(String className) {
                return selection.monitorsCandidate(className);
            }

            @Override
            public boolean selected(TypeDescription type) {
                return selection.monitorsSelected(type);
            }

            @Override
            public int idOf(String className, String methodName, String descriptor) {
                return bindings.methodId(className, methodName, descriptor);
            }
        });
        this.synchronizedMethod = bindings.to(SynchronizedMethod.class);
    }

    /** The classes whose monitors are recorded; tested by name first, so no other class is looked into. */
    @Override
    public boolean mayMatch(String className) {
        return selection.monitorsCandidate(className);
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        return type -> selection.monitorsCandidate(type.getName()) && selection.monitorsSelected(type);
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        if (!type.getDeclaredMethods().filter(MethodSelection::synchronizedCode).isEmpty()) {
            table.synchronizedMethodsIn(type.getName());
        }
        // Call sites and monitor bytecodes first, so advice added after them (here and by later units) is not rewritten.
        return builder.visit(MonitorInstrumentation.rewriting(callees, loader))
                .visit(synchronizedMethod.on(MethodSelection::synchronizedCode));
    }

    /** ACC_SYNCHRONIZED methods: the JVM holds the monitor from before the first bytecode to after the last. */
    static final class SynchronizedMethod {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@MonitorObject Object monitor, @MethodId int id) {
            Dispatch.syncMethodEntered(monitor, id);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@MonitorObject Object monitor) {
            Dispatch.monitorExitBefore(monitor);
        }
    }
}
