package org.orbscope.agent;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import org.orbscope.agent.boot.Dispatch;
import org.orbscope.agent.boot.Sink;

/**
 * Method events: the methods that include globs ({@code events=methods}) and profile entries select, each with the
 * advice its kind needs ({@link MethodSelection.Kind}): wall times only, CPU times or a fragment mark, or a
 * correlation key. Methods that also name their request are {@link RequestNameUnit}'s.
 */
final class MethodUnit implements InstrumentationUnit {
    private final MethodSelection selection;
    private final Advice wall;
    private final Advice cpu;
    private final Advice keyed;
    private final Advice identities;

    MethodUnit(MethodSelection selection, AdviceBindings bindings) {
        this.selection = selection;
        this.wall = bindings.to(Wall.class);
        this.cpu = bindings.to(Cpu.class);
        this.keyed = bindings.to(Keyed.class, Cpu.class);
        this.identities = bindings.to(Identities.class, Wall.class);
    }

    @Override
    public boolean mayMatch(String className) {
        return selection.typeSelected(className);
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        return selection::methodsSelected;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        DynamicType.Builder<?> b = builder.visit(wall.on(m -> selection.kind(type, m) == MethodSelection.Kind.WALL))
                .visit(cpu.on(m -> selection.kind(type, m) == MethodSelection.Kind.CPU))
                .visit(keyed.on(m -> selection.kind(type, m) == MethodSelection.Kind.KEYED));
        // Only a broad trace asks for identities: every other recording matches its methods once less.
        return selection.identities()
                ? b.visit(identities.on(m -> selection.kind(type, m) == MethodSelection.Kind.IDENTITIES)) : b;
    }

    // The enter advice's return value (the thread's recorder, or null) reaches the exit advice as a local.

    static final class Wall {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@MethodId int id) {
            return Dispatch.enter(id);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.Thrown Throwable thrown) {
            if (token != null) {
                Dispatch.exit(token, thrown != null);
            }
        }
    }

    // Methods with CPU times at either end or a fragment mark: the flags are a constant per method (Sink.CPU_ENTER
    // and kin), so the JIT folds the exit's test away. The keyed and named methods' exit too.

    static final class Cpu {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@MethodId int id, @CpuFlag int flags) {
            return Dispatch.enterCpu(id, flags);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.Thrown Throwable thrown, @CpuFlag int flags) {
            if (token == null) {
                return;
            }
            if ((flags & Sink.CPU_EXIT) != 0) {
                Dispatch.exitCpu(token, thrown != null);
            } else {
                Dispatch.exit(token, thrown != null);
            }
        }
    }

    /**
     * {@code include}d methods that record what they hold ({@code identities=true}); their exit is {@link Wall}'s.
     * The arguments' array is made at every enter: a broad trace's cost, never a profile's.
     */
    static final class Identities {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@MethodId int id, @Advice.This(optional = true) Object self,
                @Advice.AllArguments Object[] args) {
            return Dispatch.enterNamed(id, null, 0, Sink.HOLDS, self, args, 0);
        }
    }

    /** Methods that record a correlation key; their exit is {@link Cpu}'s. */
    static final class Keyed {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@MethodId int id, @CorrelationKey Object key, @KeyPathId int path, @CpuFlag int flags) {
            return Dispatch.enterKeyed(id, key, path, flags);
        }
    }
}
