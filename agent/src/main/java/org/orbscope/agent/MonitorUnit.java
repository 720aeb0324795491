package org.orbscope.agent;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.method.MethodDescription;
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
    private final AsmVisitorWrapper waits;
    private final AsmVisitorWrapper blocks;
    private final Advice synchronizedMethod;

    MonitorUnit(MethodSelection selection, AdviceBindings bindings, MonitorTable table) {
        this.selection = selection;
        this.table = table;
        this.waits = MonitorInstrumentation.waitsAndNotifies();
        this.blocks = MonitorInstrumentation.blocks(new MonitorInstrumentation.SyncTargets() {
            @Override
            public boolean selected(String className) {
                return selection.monitorsSelected(className);
            }

            @Override
            public int idOf(TypeDescription declaringType, MethodDescription method) {
                return selection.syncMethod(declaringType, method) ? bindings.methodId(declaringType, method) : 0;
            }
        });
        this.synchronizedMethod = bindings.to(SynchronizedMethod.class);
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        return type -> selection.monitorsSelected(type.getName());
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type) {
        if (!type.getDeclaredMethods().filter(m -> selection.syncMethod(type, m)).isEmpty()) {
            table.synchronizedMethodsIn(type.getName());
        }
        // Call sites and monitor bytecodes first, so advice added after them (here and by later units) is not rewritten.
        return builder.visit(waits).visit(blocks).visit(synchronizedMethod.on(m -> selection.syncMethod(type, m)));
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
