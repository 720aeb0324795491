package org.orbscope.scenario;

import java.util.Map;

/**
 * JacORB threading and queueing options. Null means "JacORB's default" so the server only sets what the
 * scenario names. {@code properties} is passed to the ORB unchanged, after the named options.
 */
public record OrbSpec(
        Integer poolMin,        // jacorb.poa.thread_pool_min
        Integer poolMax,        // jacorb.poa.thread_pool_max   (T_disp of the model)
        Boolean poolShared,     // jacorb.poa.thread_pool_shared
        Integer queueMax,       // jacorb.poa.queue_max
        Integer queueMin,       // jacorb.poa.queue_min
        Boolean queueWait,      // jacorb.poa.queue_wait
        Map<String, String> properties) {

    public static final OrbSpec DEFAULTS = new OrbSpec(null, null, null, null, null, null, null);

    public OrbSpec {
        properties = properties == null ? Map.of() : properties;
    }
}
