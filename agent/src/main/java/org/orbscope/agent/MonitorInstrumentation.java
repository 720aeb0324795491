package org.orbscope.agent;

import java.util.HashSet;
import java.util.Set;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.matcher.ElementMatchers;
import org.orbscope.agent.boot.Dispatch;

/**
 * Synchronisation events of selected classes. {@code synchronized} blocks: calls around each
 * {@code monitorenter} (time before and after acquiring: contention) and before each {@code monitorexit}
 * (hold time); the extra exit javac puts in exception handlers records the same way. {@code synchronized}
 * methods have no such bytecode (the JVM takes the monitor before their first instruction): advice in the
 * method records entered/exit ({@link MonitorUnit.SynchronizedMethod}), and call sites in selected classes that name a
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

    /**
     * Rewrites the methods of a class {@code loader} defines: its monitor bytecodes, its wait/notify calls, and its
     * calls to synchronized methods whose monitor events are recorded ({@code callees} tells which).
     */
    static AsmVisitorWrapper rewriting(SynchronizedCallees callees, ClassLoader loader) {
        return new AsmVisitorWrapper.ForDeclaredMethods()
                .writerFlags(ClassWriter.COMPUTE_MAXS)
                .method(ElementMatchers.any(), (type, method, mv, context, pool, writerFlags, readerFlags) ->
                        new MonitorVisitor(mv, callees.in(loader, pool)));
    }

    /**
     * Rewrites one method. The call after a {@code monitorenter} goes at the start of the block's protected
     * region, not right behind the {@code monitorenter}: a call there could throw with the monitor held and no
     * handler to release it, and the JIT compilers then refuse the whole method as having unbalanced monitors
     * ("COMPILE SKIPPED: invalid parsing"), leaving it to the interpreter. javac keeps the monitor in a local
     * ({@code dup; astore n; monitorenter}) and opens the protected region right behind it; the call reloads the
     * monitor from that local. A block laid out otherwise gets no call after its enter: its entered event is
     * not recorded, and the recorder ignores the time noted before it.
     *
     * <p>For the same reason the {@code monitorexit} of an exception handler (javac's catch-any that releases the
     * monitor when the block throws) gets no call: a call there could throw into the handler itself, and C1
     * refuses such a method ("exception handler covers itself"). A block left by an exception has no exit event.
     */
    private static final class MonitorVisitor extends MethodVisitor {
        private final SynchronizedCallees.Lookup callees;
        private final Set<Label> tryStarts = new HashSet<>();
        private final Set<Label> handlers = new HashSet<>();
        /** Inside an exception handler's first instructions, up to its throw or the next label. */
        private boolean inHandler;
        /** Whether the last instruction was a DUP, and the local an ASTORE right after a DUP wrote (else -1). */
        private boolean afterDup;
        private int storedCopy = -1;
        /** The local holding the monitor just entered, whose call is due at the protected region's start. */
        private int pendingMonitor = -1;
        private boolean atRegionStart;

        MonitorVisitor(MethodVisitor mv, SynchronizedCallees.Lookup callees) {
            super(Opcodes.ASM9, mv);
            this.callees = callees;
        }

        @Override
        public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
            tryStarts.add(start); // ASM visits try-catch blocks before their labels
            handlers.add(handler);
            super.visitTryCatchBlock(start, end, handler, type);
        }

        @Override
        public void visitLabel(Label label) {
            super.visitLabel(label);
            inHandler = handlers.contains(label);
            if (pendingMonitor >= 0 && tryStarts.contains(label)) {
                atRegionStart = true;
            }
        }

        /** Before each instruction: the due call at the region's start (after the label's frame), or give it up. */
        private void instruction(boolean dup, int astore) {
            if (pendingMonitor >= 0) {
                if (atRegionStart) {
                    super.visitVarInsn(Opcodes.ALOAD, pendingMonitor);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, DISPATCH, "monitorEnterAfter", "(Ljava/lang/Object;)V", false);
                }
                pendingMonitor = -1;
                atRegionStart = false;
            }
            storedCopy = afterDup ? astore : -1;
            afterDup = dup;
        }

        @Override
        public void visitInsn(int opcode) {
            int copy = storedCopy;
            instruction(opcode == Opcodes.DUP, -1);
            if (opcode == Opcodes.MONITORENTER) {
                super.visitInsn(Opcodes.DUP);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, DISPATCH, "monitorEnterBefore", "(Ljava/lang/Object;)V", false);
                super.visitInsn(Opcodes.MONITORENTER);
                pendingMonitor = copy;
            } else if (opcode == Opcodes.MONITOREXIT && !inHandler) {
                super.visitInsn(Opcodes.DUP);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, DISPATCH, "monitorExitBefore", "(Ljava/lang/Object;)V", false);
                super.visitInsn(Opcodes.MONITOREXIT);
            } else {
                super.visitInsn(opcode);
            }
            if (opcode == Opcodes.ATHROW) {
                inHandler = false;
            }
        }

        @Override
        public void visitVarInsn(int opcode, int var) {
            instruction(false, opcode == Opcodes.ASTORE ? var : -1);
            super.visitVarInsn(opcode, var);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            instruction(false, -1);
            String bridge = opcode == Opcodes.INVOKESTATIC ? null : objectMonitorMethod(name, descriptor);
            if (bridge != null) {
                // The receiver becomes the bridge method's first argument; the stack stays as deep.
                super.visitMethodInsn(Opcodes.INVOKESTATIC, DISPATCH, bridge, "(Ljava/lang/Object;" + descriptor.substring(1), false);
                return;
            }
            if (opcode != Opcodes.INVOKEINTERFACE && !isInterface && !name.startsWith("<") && !owner.startsWith("[")) {
                int id = callees.idOf(owner, name, descriptor);
                if (id != 0) {
                    super.visitLdcInsn(id);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, DISPATCH, "syncCallBefore", "(I)V", false);
                }
            }
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            instruction(false, -1);
            super.visitIntInsn(opcode, operand);
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            instruction(false, -1);
            super.visitTypeInsn(opcode, type);
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            instruction(false, -1);
            super.visitFieldInsn(opcode, owner, name, descriptor);
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bsm, Object... bsmArgs) {
            instruction(false, -1);
            super.visitInvokeDynamicInsn(name, descriptor, bsm, bsmArgs);
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            instruction(false, -1);
            super.visitJumpInsn(opcode, label);
        }

        @Override
        public void visitLdcInsn(Object value) {
            instruction(false, -1);
            super.visitLdcInsn(value);
        }

        @Override
        public void visitIincInsn(int var, int increment) {
            instruction(false, -1);
            super.visitIincInsn(var, increment);
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            instruction(false, -1);
            super.visitTableSwitchInsn(min, max, dflt, labels);
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            instruction(false, -1);
            super.visitLookupSwitchInsn(dflt, keys, labels);
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int dims) {
            instruction(false, -1);
            super.visitMultiANewArrayInsn(descriptor, dims);
        }
    }

    /**
     * The bridge method ({@link Dispatch#waitOn}, {@link Dispatch#notifyOn}, {@link Dispatch#notifyAllOn}) that takes
     * the place of a call to {@code Object.wait}, {@code notify} or {@code notifyAll}, or null for any other call.
     * Those methods are final, so a call of that name and descriptor is theirs whatever class it names: no owner
     * needs resolving.
     */
    private static String objectMonitorMethod(String name, String descriptor) {
        switch (name) {
            case "wait":
                return descriptor.equals("()V") || descriptor.equals("(J)V") || descriptor.equals("(JI)V") ? "waitOn" : null;
            case "notify":
                return descriptor.equals("()V") ? "notifyOn" : null;
            case "notifyAll":
                return descriptor.equals("()V") ? "notifyAllOn" : null;
            default:
                return null;
        }
    }
}
