package org.orbscope.agent;

import net.bytebuddy.asm.Advice;

/** The advice templates ByteBuddy inlines; each only calls {@link Recorder}, which the bootstrap loader holds. */
final class Advices {
    private Advices() {
    }

    static final class Wall {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@MethodId int id) {
            Recorder.enter(id);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Thrown Throwable thrown) {
            Recorder.exit(thrown != null);
        }
    }

    static final class Cpu {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@MethodId int id) {
            Recorder.enterCpu(id);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Thrown Throwable thrown) {
            Recorder.exitCpu(thrown != null);
        }
    }

    static final class Keyed {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@MethodId int id, @CorrelationKey Object key, @CpuFlag boolean cpu) {
            Recorder.enterKeyed(id, key, cpu);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Thrown Throwable thrown, @CpuFlag boolean cpu) {
            if (cpu) {
                Recorder.exitCpu(thrown != null);
            } else {
                Recorder.exit(thrown != null);
            }
        }
    }

    static final class ThreadStart {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Thread child) {
            Recorder.threadStarting(child);
        }
    }
}
