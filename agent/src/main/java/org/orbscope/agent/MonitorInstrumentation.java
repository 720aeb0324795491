package org.orbscope.agent;

import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.asm.MemberSubstitution;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.matcher.ElementMatchers;
import net.bytebuddy.pool.TypePool;

/**
 * Synchronisation events of selected classes. {@code synchronized} blocks: calls around each
 * {@code monitorenter} (time before and after acquiring: contention) and before each {@code monitorexit}
 * (hold time); the extra exit javac puts in exception handlers records the same way. {@code Object.wait},
 * {@code notify} and {@code notifyAll} call sites are redirected through {@link Recorder}. Both keep the
 * class format unchanged, so they work when attaching and are undone by detaching.
 *
 * <p>Not covered: {@code synchronized} methods (the JVM acquires their monitor before the first bytecode,
 * so no bytecode can time it) and waits inside classes that are not selected.
 */
final class MonitorInstrumentation {
    private static final String RECORDER = "org/orbscope/agent/Recorder";

    private MonitorInstrumentation() {
    }

    static AsmVisitorWrapper blocks() {
        return new AsmVisitorWrapper.ForDeclaredMethods()
                .writerFlags(ClassWriter.COMPUTE_MAXS)
                .method(ElementMatchers.any(), MonitorInstrumentation::wrap);
    }

    private static MethodVisitor wrap(TypeDescription type, MethodDescription method, MethodVisitor mv,
                                      Implementation.Context context, TypePool pool, int writerFlags, int readerFlags) {
        return new MethodVisitor(Opcodes.ASM9, mv) {
            @Override
            public void visitInsn(int opcode) {
                if (opcode == Opcodes.MONITORENTER) {
                    super.visitInsn(Opcodes.DUP);
                    super.visitInsn(Opcodes.DUP);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, RECORDER, "monitorEnterBefore", "(Ljava/lang/Object;)V", false);
                    super.visitInsn(Opcodes.MONITORENTER);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, RECORDER, "monitorEnterAfter", "(Ljava/lang/Object;)V", false);
                } else if (opcode == Opcodes.MONITOREXIT) {
                    super.visitInsn(Opcodes.DUP);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, RECORDER, "monitorExitBefore", "(Ljava/lang/Object;)V", false);
                    super.visitInsn(Opcodes.MONITOREXIT);
                } else {
                    super.visitInsn(opcode);
                }
            }
        };
    }

    static AsmVisitorWrapper waitsAndNotifies() throws NoSuchMethodException {
        return MemberSubstitution.relaxed()
                .method(objectMethod("wait", 0)).replaceWith(Recorder.class.getMethod("waitOn", Object.class))
                .method(objectMethod("wait", 1)).replaceWith(Recorder.class.getMethod("waitOn", Object.class, long.class))
                .method(objectMethod("wait", 2)).replaceWith(Recorder.class.getMethod("waitOn", Object.class, long.class, int.class))
                .method(objectMethod("notify", 0)).replaceWith(Recorder.class.getMethod("notifyOn", Object.class))
                .method(objectMethod("notifyAll", 0)).replaceWith(Recorder.class.getMethod("notifyAllOn", Object.class))
                .on(ElementMatchers.any());
    }

    private static net.bytebuddy.matcher.ElementMatcher.Junction<MethodDescription> objectMethod(String name, int args) {
        return ElementMatchers.<MethodDescription>named(name).and(ElementMatchers.takesArguments(args))
                .and(ElementMatchers.isDeclaredBy(Object.class));
    }
}
