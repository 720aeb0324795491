package org.orbscope.hosts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.orbscope.run.JvmLauncher;

/**
 * JacORB's own name server ({@code org.jacorb.naming.NameServer}) in a JVM of its own, listening on an address and
 * port that hosts are told: {@code corbaloc:iiop:1.2@ADDRESS:PORT/NameService}.
 */
final class NamingService implements AutoCloseable {
    static final String MAIN = "org.jacorb.naming.NameServer";

    private final Process process;
    final String url;

    private NamingService(Process process, String url) {
        this.process = process;
        this.url = url;
    }

    /**
     * Starts the name server and waits until it has written its reference to {@code iorFile}.
     *
     * @throws IOException with one line saying why it did not start (see {@code log})
     */
    static NamingService start(String address, int port, Path iorFile, Path log, Duration timeout)
            throws IOException, InterruptedException {
        Files.deleteIfExists(iorFile);
        Process p = JvmLauncher.main(MAIN).log(log).jvmArgs(List.of(
                "-Dorg.omg.CORBA.ORBClass=org.jacorb.orb.ORB",
                "-Dorg.omg.CORBA.ORBSingletonClass=org.jacorb.orb.ORBSingleton",
                "-Djacorb.log.default.verbosity=1",
                "-DOAIAddr=" + address,
                "-DOAPort=" + port,
                "-Djacorb.naming.ior_filename=" + iorFile.toAbsolutePath())).start();
        String why = JvmLauncher.awaitFile(p, iorFile, timeout);
        if (why != null) {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
            throw new IOException("the naming service on " + address + ":" + port + " did not start (is the port in "
                    + "use?): it " + why + "; see " + log);
        }
        return new NamingService(p, "corbaloc:iiop:1.2@" + address + ":" + port + "/NameService");
    }

    /** Ends the name server (it serves until it is sent a signal). */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
