package org.orbscope.server;

import java.util.Map;
import java.util.Properties;
import org.orbscope.orb.JacorbOrbs;
import org.orbscope.scenario.OrbSpec;

/**
 * JacORB properties for a scenario's ORB options. Only options the scenario names are set, so JacORB's own
 * defaults (pool 5/20, queue 100) stay visible in the resolved scenario as "not set". Raw properties come
 * last and win.
 */
final class OrbProperties {
    private OrbProperties() {
    }

    static Properties forServer(OrbSpec orb, String implName, int port, String host) {
        Properties p = JacorbOrbs.base();
        p.setProperty("jacorb.implname", implName);
        p.setProperty("OAPort", Integer.toString(port));
        // Listen on, and advertise, loopback only unless the scenario's raw properties say otherwise.
        p.setProperty("OAIAddr", host);
        // A servant that calls another server is that server's client: a reply that never comes fails the request
        // (the caller sees the exception) instead of holding a dispatcher thread for ever, as in the client's ORBs.
        p.setProperty("jacorb.connection.client.pending_reply_timeout", "60000");
        p.setProperty("jacorb.connection.client.connect_timeout", "5000");
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
        for (Map.Entry<String, String> e : orb.properties().entrySet()) {
            p.setProperty(e.getKey(), e.getValue());
        }
        return p;
    }

    private static void set(Properties p, String key, Object value) {
        if (value != null) {
            p.setProperty(key, value.toString());
        }
    }
}
