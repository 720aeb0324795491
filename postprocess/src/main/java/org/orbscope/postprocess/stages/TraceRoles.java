package org.orbscope.postprocess.stages;

import java.util.Arrays;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileException;
import org.orbscope.trace.profile.ProfileMethod;

/**
 * Which stage role each method of a trace marks. The ORB profile is the one place that says so: the agent writes
 * each profiled method's role into the trace, so by default the trace's own roles count; a trace without them
 * (recorded before the agent wrote roles) takes the profile it was recorded with, by the name in its header; a
 * profile the user names replaces both.
 */
public final class TraceRoles {
    private final Dictionary dictionary;
    private final OrbProfile profile;
    private final String source;
    private Role[] byId = new Role[0];
    private boolean[] resolved = new boolean[0];

    private TraceRoles(Dictionary dictionary, OrbProfile profile, String source) {
        this.dictionary = dictionary;
        this.profile = profile;
        this.source = source;
    }

    /**
     * The roles of {@code trace}: from {@code given} when not null, else as recorded.
     *
     * @throws ProfileException when the trace names a profile that cannot be loaded
     */
    public static TraceRoles of(TraceReader trace, OrbProfile given) throws ProfileException {
        if (given != null) {
            return new TraceRoles(trace.dictionary(), given, "profile " + given.name() + " (given)");
        }
        Dictionary d = trace.dictionary();
        for (int id = 1; id <= d.methodCount(); id++) {
            if (d.methodRole(id) != null) {
                return new TraceRoles(d, null, "recorded in the trace");
            }
        }
        String name = recordedProfileName(trace);
        if (name == null) {
            return new TraceRoles(d, null, "none: the trace was recorded without an ORB profile");
        }
        return new TraceRoles(d, OrbProfile.load(name), "profile " + name + " (named by the trace)");
    }

    /** The profile the trace was recorded with: its header's profile.name, or the agent option of older traces. */
    static String recordedProfileName(TraceReader trace) {
        String name = trace.info().get(OrbProfile.INFO_NAME);
        if (name != null && !name.isEmpty()) {
            return name;
        }
        String options = trace.info().getOrDefault("agent.options", "");
        for (String option : options.split(",")) {
            if (option.trim().startsWith("profile=")) {
                return option.trim().substring("profile=".length());
            }
        }
        return null;
    }

    /** Where the roles come from, for reports. */
    public String source() {
        return source;
    }

    /** The stage role of a method of the trace, or null when it marks none. */
    public Role role(int methodId) {
        if (methodId >= resolved.length) {
            int n = Math.max(methodId + 1, Math.max(64, resolved.length * 2));
            byId = Arrays.copyOf(byId, n);
            resolved = Arrays.copyOf(resolved, n);
        }
        if (!resolved[methodId]) {
            byId[methodId] = Role.ofLabel(label(methodId));
            resolved[methodId] = true;
        }
        return byId[methodId];
    }

    /** The role label a method carries (a profile may use labels this version does not know), or null. */
    public String label(int methodId) {
        if (profile == null) {
            return dictionary.methodRole(methodId);
        }
        String cls = dictionary.methodClass(methodId);
        if (cls == null) {
            return null;
        }
        ProfileMethod m = profile.method(cls.replace('/', '.'), dictionary.methodName(methodId),
                dictionary.methodDescriptor(methodId));
        return m == null ? null : m.role();
    }
}
