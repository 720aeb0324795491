package org.orbscope.hosts;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.omg.CORBA.BAD_PARAM;
import org.omg.CORBA.ORB;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.UserException;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;
import org.orbscope.coordination.Coordinator;
import org.orbscope.coordination.CoordinatorHelper;
import org.orbscope.coordination.HostInfo;
import org.orbscope.coordination.TaskKind;
import org.orbscope.coordination.Refused;
import org.orbscope.coordination.Task;
import org.orbscope.orb.JacorbOrbs;
import org.orbscope.run.ExitCode;

/**
 * {@code orbscope host}: a machine that runs parts of points for the coordinator of {@code orbscope run}. It finds
 * the coordinator through the naming service (waiting for it), registers under its name, and then runs the parts
 * it is given, one at a time, until the run is over; then it waits for the next run, or ends ({@code --once}).
 */
public final class HostAgent {
    /** The longest call to the coordinator (its barrier holds calls up to client.hosts.barrier, at most 10 min). */
    private static final long REPLY_TIMEOUT_MS = 15 * 60_000L;
    /** How long the end of a run waits for a part still running (its JVMs are being stopped). */
    private static final long PART_END_MS = 60_000L;
    private static final Pattern URL_HOST = Pattern.compile("^corba(?:loc|name):(?:iiop:)?(?:[0-9.]+@)?([^:/#,]+):([0-9]+)");

    /**
     * What a host is told.
     *
     * @param naming the naming service's URL (corbaloc:, corbaname:, IOR:), or null when {@code coordinator} is given
     * @param coordinator the coordinator's own reference (IOR:, corbaloc:, corbaname:, or a file holding one), or null
     * @param coordinatorName the name the coordinator is bound under in the naming service
     * @param name the name this host registers under
     * @param address the address this host's JVMs listen on, or null for the one it reaches the coordinator from
     * @param work where the host keeps its copy of each run's files
     * @param once end after one run instead of waiting for the next
     * @param patience how long to wait for a coordinator (at the start and between runs)
     * @param agentJar the agent jar, for a monitored server on this host
     */
    public record Options(String naming, String coordinator, String coordinatorName, String name, String address,
                          Path work, boolean once, Duration patience, Path agentJar) {
    }

    private final Options options;
    private final PrintStream out;

    private HostAgent(Options options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    /**
     * Runs the host until its runs are over; returns its exit code ({@link ExitCode}): {@code OK} when every run it
     * took part in ended, {@code RUN_FAILED} when the coordinator was never found or was lost, {@code BAD_INPUT}
     * when the coordinator refuses to register it or an address does not parse.
     */
    public static int run(Options options, PrintStream out) throws InterruptedException {
        return new HostAgent(options, out).serve();
    }

    private int serve() throws InterruptedException {
        Properties p = new Properties();
        p.setProperty("jacorb.connection.client.pending_reply_timeout", Long.toString(REPLY_TIMEOUT_MS));
        p.setProperty("jacorb.connection.client.connect_timeout", "5000");
        p.setProperty("jacorb.retries", "0");
        ORB orb = JacorbOrbs.orb(p);
        try {
            String where = options.coordinator() != null ? options.coordinator() : options.naming();
            String address = options.address() != null ? options.address() : addressToward(where);
            boolean took = false;
            while (true) {
                Coordinator c = find(orb, System.nanoTime() + options.patience().toNanos());
                if (c == null) {
                    out.println("orbscope host: no coordinator at " + where + " within " + options.patience().toSeconds()
                            + " s" + (took ? "; done" : ""));
                    return took ? ExitCode.OK : ExitCode.RUN_FAILED;
                }
                Session session;
                try {
                    int id = c.register_host(new HostInfo(options.name(), address,
                            Runtime.getRuntime().availableProcessors(), System.getProperty("java.version")));
                    session = new Session(c, id, options.name());
                } catch (Refused r) {
                    out.println("orbscope host: the coordinator refused to register this host: " + r.reason);
                    return ExitCode.BAD_INPUT;
                } catch (SystemException e) {
                    continue; // it went away meanwhile: look for it again
                }
                out.println("orbscope host: registered as " + options.name() + " (" + address + ")");
                took = true;
                boolean over = runParts(session);
                if (options.once()) {
                    return over ? ExitCode.OK : ExitCode.RUN_FAILED;
                }
                out.println("orbscope host: " + (over ? "the run is over" : "lost the coordinator")
                        + "; waiting for the next run");
            }
        } catch (IllegalArgumentException e) {
            out.println("orbscope host: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        } finally {
            orb.shutdown(false);
        }
    }

    /**
     * Runs the parts the coordinator gives, each on a thread of its own (the servers of a point a host runs serve
     * side by side, started one after the other): true when it says the run is over, false when lost.
     */
    private boolean runParts(Session session) throws InterruptedException {
        List<Thread> parts = new ArrayList<>();
        AtomicReference<Exception> lost = new AtomicReference<>();
        Set<String> watched = new HashSet<>();
        try {
            while (lost.get() == null) {
                Task t = session.next(CoordinatorServant.MAX_WAIT_MS);
                if (t.kind == TaskKind.QUIT) {
                    return true;
                }
                if (t.kind == TaskKind.RUN_CLIENTS || t.kind == TaskKind.RUN_SERVER) {
                    var dir = PartRun.pointDir(options, t);
                    // One part of a point watches this machine: its samples once, not once per server.
                    boolean watches = watched.add(t.run + "/" + t.point);
                    PartRun part = t.kind == TaskKind.RUN_CLIENTS ? new ClientsPart(session, t, options, out, dir)
                            : new ServerPart(session, t, options, out, dir, watches);
                    Thread thread = new Thread(() -> {
                        try {
                            part.runAndReport();
                        } catch (Refused | SystemException e) {
                            lost.compareAndSet(null, e);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }, "orbscope-host-part-" + t.point + (t.server.isEmpty() ? "" : "-" + t.server));
                    parts.removeIf(p -> !p.isAlive());
                    parts.add(thread);
                    thread.start();
                }
            }
            out.println(why(lost.get()));
            return false;
        } catch (Refused | SystemException | IOException e) {
            out.println(why(e));
            return false;
        } finally {
            for (Thread p : parts) {
                p.join(PART_END_MS);
            }
        }
    }

    /** Why the host lost its coordinator, or could not take a part. */
    private String why(Exception e) {
        if (e instanceof Refused r) {
            return "orbscope host: the coordinator refused a call: " + r.reason;
        }
        if (e instanceof IOException) {
            return "orbscope host: cannot write under " + options.work() + ": " + e.getMessage();
        }
        return "orbscope host: the coordinator does not answer (" + e.getClass().getSimpleName() + ")";
    }

    /**
     * The coordinator, looked up until {@code deadlineNanos}: through the naming service, or from its own
     * reference; a binding left by a run that is gone does not count.
     *
     * @return null when none answered in time
     * @throws IllegalArgumentException when the URL or reference is malformed
     */
    private Coordinator find(ORB orb, long deadlineNanos) throws InterruptedException {
        long nextSay = System.nanoTime();
        while (true) {
            try {
                org.omg.CORBA.Object ref;
                if (options.coordinator() != null) {
                    ref = orb.string_to_object(reference(options.coordinator()));
                } else {
                    NamingContextExt naming = NamingContextExtHelper.narrow(orb.string_to_object(options.naming()));
                    ref = naming.resolve_str(options.coordinatorName());
                }
                Coordinator c = CoordinatorHelper.narrow(ref);
                c.clock();
                return c;
            } catch (BAD_PARAM e) {
                throw new IllegalArgumentException("not a reference or URL CORBA can read: "
                        + (options.coordinator() != null ? options.coordinator() : options.naming()));
            } catch (SystemException | UserException e) {
                // no naming service yet, no coordinator bound yet, or a binding of a run that is over
            }
            if (System.nanoTime() > deadlineNanos) {
                return null;
            }
            if (System.nanoTime() >= nextSay) {
                out.println("orbscope host: waiting for the coordinator ("
                        + (options.coordinator() != null ? options.coordinator() : "'" + options.coordinatorName()
                        + "' in " + options.naming()) + ")");
                nextSay = System.nanoTime() + 30_000_000_000L;
            }
            Thread.sleep(500);
        }
    }

    /** A reference as given, or read from the file that holds one. */
    private static String reference(String given) {
        Path f = Path.of(given);
        if (!given.contains(":") && Files.isRegularFile(f)) {
            try {
                return Files.readString(f).trim();
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + given + ": " + e.getMessage());
            }
        }
        return given;
    }

    /** The address this host reaches the coordinator's (or naming service's) host from. */
    private static String addressToward(String url) {
        Matcher m = URL_HOST.matcher(url);
        return m.find() ? Addresses.toward(m.group(1), Integer.parseInt(m.group(2))) : Addresses.guess();
    }
}
