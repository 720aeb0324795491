package example.traced;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Properties;
import org.omg.CORBA.ARG_IN;
import org.omg.CORBA.Any;
import org.omg.CORBA.NVList;
import org.omg.CORBA.ORB;
import org.omg.CORBA.ServerRequest;
import org.omg.CORBA.TCKind;
import org.omg.PortableServer.DynamicImplementation;
import org.omg.PortableServer.POA;
import org.omg.PortableServer.POAHelper;

/**
 * A JacORB server with one DSI servant ({@code long inc(in long x)}, and {@code long work(in long x)}, which first
 * spends x microseconds of its thread's CPU), listening on loopback. Writes its IOR to args[0], serves until the
 * file args[1] appears (at most 10 minutes), then shuts the ORB down.
 */
public final class OrbServer {
    private OrbServer() {
    }

    public static Properties orbProperties() {
        Properties p = new Properties();
        p.setProperty("org.omg.CORBA.ORBClass", "org.jacorb.orb.ORB");
        p.setProperty("org.omg.CORBA.ORBSingletonClass", "org.jacorb.orb.ORBSingleton");
        p.setProperty("jacorb.log.default.verbosity", "1");
        p.setProperty("OAIAddr", "127.0.0.1");
        return p;
    }

    static final class Counter extends DynamicImplementation {
        private final ORB orb;

        Counter(ORB orb) {
            this.orb = orb;
        }

        @Override
        public String[] _all_interfaces(POA poa, byte[] objectId) {
            return new String[] {"IDL:orbscope/test/Counter:1.0"};
        }

        @Override
        public void invoke(ServerRequest request) {
            NVList args = orb.create_list(1);
            Any x = orb.create_any();
            x.type(orb.get_primitive_tc(TCKind.tk_long));
            args.add_value("x", x, ARG_IN.value);
            request.arguments(args);
            if ("work".equals(request.operation())) {
                spend(x.extract_long() * 1000L);
            }
            Any result = orb.create_any();
            result.insert_long(x.extract_long() + 1);
            request.set_result(result);
        }
    }

    /** Runs until this thread has had {@code nanos} more of CPU time. */
    private static void spend(long nanos) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + nanos;
        while (threads.getCurrentThreadCpuTime() < until) {
            // each look at the clock is itself a system call's worth of CPU
        }
    }

    public static void main(String[] args) throws Exception {
        ORB orb = ORB.init(new String[0], orbProperties());
        POA root = POAHelper.narrow(orb.resolve_initial_references("RootPOA"));
        root.the_POAManager().activate();
        org.omg.CORBA.Object ref = root.servant_to_reference(new Counter(orb));
        Path ior = Paths.get(args[0]);
        Path tmp = Paths.get(args[0] + ".tmp");
        Files.write(tmp, orb.object_to_string(ref).getBytes(StandardCharsets.US_ASCII));
        Files.move(tmp, ior);
        Path stop = Paths.get(args[1]);
        long deadline = System.currentTimeMillis() + 600_000;
        while (!Files.exists(stop) && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        orb.shutdown(true);
        System.out.println("orb server done");
    }
}
