package org.orbscope.scenario;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The server's ORB ({@link OrbProduct}, JacORB by default) and its threading and queueing options. Null means
 * "the ORB's default", so the server only sets what the scenario names; each product takes its own options
 * ({@link OrbProduct#options()}). {@code properties} is passed to the ORB unchanged, after the named options.
 */
public record OrbSpec(
        OrbProduct product,
        Integer poolMin,        // jacorb.poa.thread_pool_min
        Integer poolMax,        // jacorb.poa.thread_pool_max, yoko.orb.oa.thread_pool, the default pool of glassfish
                                // and openjdk-orb (T_disp of the model)
        Boolean poolShared,     // jacorb.poa.thread_pool_shared
        Integer queueMax,       // jacorb.poa.queue_max
        Integer queueMin,       // jacorb.poa.queue_min
        Boolean queueWait,      // jacorb.poa.queue_wait
        OrbProduct.YokoConcModel concModel, // yoko.orb.oa.conc_model
        Boolean nioSelect,      // com.sun.corba.ee / com.sun.CORBA .transport.ORBUseNIOSelectToWait
        Map<String, String> properties) {

    public static final OrbSpec DEFAULTS = new OrbSpec(null, null, null, null, null, null, null, null, null, null);

    public OrbSpec {
        product = product == null ? OrbProduct.JACORB : product;
        properties = properties == null ? Map.of() : properties;
    }

    /** The options this spec sets, by name, in the order of the record (product and properties left out). */
    public Map<String, Object> named() {
        Map<String, Object> m = new LinkedHashMap<>();
        put(m, "poolMin", poolMin);
        put(m, "poolMax", poolMax);
        put(m, "poolShared", poolShared);
        put(m, "queueMax", queueMax);
        put(m, "queueMin", queueMin);
        put(m, "queueWait", queueWait);
        put(m, "concModel", concModel);
        put(m, "nioSelect", nioSelect);
        return m;
    }

    private static void put(Map<String, Object> m, String name, Object value) {
        if (value != null) {
            m.put(name, value);
        }
    }
}
