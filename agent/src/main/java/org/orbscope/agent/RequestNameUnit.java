package org.orbscope.agent;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import org.orbscope.agent.boot.Dispatch;

/**
 * Request names: the profile methods that read the request's operation name and object key ({@code operation=},
 * {@code object=}) as they enter. Their exit is that of the methods with CPU times ({@link MethodUnit.Cpu}).
 */
final class RequestNameUnit implements InstrumentationUnit {
    private final MethodSelection selection;
    private final Advice named;

    RequestNameUnit(MethodSelection selection, AdviceBindings bindings) {
        this.selection = selection;
        this.named = bindings.to(Named.class, MethodUnit.Cpu.class);
    }

    @Override
    public boolean mayMatch(String className) {
        return selection.namesRequests(className);
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        return type -> selection.namesRequests(type.getName());
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        return builder.visit(named.on(m -> selection.kind(type, m) == MethodSelection.Kind.NAMED));
    }

    static final class Named {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@MethodId int id, @CorrelationKey Object key, @KeyPathId int path, @CpuFlag int flags,
                @OperationSource Object operation, @ObjectSource Object object, @NamePaths int names) {
            return Dispatch.enterNamed(id, key, path, flags, operation, object, names);
        }
    }
}
