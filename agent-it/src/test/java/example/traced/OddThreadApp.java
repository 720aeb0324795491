package example.traced;

/**
 * Monitored calls on a thread whose {@code getId()} throws (a Thread subclass may override it before JDK 19
 * made it deprecated): the agent's own code fails inside the monitored calls, which must run on unharmed.
 */
public final class OddThreadApp {
    private OddThreadApp() {
    }

    static int work(int x) {
        return x + 1;
    }

    public static void main(String[] args) throws Exception {
        int[] result = new int[1];
        Thread odd = new Thread(() -> {
            int s = 0;
            for (int i = 0; i < 1000; i++) {
                s = work(s);
            }
            result[0] = s;
        }, "odd") {
            @Override
            @SuppressWarnings("deprecation")
            public long getId() {
                throw new IllegalStateException("this thread has no id");
            }
        };
        odd.start();
        odd.join();
        System.out.println("odd thread app done: " + result[0]);
    }
}
