package org.orbscope.agent;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Whether a held monitor is inflated, from the lock bits of HotSpot's object header (the mark word's low two
 * bits: 01 unlocked or biased, 00 thin-locked, 10 inflated). A thread that finds a monitor held by another
 * thread inflates it before it waits, and an owned monitor is never deflated, so a monitor that is not inflated
 * right after {@code monitorenter} was entered without waiting: the contention test then needs no second clock
 * read. The header is read through {@code jdk.internal.misc.Unsafe}, which {@link BootInjector} exports to the
 * agent. At start the bits are checked on objects of known state (a new object, one that was waited on); on any
 * other layout, or without that export, {@link #AVAILABLE} is false and every enter is timed.
 */
final class MonitorHeader {
    private static final long LOCK_BITS = 3;
    private static final long INFLATED = 2;
    /** {@code unsafe.getLong(Object, long)}, bound to the unsafe; constant, so the JIT inlines the read. */
    private static final MethodHandle GET_LONG = open();
    static final boolean AVAILABLE = GET_LONG != null && checked();

    private MonitorHeader() {
    }

    private static MethodHandle open() {
        try {
            Class<?> unsafeClass = Class.forName("jdk.internal.misc.Unsafe");
            Object unsafe = unsafeClass.getMethod("getUnsafe").invoke(null);
            if ((Integer) unsafeClass.getMethod("addressSize").invoke(unsafe) != 8) {
                return null; // the mark word is a 64-bit word at offset 0 only on 64-bit HotSpot
            }
            return MethodHandles.lookup()
                    .findVirtual(unsafeClass, "getLong", MethodType.methodType(long.class, Object.class, long.class))
                    .bindTo(unsafe);
        } catch (Throwable t) {
            return null;
        }
    }

    /** The bits say what they should of a new object and of one that was waited on (wait inflates). */
    private static boolean checked() {
        try {
            Object fresh = new Object();
            Object waited = new Object();
            long inflated;
            synchronized (waited) {
                waited.wait(1);
                inflated = lockBits(waited);
            }
            return lockBits(fresh) != INFLATED && inflated == INFLATED;
        } catch (Throwable t) {
            return false;
        }
    }

    private static long lockBits(Object o) throws Throwable {
        return (long) GET_LONG.invokeExact(o, 0L) & LOCK_BITS;
    }

    /** Whether this monitor, held by the caller, is inflated; true when that cannot be known. */
    static boolean inflated(Object monitor) {
        if (!AVAILABLE) {
            return true;
        }
        try {
            return lockBits(monitor) == INFLATED;
        } catch (Throwable t) {
            return true;
        }
    }
}
