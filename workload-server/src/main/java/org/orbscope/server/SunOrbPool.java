package org.orbscope.server;

import java.io.Closeable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.omg.CORBA.ORB;
import org.orbscope.scenario.OrbProduct;
import org.orbscope.scenario.OrbSpec;

/**
 * The default thread pool of glassfish-corba and the WildFly ORB bounded to {@code poolMax} threads. Neither ORB
 * sizes that pool from a property: its {@code ThreadPoolManagerImpl} makes one pool that grows without bound, and an
 * application server replaces the manager through the ORB's SPI ({@code ORB#setThreadPoolManager}). This does the
 * same, with a manager that hands out one pool for every name and id, as {@code ThreadPoolManagerImpl} does:
 * <ul>
 *   <li>glassfish-corba: the ORB's own bounded pool, {@code ThreadPoolImpl(0, poolMax, timeout, name)};</li>
 *   <li>the WildFly ORB: its {@code ThreadPoolImpl} keeps a maximum but never reads it (a thread is made whenever
 *       fewer are idle than work items are queued), so the pool is a {@link ThreadPoolExecutor} of {@code poolMax}
 *       threads behind the ORB's {@code WorkQueue} interface, stamping each work item's enqueue time as the ORB's
 *       own queue does (the shipped profile's enqueue).</li>
 * </ul>
 * A request that finds every thread busy waits in the pool's FIFO queue. The pool keeps the default's name and its
 * threads the ORB's names ({@code p: default-threadpool; w: ...}), which the shipped profiles find.
 *
 * <p>By reflection, because the workload server compiles against the CORBA API only: each product's jars are on its
 * server JVM's class path alone.
 */
final class SunOrbPool {
    /** The ORBs' own name of their default pool ({@code ThreadPoolManagerImpl.THREADPOOL_DEFAULT_NAME}). */
    static final String NAME = "default-threadpool";
    /** How long an idle pool thread lives, as the ORBs' default pool's ({@code DEFAULT_INACTIVITY_TIMEOUT}). */
    static final long IDLE_MILLIS = 120_000;

    private SunOrbPool() {
    }

    /**
     * Installs a pool of {@code spec.poolMax()} threads into {@code orb}, a glassfish-corba or WildFly ORB, before it
     * has served anything; nothing when the scenario sets no {@code poolMax}.
     *
     * @return the pool, which the server closes after the ORB (an installed manager is the caller's to close); null
     *         when none was installed
     */
    static Closeable install(ORB orb, OrbSpec spec) throws ReflectiveOperationException {
        if (spec.poolMax() == null) {
            return null;
        }
        ClassLoader loader = orb.getClass().getClassLoader();
        Object pool;
        Closeable closer;
        String spi;
        switch (spec.product()) {
            case GLASSFISH -> {
                spi = "com.sun.corba.ee.spi.threadpool.";
                pool = Class.forName("com.sun.corba.ee.impl.threadpool.ThreadPoolImpl", true, loader)
                        .getConstructor(int.class, int.class, long.class, String.class)
                        .newInstance(0, spec.poolMax(), IDLE_MILLIS, NAME);
                closer = (Closeable) pool;
            }
            case OPENJDK_ORB -> {
                spi = "com.sun.corba.se.spi.orbutil.threadpool.";
                ExecutorPool executor = new ExecutorPool(spec.poolMax(), Class.forName(spi + "Work", true, loader));
                Object[] self = new Object[1];
                Object queue = proxy(loader, spi + "WorkQueue", (m, a) -> executor.queueAnswer(m, a, self[0]));
                self[0] = proxy(loader, spi + "ThreadPool", (m, a) -> executor.poolAnswer(m, queue));
                pool = self[0];
                closer = executor;
            }
            default -> throw new IllegalArgumentException("poolMax of " + spec.product().yamlName()
                    + " is not set through its thread pool manager");
        }
        Object manager = proxy(loader, spi + "ThreadPoolManager", (m, a) -> managerAnswer(m, pool, closer));
        orb.getClass().getMethod("setThreadPoolManager", Class.forName(spi + "ThreadPoolManager", true, loader))
                .invoke(orb, manager);
        return closer;
    }

    /** What one interface method answers, given its arguments. */
    private interface Answer {
        Object answer(Method method, Object[] args) throws Exception;
    }

    /** A proxy of the ORB's interface {@code type}; {@code Object}'s methods answered by identity. */
    private static Object proxy(ClassLoader loader, String type, Answer answer) throws ClassNotFoundException {
        return Proxy.newProxyInstance(loader, new Class<?>[] {Class.forName(type, true, loader)}, (proxy, m, args) ->
                switch (m.getName()) {
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "toString" -> "orbscope's " + type.substring(type.lastIndexOf('.') + 1) + " of " + NAME;
                    default -> answer.answer(m, args);
                });
    }

    /** What {@code ThreadPoolManagerImpl} answers with its one pool, which here is {@code pool}. */
    private static Object managerAnswer(Method method, Object pool, Closeable closer) throws Exception {
        return switch (method.getName()) {
            case "getThreadPool", "getDefaultThreadPool" -> pool;
            case "getThreadPoolNumericId", "getThreadPoolChooserNumericId" -> 0;
            case "getThreadPoolStringId" -> NAME;
            case "getThreadPoolChooser", "setThreadPoolChooser" -> null;
            case "close" -> {
                closer.close();
                yield null;
            }
            default -> throw new UnsupportedOperationException(method.toString());
        };
    }

    /** The WildFly ORB's pool and its one work queue over a fixed set of threads. */
    private static final class ExecutorPool implements Closeable {
        private final int threads;
        private final Method doWork;
        private final Method setEnqueueTime;
        private final ThreadPoolExecutor executor;
        private final AtomicLong added = new AtomicLong();
        private final AtomicInteger busy = new AtomicInteger();

        ExecutorPool(int threads, Class<?> work) throws NoSuchMethodException {
            this.threads = threads;
            this.doWork = work.getMethod("doWork");
            this.setEnqueueTime = work.getMethod("setEnqueueTime", long.class);
            // The name the ORB gives a worker thread waiting for work, which is how the shipped profile knows it.
            this.executor = new ThreadPoolExecutor(threads, threads, IDLE_MILLIS, TimeUnit.MILLISECONDS,
                    new LinkedBlockingQueue<>(), r -> {
                        Thread t = new Thread(r, "p: " + NAME + "; w: Idle");
                        t.setDaemon(true);
                        return t;
                    });
            executor.allowCoreThreadTimeOut(true);
        }

        Object queueAnswer(Method method, Object[] args, Object pool) throws Exception {
            return switch (method.getName()) {
                case "addWork" -> {
                    Object work = args[0];
                    // As the ORB's WorkQueueImpl.addWork: the enqueue time first, then the queue.
                    setEnqueueTime.invoke(work, System.currentTimeMillis());
                    added.incrementAndGet();
                    executor.execute(() -> run(work));
                    yield null;
                }
                case "getName" -> NAME;
                case "totalWorkItemsAdded" -> added.get();
                case "workItemsInQueue" -> executor.getQueue().size();
                case "averageTimeInQueue" -> 0L;
                case "setThreadPool" -> null;
                case "getThreadPool" -> pool;
                default -> throw new UnsupportedOperationException(method.toString());
            };
        }

        Object poolAnswer(Method method, Object queue) {
            return switch (method.getName()) {
                case "getAnyWorkQueue", "getWorkQueue" -> queue;
                case "minimumNumberOfThreads" -> 0;
                case "maximumNumberOfThreads" -> threads;
                case "idleTimeoutForThreads" -> IDLE_MILLIS;
                case "currentNumberOfThreads" -> executor.getPoolSize();
                case "numberOfAvailableThreads" -> executor.getPoolSize() - busy.get();
                case "numberOfBusyThreads" -> busy.get();
                case "averageWorkCompletionTime" -> 0L;
                case "currentProcessedCount" -> executor.getCompletedTaskCount();
                case "getName" -> NAME;
                case "numberOfWorkQueues" -> 1;
                case "close" -> {
                    close();
                    yield null;
                }
                default -> throw new UnsupportedOperationException(method.toString());
            };
        }

        private void run(Object work) {
            busy.incrementAndGet();
            try {
                doWork.invoke(work);
            } catch (InvocationTargetException e) {
                // The ORB's worker thread reports a work item's failure and goes on to the next.
                System.err.println("orbscope server: a work item of the ORB's pool failed: " + e.getCause());
            } catch (ReflectiveOperationException | RuntimeException e) {
                System.err.println("orbscope server: a work item of the ORB's pool failed: " + e);
            } finally {
                busy.decrementAndGet();
            }
        }

        @Override
        public void close() {
            executor.shutdown();
        }
    }

    /** Whether {@code product}'s {@code poolMax} is installed here. */
    static boolean sizes(OrbProduct product) {
        return product == OrbProduct.GLASSFISH || product == OrbProduct.OPENJDK_ORB;
    }
}
