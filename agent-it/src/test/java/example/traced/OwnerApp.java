package example.traced;

import java.util.concurrent.CyclicBarrier;

/**
 * One monitored method called by several threads in turn: "first" calls it alone and ends (it owns the method
 * in the agent's per-method cache), then "a" and "b" call it at the same time while "first" may still own it,
 * then "last" after them. Each makes args[0] rounds of four nested calls.
 */
public final class OwnerApp {
    private OwnerApp() {
    }

    static int work(int depth) {
        return depth == 0 ? 0 : 1 + work(depth - 1);
    }

    private static Thread run(String name, int rounds, CyclicBarrier together) {
        Thread t = new Thread(() -> {
            try {
                if (together != null) {
                    together.await();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            for (int i = 0; i < rounds; i++) {
                work(3);
            }
        }, name);
        t.start();
        return t;
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        run("first", rounds, null).join();
        CyclicBarrier together = new CyclicBarrier(2);
        Thread a = run("a", rounds, together);
        Thread b = run("b", rounds, together);
        a.join();
        b.join();
        Thread.sleep(300); // the agent frees an ended thread's ownerships at its next flush (every 100 ms by default)
        run("last", rounds, null).join();
        System.out.println("owner app done");
    }
}
