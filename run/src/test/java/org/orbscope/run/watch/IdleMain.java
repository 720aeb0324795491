package org.orbscope.run.watch;

/** A JVM that allocates a little and ends when its standard input closes: a run's JVM for {@link WatcherTest}. */
public final class IdleMain {
    private IdleMain() {
    }

    public static void main(String[] args) throws Exception {
        Thread garbage = new Thread(() -> {
            while (true) {
                byte[][] keep = new byte[64][];
                for (int i = 0; i < keep.length; i++) {
                    keep[i] = new byte[64 * 1024];
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "garbage");
        garbage.setDaemon(true);
        garbage.start();
        while (System.in.read() >= 0) {
            // until the launcher closes our input
        }
    }
}
