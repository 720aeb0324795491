package org.orbscope.postprocess.stages;

import java.util.Arrays;
import org.orbscope.trace.AgentOptions;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileException;
import org.orbscope.trace.profile.ProfileMethod;
import org.orbscope.trace.profile.ShippedOrbs;

/**
 * Which stage role each method of a trace marks. The ORB profile is the one place that says so: the agent writes
 * each profiled method's role into the trace, so by default the trace's own roles count; a trace without them
 * (recorded before the agent wrote roles, or with a profile none of whose methods the JVM had) takes the profile it
 * was recorded with, by the name in its header; a trace recorded without a profile takes the shipped profile whose
 * ORB classes it shows ({@link ShippedOrbs}); a profile the user names replaces all of them.
 */
public final class TraceRoles {
    private final Dictionary dictionary;
    private final OrbProfile profile;
    private final String source;
    /** The profile the roles come from, or that recorded the trace's own roles; null when unknown. */
    private final OrbProfile known;
    /** Why the profile was picked from the trace's classes, or null when it was not. */
    private final String picked;
    private Role[] byId = new Role[0];
    private boolean[] resolved = new boolean[0];

    private TraceRoles(Dictionary dictionary, OrbProfile profile, String source, OrbProfile known, String picked) {
        this.dictionary = dictionary;
        this.profile = profile;
        this.source = source;
        this.known = known;
        this.picked = picked;
    }

    /**
     * The roles of {@code trace}: from {@code given} when not null, else as recorded.
     *
     * @throws ProfileException when the trace names a profile that cannot be loaded
     */
    public static TraceRoles of(TraceReader trace, OrbProfile given) throws ProfileException {
        Dictionary d = trace.dictionary();
        if (given != null) {
            return new TraceRoles(d, given, "profile " + given.name() + " (given)", given, null);
        }
        String name = recordedProfileName(trace);
        for (int id = 1; id <= d.methodCount(); id++) {
            if (d.methodRole(id) != null) {
                return new TraceRoles(d, null, "recorded in the trace", quietly(name), null);
            }
        }
        if (name != null) {
            OrbProfile named = OrbProfile.load(name);
            return new TraceRoles(d, named, "profile " + name + " (named by the trace)", named, null);
        }
        ShippedOrbs.Sighting seen = ShippedOrbs.byClasses(d);
        if (seen == null) {
            return new TraceRoles(d, null, "none: the trace was recorded without an ORB profile", null, null);
        }
        String why = "profile " + seen.profile().name() + ", picked from the trace's classes in "
                + ShippedOrbs.packageOf(seen.profile()) + " (" + seen.orb() + "): the trace was recorded without a profile"
                + " (record with profile=" + seen.profile().name() + " for the keys that join a request's pieces)";
        return new TraceRoles(d, seen.profile(), why, seen.profile(), why);
    }

    /** The shipped profile of that name, or null (a profile file the recording read, not at hand here). */
    private static OrbProfile quietly(String name) {
        try {
            return name == null ? null : OrbProfile.load(name);
        } catch (ProfileException e) {
            return null;
        }
    }

    /** The profile the trace was recorded with: its header's profile.name, or the agent option of older traces. */
    static String recordedProfileName(TraceReader trace) {
        String name = trace.header().profileName();
        return name != null ? name : trace.header().agentOptions().first(AgentOptions.PROFILE);
    }

    /** Where the roles come from, for reports. */
    public String source() {
        return source;
    }

    /**
     * The profile the roles come from (given, named by the trace or picked), or the one that recorded the trace's
     * own roles when it can be loaded; null when unknown.
     */
    public OrbProfile profile() {
        return known;
    }

    /** Why the roles' profile was picked from the trace's classes (it was recorded without one), or null. */
    public String picked() {
        return picked;
    }

    /**
     * When the trace defines none of the roles' profile's methods, what is wrong and which ORB the trace shows
     * ({@link ProfileFit#mismatch}); null otherwise.
     */
    public String mismatch(TraceReader trace) {
        return known == null || profile == null ? null : ProfileFit.of(trace, known).mismatch();
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
