package org.orbscope.server;

import java.util.Map;
import java.util.Properties;
import org.orbscope.orb.JacorbOrbs;
import org.orbscope.scenario.OrbProduct;
import org.orbscope.scenario.OrbSpec;

/**
 * The ORB properties of a scenario's server: the product's ORB classes (the standard
 * {@code org.omg.CORBA.ORBClass} and {@code ORBSingletonClass}), loopback address and port, and the threading options
 * the scenario names in the product's own properties. Only options the scenario names are set, so each ORB's own
 * defaults (JacORB's pool 5/20 and queue 100, Yoko's thread_per_request) stay visible in the resolved scenario as
 * "not set". Raw properties come last and win.
 */
final class OrbProperties {
    private OrbProperties() {
    }

    static Properties forServer(OrbSpec orb, String implName, int port, String host) {
        Properties p = switch (orb.product()) {
            case GLASSFISH -> sunOrb("com.sun.corba.ee.impl.orb", "com.sun.corba.ee.", orb, port, host);
            case OPENJDK_ORB -> sunOrb("com.sun.corba.se.impl.orb", "com.sun.CORBA.", orb, port, host);
            case YOKO -> yoko(orb, port, host);
            default -> jacorb(orb, implName, port, host);
        };
        for (Map.Entry<String, String> e : orb.properties().entrySet()) {
            p.setProperty(e.getKey(), e.getValue());
        }
        return p;
    }

    /**
     * The system properties of the server's JVM: the ORB classes {@code p} names (a server JVM runs one product, and
     * the IDL-generated helpers make their type codes with the singleton ORB) and, for glassfish-corba, its
     * gmbal's (its JMX layer throws on a type variable with several upper bounds, which it meets on JDK 17 while the
     * ORB registers its managed objects; the property makes it take the first bound instead).
     */
    static void systemProperties(Properties p) {
        for (String key : new String[] {"org.omg.CORBA.ORBClass", "org.omg.CORBA.ORBSingletonClass"}) {
            System.setProperty(key, p.getProperty(key));
        }
        if (p.getProperty("org.omg.CORBA.ORBClass").startsWith("com.sun.corba.ee.")) {
            System.setProperty("org.glassfish.gmbal.no.multipleUpperBoundsException", "true");
        }
    }

    private static Properties jacorb(OrbSpec orb, String implName, int port, String host) {
        Properties p = JacorbOrbs.base();
        p.setProperty("jacorb.implname", implName);
        p.setProperty("OAPort", Integer.toString(port));
        // Listen on, and advertise, loopback only unless the scenario's raw properties say otherwise.
        p.setProperty("OAIAddr", host);
        // A servant that calls another server is that server's client: a reply that never comes fails the request
        // (the caller sees the exception) instead of holding a dispatcher thread for ever, and a server that cannot
        // be reached fails the call at once instead of after JacORB's five retries half a second apart, as in the
        // client's ORBs (a failure is measured, not hidden).
        p.setProperty("jacorb.connection.client.pending_reply_timeout", "60000");
        p.setProperty("jacorb.connection.client.connect_timeout", "5000");
        p.setProperty("jacorb.retries", "0");
        Integer min = orb.poolMin();
        if (min == null && orb.poolMax() != null && orb.poolMax() < 5) {
            min = orb.poolMax(); // JacORB refuses a max below its default min of 5
        }
        set(p, "jacorb.poa.thread_pool_min", min);
        set(p, "jacorb.poa.thread_pool_max", orb.poolMax());
        set(p, "jacorb.poa.thread_pool_shared", orb.poolShared() == null ? null : (orb.poolShared() ? "on" : "off"));
        set(p, "jacorb.poa.queue_max", orb.queueMax());
        set(p, "jacorb.poa.queue_min", orb.queueMin());
        set(p, "jacorb.poa.queue_wait", orb.queueWait() == null ? null : (orb.queueWait() ? "on" : "off"));
        return p;
    }

    /**
     * glassfish-corba and the WildFly ORB, one lineage under two package names ({@code prefix} is that of their
     * properties): server host and port, whether a selector thread reads the requests' headers, and the pool's
     * reads when {@code poolMax} bounds it ({@link SunOrbPool} installs the pool).
     */
    private static Properties sunOrb(String orbPackage, String prefix, OrbSpec orb, int port, String host) {
        Properties p = new Properties();
        p.setProperty("org.omg.CORBA.ORBClass", orbPackage + ".ORBImpl");
        p.setProperty("org.omg.CORBA.ORBSingletonClass", orbPackage + ".ORBSingleton");
        p.setProperty(prefix + "ORBServerHost", host);
        p.setProperty(prefix + "ORBServerPort", Integer.toString(port));
        set(p, prefix + "transport.ORBUseNIOSelectToWait", orb.nioSelect());
        if (orb.poolMax() != null && prefix.equals("com.sun.corba.ee.")) {
            // glassfish-corba's pool thread that read a message goes on to a blocking read of its connection, up to
            // the read timeout (2 s), unless told not to: with poolMax threads and as many busy connections, every
            // pool thread then waits there while the requests they queued wait for a thread. A pool of poolMax
            // dispatchers reads only what the selector found readable.
            p.setProperty(prefix + "transport.ORBOptimizedReadAlwaysEnterBlockingRead", "false");
        }
        return p;
    }

    /**
     * Apache Yoko: its IIOP endpoint and concurrency model ({@code yoko.orb.oa.conc_model}, thread pool size);
     * leader_followers is the workload server's ({@link #leaderFollowers}).
     */
    private static Properties yoko(OrbSpec orb, int port, String host) {
        Properties p = new Properties();
        p.setProperty("org.omg.CORBA.ORBClass", "org.apache.yoko.orb.CORBA.ORB");
        p.setProperty("org.omg.CORBA.ORBSingletonClass", "org.apache.yoko.orb.CORBA.ORBSingleton");
        p.setProperty("yoko.orb.oa.endpoint", "iiop --bind " + host + " --host " + host + " --port " + port);
        if (orb.concModel() == OrbProduct.YokoConcModel.LEADER_FOLLOWERS) {
            // The workload server's strategy dispatches the scenario's POAs (LeaderFollowers); Yoko's own model
            // serves any other POA on the receiver thread, as leader/followers serves on the thread that took it.
            p.setProperty("yoko.orb.oa.conc_model", OrbProduct.YokoConcModel.THREADED.yamlName());
        } else {
            set(p, "yoko.orb.oa.conc_model", orb.concModel() == null ? null : orb.concModel().yamlName());
            set(p, "yoko.orb.oa.thread_pool", orb.poolMax());
        }
        return p;
    }

    private static void set(Properties p, String key, Object value) {
        if (value != null) {
            p.setProperty(key, value.toString());
        }
    }

    /**
     * Whether the server warms up its request path with calls from a second ORB in its JVM ({@link ServerWarmup}):
     * not on glassfish-corba and the WildFly ORB, whose client reads its replies with the same code (selector,
     * reader, message mediator) that reads requests, so the agent would record each warm-up reply as a request of
     * its own that never completes.
     */
    static boolean warmsUp(OrbProduct product) {
        return product != OrbProduct.GLASSFISH && product != OrbProduct.OPENJDK_ORB;
    }

    /**
     * The workload server's leader/followers pool for the scenario's POAs when {@code orb} asks for it
     * ({@code concModel: leader_followers}, {@code poolMax} threads, Yoko's default pool of 10 without), else null.
     * Here and not a factory of {@link LeaderFollowers}'s own: calling that class loads it, and it implements
     * Yoko's {@code DispatchStrategy}, which no other ORB's server has on its class path.
     */
    static LeaderFollowers leaderFollowers(OrbSpec orb) {
        return orb.product() == OrbProduct.YOKO && orb.concModel() == OrbProduct.YokoConcModel.LEADER_FOLLOWERS
                ? new LeaderFollowers(orb.poolMax() != null ? orb.poolMax() : OrbProduct.YOKO_DEFAULT_POOL) : null;
    }

    /** Whether {@code product}'s ORB is JacORB, whose own classes the server may use (IOR parsing, client timeouts). */
    static boolean jacorb(OrbProduct product) {
        return product == OrbProduct.JACORB;
    }
}
