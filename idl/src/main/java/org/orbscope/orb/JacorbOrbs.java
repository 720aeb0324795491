package org.orbscope.orb;

import java.util.Properties;
import org.omg.CORBA.ORB;

/**
 * JacORB ORBs as every orbscope JVM makes them: the ORB classes (the JDK no longer ships an ORB, and JacORB must
 * be named explicitly), JacORB's logging kept to errors, and for clients, timeouts that keep a dead server from
 * hanging a call.
 */
public final class JacorbOrbs {
    private JacorbOrbs() {
    }

    /** The ORB class properties and quiet logging. */
    public static Properties base() {
        Properties p = new Properties();
        p.setProperty("org.omg.CORBA.ORBClass", "org.jacorb.orb.ORB");
        p.setProperty("org.omg.CORBA.ORBSingletonClass", "org.jacorb.orb.ORBSingleton");
        p.setProperty("jacorb.log.default.verbosity", "1");
        return p;
    }

    /** An ORB with the base properties and {@code extra} on top. */
    public static ORB orb(Properties extra) {
        // JacORB logs through slf4j: its connection chatter would drown what a command prints on the console.
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel",
                System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"));
        Properties p = base();
        p.putAll(extra);
        return ORB.init(new String[0], p);
    }

    /**
     * A client ORB: a reply that never comes gives up after {@code replyTimeoutMillis}, a connection that cannot
     * be made after 5 s, and nothing is retried (a failure is measured, not hidden).
     */
    public static ORB client(long replyTimeoutMillis) {
        Properties p = base();
        p.setProperty("jacorb.connection.client.pending_reply_timeout", Long.toString(replyTimeoutMillis));
        p.setProperty("jacorb.connection.client.connect_timeout", "5000");
        p.setProperty("jacorb.retries", "0");
        return ORB.init(new String[0], p);
    }
}
