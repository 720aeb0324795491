package org.orbscope.agent;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.matcher.ElementMatchers;
import org.orbscope.agent.boot.Dispatch;

/** Allocation events ({@code events=alloc}): the constructors of the classes {@code alloc.include} selects. */
final class AllocationUnit implements InstrumentationUnit {
    private final MethodSelection selection;
    private final Advice constructed;

    AllocationUnit(MethodSelection selection, AdviceBindings bindings) {
        this.selection = selection;
        this.constructed = bindings.to(Constructed.class);
    }

    @Override
    public boolean mayMatch(String className) {
        return selection.allocSelected(className);
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        return type -> selection.allocSelected(type.getName());
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        return builder.visit(constructed.on(ElementMatchers.isConstructor()));
    }

    /** A constructor's exit; a subclass's call to super() is not counted (the instance is not of this class). */
    static final class Constructed {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object self, @Advice.Origin Class<?> type, @ClassId int classId) {
            if (self.getClass() == type) {
                Dispatch.allocated(self, classId);
            }
        }
    }
}
