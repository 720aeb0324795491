package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;

/**
 * The Java ORB a workload server runs on ({@code server.orb.product}), with the {@code server.orb} options it takes
 * and the agent's shipped profile for it. Every product serves the same scenario (POAs, policies, demands, payloads);
 * its threading options are its own, because the ORBs thread differently:
 * <ul>
 *   <li>{@code jacorb}: a receiver thread per connection hands requests to a dispatcher pool per POA (or one shared),
 *       behind a bounded queue: {@code poolMin}, {@code poolMax}, {@code poolShared}, {@code queueMin},
 *       {@code queueMax}, {@code queueWait}.</li>
 *   <li>{@code glassfish} (glassfish-corba, the ORB of GlassFish and Payara) and {@code openjdk-orb} (the WildFly
 *       ORB, the JDK 8 {@code com.sun.corba.se} ORB): a selector thread reads each request's header and hands it to
 *       the default thread pool, which grows without bound and keeps idle threads unless {@code poolMax} bounds it
 *       (a request that finds every thread busy waits in the pool's FIFO queue); {@code nioSelect: false} has a
 *       reader thread per connection read and dispatch each request itself instead, without the pool.</li>
 *   <li>{@code yoko} (Apache Yoko 1.4, the ORB of Geronimo): a receiver thread per connection, and
 *       {@code concModel} says who dispatches: {@code thread_per_request} (a new thread each, Yoko's default),
 *       {@code thread_pool} ({@code poolMax} threads taking requests from one FIFO queue), {@code threaded} (the
 *       receiver thread itself) or {@code leader_followers} ({@code poolMax} threads, one of them the leader, which
 *       takes the next request from a receiver thread without a queue, promotes a follower and serves it).</li>
 * </ul>
 * {@code properties} go to every product's ORB unchanged.
 */
public enum OrbProduct {
    JACORB("jacorb", List.of("poolMin", "poolMax", "poolShared", "queueMin", "queueMax", "queueWait")),
    GLASSFISH("glassfish", List.of("nioSelect", "poolMax")),
    YOKO("yoko", List.of("concModel", "poolMax")),
    OPENJDK_ORB("openjdk-orb", List.of("nioSelect", "poolMax"));

    /**
     * Yoko's {@code yoko.orb.oa.conc_model} values, and {@code leader_followers}: not one of Yoko's, but a dispatch
     * strategy of the workload server's that Yoko's {@code DispatchStrategyPolicy} installs on every POA.
     */
    public enum YokoConcModel { THREAD_PER_REQUEST, THREAD_POOL, THREADED, LEADER_FOLLOWERS;
        @JsonCreator public static YokoConcModel parse(String s) { return Names.enumValue(YokoConcModel.class, s); }
        @JsonValue public String yamlName() { return name().toLowerCase(Locale.ROOT); } }

    /**
     * Yoko's {@code yoko.orb.oa.thread_pool} when a scenario sets no {@code poolMax} (its DispatchStrategyFactory_impl),
     * and so the size of the workload server's {@code leader_followers} pool too.
     */
    public static final int YOKO_DEFAULT_POOL = 10;

    private final String yamlName;
    private final List<String> options;

    OrbProduct(String yamlName, List<String> options) {
        this.yamlName = yamlName;
        this.options = options;
    }

    /** The name a scenario gives it, which is also the name of the agent's shipped profile for it. */
    @JsonValue
    public String yamlName() {
        return yamlName;
    }

    /** The agent's shipped profile for this ORB. */
    public String profile() {
        return yamlName;
    }

    /** The {@code server.orb} options (besides {@code product} and {@code properties}) this ORB takes. */
    public List<String> options() {
        return options;
    }

    @JsonCreator
    public static OrbProduct parse(String text) {
        String t = text == null ? "" : text.trim();
        List<String> names = new java.util.ArrayList<>();
        for (OrbProduct p : values()) {
            if (p.yamlName.equalsIgnoreCase(t)) {
                return p;
            }
            names.add(p.yamlName);
        }
        throw new IllegalArgumentException("'" + t + "' is not one of " + String.join(", ", names)
                + Names.suggestion(t, names));
    }
}
