package org.orbscope.trace.profile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.orbscope.trace.Dictionary;

/**
 * Which shipped profile's ORB a JVM loads, the one answer the agent (from the classes the JVM has loaded) and the
 * report (from a trace's method table and thread names) share. Each shipped profile says what its ORB looks like:
 * the package its methods are in ({@code org.apache.yoko.orb}) and the names of its threads
 * ({@code profile.threads.*}). Classes decide first; where there are none (a profile that matched nothing records no
 * method) the threads do, each thread going to the profile whose glob names it most closely (glassfish's
 * {@code p: default-threadpool; w: *} and the WildFly ORB's {@code p: default-threadpool; w: Idle} both match the
 * WildFly ORB's pool threads; the longer fixed text wins).
 */
public final class ShippedOrbs {
    /** How many leading package names a profile's package keeps: enough to tell com.sun.corba.ee from .se. */
    private static final int PACKAGE_DEPTH = 4;
    private static volatile List<OrbProfile> loaded;

    /** A shipped profile whose ORB a JVM shows, and what showed it ({@code its classes in org.jacorb}). */
    public static final class Sighting {
        private final OrbProfile profile;
        private final String evidence;

        Sighting(OrbProfile profile, String evidence) {
            this.profile = profile;
            this.evidence = evidence;
        }

        public OrbProfile profile() {
            return profile;
        }

        /** What showed the ORB: {@code its classes in org.apache.yoko.orb}, {@code its threads ...}. */
        public String evidence() {
            return evidence;
        }

        /** The ORB's name as its profile gives it ({@code Apache Yoko 1.4}), else the profile's name. */
        public String orb() {
            return profile.orb() != null ? profile.orb() : profile.name();
        }

        /** {@code Apache Yoko 1.4 (its classes in org.apache.yoko.orb)}. */
        public String describe() {
            return orb() + " (" + evidence + ")";
        }
    }

    private ShippedOrbs() {
    }

    /** The shipped profiles, loaded once. */
    public static List<OrbProfile> profiles() {
        List<OrbProfile> all = loaded;
        if (all == null) {
            all = new ArrayList<>();
            for (String name : OrbProfile.shipped()) {
                try {
                    all.add(OrbProfile.load(name));
                } catch (ProfileException e) {
                    throw new IllegalStateException("shipped profile " + name + " does not load: " + e.getMessage(), e);
                }
            }
            loaded = all = Collections.unmodifiableList(all);
        }
        return all;
    }

    /**
     * The shipped profile whose ORB a trace shows, by the classes of its methods, else by its thread names; null
     * when it shows none (or two equally).
     */
    public static Sighting inTrace(Dictionary dictionary, Collection<String> threadNames) {
        Sighting byClasses = byClasses(dictionary);
        return byClasses != null ? byClasses : byThreads(threadNames);
    }

    /** The shipped profile with the most of the trace's method classes in its package, or null. */
    public static Sighting byClasses(Dictionary dictionary) {
        List<String> classes = new ArrayList<>();
        for (int id = 1; id <= dictionary.methodCount(); id++) {
            String cls = dictionary.methodClass(id);
            if (cls != null) {
                classes.add(cls);
            }
        }
        return byClasses(classes);
    }

    /** The shipped profile with the most of these classes (dotted or internal names) in its package, or null. */
    public static Sighting byClasses(Iterable<String> classNames) {
        Map<OrbProfile, Integer> counts = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        for (String name : classNames) {
            String cls = name.replace('/', '.');
            if (seen.add(cls)) {
                OrbProfile p = ofClass(cls);
                if (p != null) {
                    counts.merge(p, 1, Integer::sum);
                }
            }
        }
        OrbProfile best = best(counts);
        return best == null ? null : new Sighting(best, "its classes in " + packageOf(best));
    }

    /**
     * What is wrong when none of a profile's methods were found, and which ORB the JVM shows instead: {@code 0 of 8
     * methods of profile glassfish found; this trace's JVM loads WildFly ORB ... (its threads ...): try --profile
     * openjdk-orb}. {@code jvm} names the JVM ({@code this JVM}, {@code this trace's JVM}), {@code option} how to name
     * a profile where the message is read ({@code --profile }, {@code profile=}).
     */
    public static String noneFound(OrbProfile profile, Sighting seen, String jvm, String option) {
        String none = "0 of " + profile.methods().size() + " methods of profile " + profile.name() + " found";
        if (seen == null) {
            return none + "; " + jvm + " loads no ORB a shipped profile describes (docs/profiles.md says how to write one)";
        }
        if (seen.profile().name().equals(profile.name())) {
            return none + ", though " + jvm + " runs " + seen.describe() + ": another version of the ORB? The profile's"
                    + " methods must match the ORB's classes exactly (javap -p -s CLASS)";
        }
        return none + "; " + jvm + " loads " + seen.describe() + ": try " + option + seen.profile().name();
    }

    /** The shipped profile whose ORB's package holds a class (dotted or internal name), or null. */
    public static OrbProfile ofClass(String className) {
        String cls = className.replace('/', '.');
        for (OrbProfile p : profiles()) {
            String pkg = packageOf(p);
            if (!pkg.isEmpty() && cls.startsWith(pkg) && cls.length() > pkg.length() && cls.charAt(pkg.length()) == '.') {
                return p;
            }
        }
        return null;
    }

    /** The shipped profile that names the most of these threads most closely, or null. */
    public static Sighting byThreads(Collection<String> threadNames) {
        Map<OrbProfile, Integer> threads = new LinkedHashMap<>();
        Map<OrbProfile, TreeSet<String>> names = new LinkedHashMap<>();
        for (String thread : threadNames) {
            OrbProfile closest = null;
            int closestFixed = -1;
            boolean tie = false;
            for (OrbProfile p : profiles()) {
                int fixed = closestGlob(p, thread);
                if (fixed > closestFixed) {
                    closest = p;
                    closestFixed = fixed;
                    tie = false;
                } else if (fixed == closestFixed && fixed >= 0) {
                    tie = true;
                }
            }
            if (closest != null && !tie) {
                threads.merge(closest, 1, Integer::sum);
                names.computeIfAbsent(closest, k -> new TreeSet<>()).add(thread);
            }
        }
        OrbProfile best = best(threads);
        if (best == null) {
            return null;
        }
        List<String> shown = new ArrayList<>(names.get(best));
        String list = String.join(", ", shown.subList(0, Math.min(3, shown.size()))) + (shown.size() > 3 ? ", ..." : "");
        return new Sighting(best, "its threads " + list);
    }

    /** The fixed text's length of the profile's thread glob that matches the name most closely; -1 if none does. */
    private static int closestGlob(OrbProfile p, String thread) {
        int closest = -1;
        for (String globs : p.threadRoles().values()) {
            for (String glob : globs.split("\\|")) {
                if (OrbProfile.threadMatches(glob, thread)) {
                    closest = Math.max(closest, glob.trim().replace("*", "").length());
                }
            }
        }
        return closest;
    }

    /** The key with the largest count; null when there is none or two share it. */
    private static OrbProfile best(Map<OrbProfile, Integer> counts) {
        OrbProfile best = null;
        int most = 0;
        boolean tie = false;
        for (Map.Entry<OrbProfile, Integer> e : counts.entrySet()) {
            if (e.getValue() > most) {
                best = e.getKey();
                most = e.getValue();
                tie = false;
            } else if (e.getValue() == most) {
                tie = true;
            }
        }
        return tie ? null : best;
    }

    /**
     * The package a profile's methods share, at most {@value #PACKAGE_DEPTH} names deep ({@code org.jacorb},
     * {@code org.apache.yoko.orb}, {@code com.sun.corba.se}).
     */
    public static String packageOf(OrbProfile p) {
        String[] common = null;
        int n = 0;
        for (ProfileMethod m : p.methods()) {
            String[] parts = m.className().split("\\.");
            if (common == null) {
                common = parts;
                n = Math.min(parts.length - 1, PACKAGE_DEPTH);
            } else {
                int i = 0;
                while (i < n && i < parts.length - 1 && parts[i].equals(common[i])) {
                    i++;
                }
                n = i;
            }
        }
        return common == null ? "" : String.join(".", Arrays.copyOf(common, n));
    }
}
