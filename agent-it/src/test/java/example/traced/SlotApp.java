package example.traced;

import java.util.concurrent.CyclicBarrier;

/**
 * Two threads whose ids are equal modulo 8192 (the agent's recorder slots), the second with an id of 8192 or
 * more, both making args[0] rounds of four nested monitored calls at the same time.
 */
public final class SlotApp {
    private static final int SLOTS = 8192;

    private SlotApp() {
    }

    static int work(int depth) {
        return depth == 0 ? 0 : 1 + work(depth - 1);
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        CyclicBarrier together = new CyclicBarrier(2);
        Runnable body = () -> {
            try {
                together.await();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            for (int i = 0; i < rounds; i++) {
                work(3);
            }
        };
        Thread low = new Thread(body, "low");
        Thread high;
        do {
            high = new Thread(body, "high"); // a Thread gets its id when constructed: unstarted ones use ids up
        } while (high.getId() < SLOTS || (high.getId() - low.getId()) % SLOTS != 0);
        low.start();
        high.start();
        low.join();
        high.join();
        System.out.println("slot app done: low id " + low.getId() + ", high id " + high.getId());
    }
}
