package org.orbscope.postprocess.stages;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileMethod;
import org.orbscope.trace.profile.ShippedOrbs;

/**
 * How a profile fits a trace: which of its methods the agent found (the agent defines a method in the trace when it
 * instruments it, so a method missing from the trace's method table was not in any class the JVM loaded while it
 * recorded), which of the trace's threads its thread roles name, and, when it found none of its methods, which
 * shipped profile's ORB the trace shows instead ({@link ShippedOrbs}).
 */
public final class ProfileFit {
    private final OrbProfile profile;
    private final List<ProfileMethod> missing = new ArrayList<>();
    private final Map<String, List<String>> threadsByRole = new LinkedHashMap<>();
    private final List<String> threads;
    private final Dictionary dictionary;

    private ProfileFit(OrbProfile profile, Dictionary dictionary, List<String> threads) {
        this.profile = profile;
        this.dictionary = dictionary;
        this.threads = threads;
    }

    /** How {@code profile} fits the trace (its method table and thread names; no event is read). */
    public static ProfileFit of(TraceReader trace, OrbProfile profile) {
        Dictionary d = trace.dictionary();
        TreeSet<String> names = new TreeSet<>();
        for (int tid = 1; tid <= d.threadCount(); tid++) {
            names.add(d.threadName(tid));
        }
        ProfileFit fit = new ProfileFit(profile, d, new ArrayList<>(names));
        Set<String> defined = new HashSet<>();
        for (int id = 1; id <= d.methodCount(); id++) {
            String cls = d.methodClass(id);
            if (cls != null) {
                defined.add(cls.replace('/', '.') + '#' + d.methodName(id) + d.methodDescriptor(id));
            }
        }
        for (ProfileMethod m : profile.methods()) {
            if (!defined.contains(m.className() + '#' + m.methodName() + m.descriptor())) {
                fit.missing.add(m);
            }
        }
        profile.threadRoles().forEach((role, globs) -> {
            List<String> matched = new ArrayList<>();
            for (String name : names) {
                if (OrbProfile.threadMatches(globs, name)) {
                    matched.add(name);
                }
            }
            fit.threadsByRole.put(role, matched);
        });
        return fit;
    }

    public OrbProfile profile() {
        return profile;
    }

    /** How many of the profile's methods the trace defines. */
    public int found() {
        return profile.methods().size() - missing.size();
    }

    public int total() {
        return profile.methods().size();
    }

    /** The profile's methods the trace does not define, in file order. */
    public List<ProfileMethod> missing() {
        return missing;
    }

    /** Thread role -> the distinct names of the trace's threads its globs match, in the profile's order. */
    public Map<String, List<String>> threadsByRole() {
        return threadsByRole;
    }

    /** The distinct names of the trace's threads, sorted. */
    public List<String> threads() {
        return threads;
    }

    /**
     * What is wrong when the trace defines none of the profile's methods ({@code 0 of 8 methods of profile glassfish
     * found; this trace's JVM loads WildFly ORB ... (its threads ...): try --profile openjdk-orb}); null when it
     * defines some, or the profile names none.
     */
    public String mismatch() {
        if (total() == 0 || found() > 0) {
            return null;
        }
        return ShippedOrbs.noneFound(profile, ShippedOrbs.inTrace(dictionary, threads), "this trace's JVM", "--profile ");
    }
}
