package org.orbscope.client;

/**
 * Stands in for the workload client in the run module's tests, which cannot depend on it: a JVM whose command line
 * is a workload client's ({@link org.orbscope.run.ClientLaunch#MAIN}), for the watcher to tell whose it is. It does
 * nothing and ends after a minute at most.
 */
public final class ClientMain {
    private ClientMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        Thread.sleep(60_000);
    }
}
