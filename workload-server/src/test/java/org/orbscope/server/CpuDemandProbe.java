package org.orbscope.server;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.orbscope.run.CpuBurner;

/** Child-JVM main: two threads each burn a 20 ms CPU demand at once; prints "cpuNs wallNs" per thread. */
public final class CpuDemandProbe {
    private CpuDemandProbe() {
    }

    public static void main(String[] args) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        CpuBurner.burn(5_000_000); // warm up the burner before measuring
        long[][] result = new long[2][2];
        java.util.concurrent.CyclicBarrier go = new java.util.concurrent.CyclicBarrier(2);
        Thread[] threads = new Thread[2];
        for (int i = 0; i < 2; i++) {
            int k = i;
            threads[i] = new Thread(() -> {
                try {
                    go.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                long c0 = mx.getCurrentThreadCpuTime();
                long w0 = System.nanoTime();
                CpuBurner.burn(20_000_000);
                result[k][0] = mx.getCurrentThreadCpuTime() - c0;
                result[k][1] = System.nanoTime() - w0;
            });
            threads[i].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        for (long[] r : result) {
            System.out.println(r[0] + " " + r[1]);
        }
    }
}
