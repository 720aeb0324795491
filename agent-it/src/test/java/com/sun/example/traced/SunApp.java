package com.sun.example.traced;

/**
 * An application class in a {@code com.sun.*} package, where glassfish-corba and other ORBs keep their request
 * path: a glob must name the package to instrument it. {@code work} is called args[0] times, under a lock.
 */
public final class SunApp {
    private static final Object LOCK = new Object();
    private static long total;

    private SunApp() {
    }

    static int work(int n) {
        synchronized (LOCK) {
            total += n;
        }
        return n + 1;
    }

    public static void main(String[] args) {
        int calls = Integer.parseInt(args[0]);
        long sum = 0;
        for (int i = 0; i < calls; i++) {
            sum += work(i);
        }
        System.out.println("sun app done " + sum + " " + total);
    }
}
