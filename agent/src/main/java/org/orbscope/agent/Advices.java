package org.orbscope.agent;

import net.bytebuddy.asm.Advice;
import org.orbscope.agent.boot.Dispatch;
import org.orbscope.agent.boot.Sink;

/** The advice templates ByteBuddy inlines; each only calls {@link Dispatch}, which the bootstrap loader holds. */
final class Advices {
    private Advices() {
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
    // and kin), so the JIT folds the exit's test away.

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

    static final class Keyed {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@MethodId int id, @CorrelationKey Object key, @KeyPathId int path, @CpuFlag int flags) {
            return Dispatch.enterKeyed(id, key, path, flags);
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
     * The enter of methods that also read the request's operation name and object key ({@code operation=},
     * {@code object=}); their exit is {@link Keyed}'s.
     */
    static final class Named {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@MethodId int id, @CorrelationKey Object key, @KeyPathId int path, @CpuFlag int flags,
                @OperationSource Object operation, @ObjectSource Object object, @NamePaths int names) {
            return Dispatch.enterNamed(id, key, path, flags, operation, object, names);
        }
    }

    /** ACC_SYNCHRONIZED methods: the JVM holds the monitor from before the first bytecode to after the last. */
    static final class SyncMethod {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@MonitorObject Object monitor, @MethodId int id) {
            Dispatch.syncMethodEntered(monitor, id);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@MonitorObject Object monitor) {
            Dispatch.monitorExitBefore(monitor);
        }
    }

    /** Constructors of classes selected for allocation events; a subclass's call to super() is not counted. */
    static final class Allocation {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object self, @Advice.Origin Class<?> type, @ClassId int classId) {
            if (self.getClass() == type) {
                Dispatch.allocated(self, classId);
            }
        }
    }

    static final class ThreadStart {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Thread child) {
            Dispatch.threadStarting(child);
        }
    }

    static final class ThreadExit {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            Dispatch.threadExiting();
        }
    }

    static final class Park {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            Dispatch.parkBegin(null, 0L);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit() {
            Dispatch.parkEnd();
        }
    }

    static final class ParkBlocker {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) Object blocker) {
            Dispatch.parkBegin(blocker, 0L);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit() {
            Dispatch.parkEnd();
        }
    }

    static final class ParkNanos {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) long nanos) {
            Dispatch.parkBegin(null, nanos);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit() {
            Dispatch.parkEnd();
        }
    }

    static final class ParkBlockerNanos {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) Object blocker, @Advice.Argument(1) long nanos) {
            Dispatch.parkBegin(blocker, nanos);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit() {
            Dispatch.parkEnd();
        }
    }

    /** parkUntil takes an epoch-millisecond deadline; the trace wants the timeout it amounts to. */
    static final class ParkUntil {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) long deadlineMillis) {
            Dispatch.parkBegin(null, Math.max(1L, (deadlineMillis - System.currentTimeMillis()) * 1_000_000L));
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit() {
            Dispatch.parkEnd();
        }
    }

    static final class ParkBlockerUntil {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) Object blocker, @Advice.Argument(1) long deadlineMillis) {
            Dispatch.parkBegin(blocker, Math.max(1L, (deadlineMillis - System.currentTimeMillis()) * 1_000_000L));
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit() {
            Dispatch.parkEnd();
        }
    }
}
