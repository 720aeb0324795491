package org.orbscope.agent;

import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.asm.MemberSubstitution;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.MethodList;
import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.matcher.ElementMatchers;
import net.bytebuddy.pool.TypePool;
import org.orbscope.agent.boot.Dispatch;

/**
 * Synchronisation events of selected classes. {@code synchronized} blocks: calls around each
 * {@code monitorenter} (time before and after acquiring: contention) and before each {@code monitorexit}
 * (hold time); the extra exit javac puts in exception handlers records the same way. {@code synchronized}
 * methods have no such bytecode (the JVM takes the monitor before their first instruction): advice in the
 * method records entered/exit ({@link Advices.SyncMethod}), and call sites in selected classes that name a
 * synchronized method of a selected class note the time first, so the callee can tell how long acquiring took.
 * {@code Object.wait}, {@code notify} and {@code notifyAll} call sites are redirected through
 * {@link Dispatch}. All of this keeps the class format unchanged, so it works when attaching and is undone
 * by detaching.
 *
 * <p>Not covered: waits in classes that are not selected; contention for a synchronized method called from a
 * class that is not selected, through an interface, or through a subclass that is not selected (its entered
 * and exit events are still recorded).
 */
final class MonitorInstrumentation {
    private static final String DISPATCH = "org/orbscope/agent/boot/Dispatch";

    private MonitorInstrumentation() {
    }

    /** Trace method ids of synchronized methods whose monitor events are recorded; 0 for any other method. */
    interface SyncTargets {
        /** Cheap pre-check on the call's owner class, so only calls into selected classes are resolved. */
        boolean selected(String className);

        int idOf(TypeDescription declaringType, MethodDescription method);
    }

    static AsmVisitorWrapper blocks(SyncTargets targets) {
        return new AsmVisitorWrapper.ForDeclaredMethods()
                .writerFlags(ClassWriter.COMPUTE_MAXS)
                .method(ElementMatchers.any(), (type, method, mv, context, pool, writerFlags, readerFlags) ->
                        wrap(mv, pool, targets));
    }

    private static MethodVisitor wrap(MethodVisitor mv, TypePool pool, SyncTargets targets) {
        return new MethodVisitor(Opcodes.ASM9, mv) {
            @Override
            public void visitInsn(int opcode) {
                if (opcode == Opcodes.MONITORENTER) {
                    super.visitInsn(Opcodes.DUP);
                    super.visitInsn(Opcodes.DUP);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, DISPATCH, "monitorEnterBefore", "(Ljava/lang/Object;)V", false);
                    super.visitInsn(Opcodes.MONITORENTER);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, DISPATCH, "monitorEnterAfter", "(Ljava/lang/Object;)V", false);
                } else if (opcode == Opcodes.MONITOREXIT) {
                    super.visitInsn(Opcodes.DUP);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, DISPATCH, "monitorExitBefore", "(Ljava/lang/Object;)V", false);
                    super.visitInsn(Opcodes.MONITOREXIT);
                } else {
                    super.visitInsn(opcode);
                }
            }

            @Override
            public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
                if (opcode != Opcodes.INVOKEINTERFACE && !isInterface && !name.startsWith("<") && !owner.startsWith("[")) {
                    int id = syncTarget(pool, targets, owner, name, descriptor);
                    if (id != 0) {
                        super.visitLdcInsn(id);
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, DISPATCH, "syncCallBefore", "(I)V", false);
                    }
                }
                super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            }
        };
    }

    /** The method a call instruction resolves to (the JVM's lookup: the owner, then its superclasses). */
    private static int syncTarget(TypePool pool, SyncTargets targets, String owner, String name, String descriptor) {
        String ownerName = owner.replace('/', '.');
        if (!targets.selected(ownerName)) {
            return 0;
        }
        TypePool.Resolution resolution = pool.describe(ownerName);
        if (!resolution.isResolved()) {
            return 0;
        }
        for (TypeDefinition t = resolution.resolve(); t != null; t = t.getSuperClass()) {
            MethodList<?> found = t.getDeclaredMethods().filter(ElementMatchers.named(name).and(ElementMatchers.hasDescriptor(descriptor)));
            if (!found.isEmpty()) {
                MethodDescription m = found.getOnly();
                return m.isSynchronized() ? targets.idOf(t.asErasure(), m) : 0;
            }
        }
        return 0;
    }

    static AsmVisitorWrapper waitsAndNotifies() throws NoSuchMethodException {
        return MemberSubstitution.relaxed()
                .method(objectMethod("wait", 0)).replaceWith(Dispatch.class.getMethod("waitOn", Object.class))
                .method(objectMethod("wait", 1)).replaceWith(Dispatch.class.getMethod("waitOn", Object.class, long.class))
                .method(objectMethod("wait", 2)).replaceWith(Dispatch.class.getMethod("waitOn", Object.class, long.class, int.class))
                .method(objectMethod("notify", 0)).replaceWith(Dispatch.class.getMethod("notifyOn", Object.class))
                .method(objectMethod("notifyAll", 0)).replaceWith(Dispatch.class.getMethod("notifyAllOn", Object.class))
                .on(ElementMatchers.any());
    }

    private static net.bytebuddy.matcher.ElementMatcher.Junction<MethodDescription> objectMethod(String name, int args) {
        return ElementMatchers.<MethodDescription>named(name).and(ElementMatchers.takesArguments(args))
                .and(ElementMatchers.isDeclaredBy(Object.class));
    }
}
