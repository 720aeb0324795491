package org.orbscope.agent;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToIntFunction;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.ParameterDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import net.bytebuddy.implementation.bytecode.constant.ClassConstant;
import net.bytebuddy.implementation.bytecode.constant.IntegerConstant;
import net.bytebuddy.implementation.bytecode.constant.NullConstant;
import net.bytebuddy.implementation.bytecode.member.MethodVariableAccess;
import org.orbscope.trace.internal.TraceWriter;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileMethod;

/**
 * What the agent's own advice annotations ({@link MethodId}, {@link CpuFlag}, {@link CorrelationKey} and kin) stand
 * for in one recording: trace ids defined as a class is transformed, and the flags and sources its profile entry
 * gives a method. Each becomes a constant or a local load in the inlined code, so advice passes {@code Dispatch}
 * plain values and never reads a table at run time.
 */
final class AdviceBindings {
    private final MethodSelection selection;
    private final TraceWriter writer;
    private final KeyPaths paths;
    private final ClassFileLocator locator = ClassFileLocator.ForClassLoader.ofSystemLoader();
    private final Advice.WithCustomMapping mapping;
    /** The profile methods instrumented so far, as {@code class#name(descriptor)}. */
    private final Set<String> found = ConcurrentHashMap.newKeySet();

    AdviceBindings(MethodSelection selection, TraceWriter writer, KeyPaths paths) {
        this.selection = selection;
        this.writer = writer;
        this.paths = paths;
        this.mapping = Advice.withCustomMapping()
                .bind(MethodId.class, constant((type, method) -> methodId(type, method)))
                .bind(CorrelationKey.class, source(p -> p.keySource()))
                .bind(KeyPathId.class, constant((type, method) -> {
                    ProfileMethod p = selection.profileEntry(type, method);
                    return p == null ? 0 : pathId(p.keyFields());
                }))
                .bind(OperationSource.class, source(p -> p.operation().source()))
                .bind(ObjectSource.class, source(p -> p.object().source()))
                .bind(NamePaths.class, constant((type, method) -> {
                    ProfileMethod p = selection.profileEntry(type, method);
                    return p == null ? 0 : pathId(p.operation().fields()) << 16 | pathId(p.object().fields());
                }))
                .bind(CpuFlag.class, constant(selection::cpuFlags))
                .bind(MonitorObject.class, (Advice.OffsetMapping) (type, method, assigner, args, sort) ->
                        new Advice.OffsetMapping.Target.ForStackManipulation(method.isStatic()
                                ? ClassConstant.of(type) : MethodVariableAccess.loadThis()))
                .bind(ClassId.class, constant((type, method) -> writer.defineClass(type.getName())));
    }

    /** How many of a profile's methods have been instrumented so far (a class of the JVM had them). */
    int found(OrbProfile profile) {
        int n = 0;
        for (ProfileMethod m : profile.methods()) {
            if (found.contains(m.className() + '#' + m.methodName() + m.descriptor())) {
                n++;
            }
        }
        return n;
    }

    /** Advice from the templates in {@code advice}, with these bindings. */
    Advice to(Class<?> advice) {
        return mapping.to(advice, locator);
    }

    /** Advice whose enter is {@code enter}'s and whose exit is {@code exit}'s, with these bindings. */
    Advice to(Class<?> enter, Class<?> exit) {
        return mapping.to(TypeDescription.ForLoadedType.of(enter), TypeDescription.ForLoadedType.of(exit), locator);
    }

    /** Advice that uses no agent binding (only ByteBuddy's own). */
    Advice plain(Class<?> advice) {
        return Advice.to(advice, locator);
    }

    /** Advice with no agent binding whose enter is {@code enter}'s and whose exit is {@code exit}'s. */
    Advice plain(Class<?> enter, Class<?> exit) {
        return Advice.to(TypeDescription.ForLoadedType.of(enter), TypeDescription.ForLoadedType.of(exit), locator);
    }

    /** The trace id of a method, defined with the role its profile entry gives it, so readers find roles in the trace. */
    int methodId(TypeDescription type, MethodDescription method) {
        return methodId(type.getName(), method.getInternalName(), method.getDescriptor());
    }

    int methodId(String className, String methodName, String descriptor) {
        ProfileMethod p = selection.profileEntry(className, methodName, descriptor);
        if (p != null) {
            found.add(className + '#' + methodName + descriptor);
        }
        return writer.defineMethod(className, methodName, descriptor, p == null ? null : p.role());
    }

    private interface IntOf {
        int of(TypeDescription type, MethodDescription method);
    }

    private static Advice.OffsetMapping constant(IntOf value) {
        return (type, method, assigner, args, sort) ->
                new Advice.OffsetMapping.Target.ForStackManipulation(IntegerConstant.forValue(value.of(type, method)));
    }

    /** Binds where a profile path of the method starts: {@code this}, an argument, or null. */
    private Advice.OffsetMapping source(ToIntFunction<ProfileMethod> start) {
        return (type, method, assigner, args, sort) -> {
            ProfileMethod p = selection.profileEntry(type, method);
            return new Advice.OffsetMapping.Target.ForStackManipulation(
                    load(p == null ? ProfileMethod.KEY_NONE : start.applyAsInt(p), method, assigner));
        };
    }

    /** The {@link KeyPaths} id of a path's fields; 0 (the source object itself) for none. */
    private int pathId(String[] fields) {
        return fields.length == 0 ? 0 : paths.register(fields);
    }

    /** Loads where a profile path starts ({@link ProfileMethod#KEY_THIS} or an argument index) as an Object, or null. */
    private static StackManipulation load(int source, MethodDescription method, Assigner assigner) {
        if (source == ProfileMethod.KEY_NONE || (source == ProfileMethod.KEY_THIS && method.isStatic())) {
            return NullConstant.INSTANCE;
        }
        if (source == ProfileMethod.KEY_THIS) {
            return MethodVariableAccess.loadThis();
        }
        if (source >= method.getParameters().size()) {
            return NullConstant.INSTANCE;
        }
        ParameterDescription param = method.getParameters().get(source);
        return new StackManipulation.Compound(MethodVariableAccess.load(param),
                assigner.assign(param.getType(), TypeDescription.Generic.OfNonGenericType.ForLoadedType.of(Object.class), Assigner.Typing.DYNAMIC));
    }
}
