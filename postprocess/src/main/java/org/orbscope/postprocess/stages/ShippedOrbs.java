package org.orbscope.postprocess.stages;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileException;
import org.orbscope.trace.profile.ProfileMethod;

/**
 * Which shipped profile's ORB a trace shows. Each shipped profile says what its ORB looks like: the package its
 * methods are in ({@code org.apache.yoko.orb}) and the names of its threads ({@code profile.threads.*}). The classes
 * of the trace's methods decide first; a trace without any (a profile that matched nothing records no method) is
 * judged by its threads, each thread going to the profile whose glob names it most closely (glassfish's
 * {@code p: default-threadpool; w: *} and the WildFly ORB's {@code p: default-threadpool; w: Idle} both match the
 * WildFly ORB's pool threads; the longer fixed text wins).
 */
public final class ShippedOrbs {
    /** How many leading package names a profile's package keeps: enough to tell com.sun.corba.ee from .se. */
    private static final int PACKAGE_DEPTH = 4;

    /** A shipped profile whose ORB the trace shows, and what showed it ({@code its classes in org.jacorb}). */
    public record Sighting(OrbProfile profile, String evidence) {
        /** {@code Apache Yoko 1.4 (its classes in org.apache.yoko.orb)}. */
        public String describe() {
            return (profile.orb() != null ? profile.orb() : profile.name()) + " (" + evidence + ")";
        }
    }

    private ShippedOrbs() {
    }

    /** The shipped profiles, loaded. */
    static List<OrbProfile> profiles() {
        List<OrbProfile> all = new ArrayList<>();
        for (String name : OrbProfile.shipped()) {
            try {
                all.add(OrbProfile.load(name));
            } catch (ProfileException e) {
                throw new IllegalStateException("shipped profile " + name + " does not load: " + e.getMessage(), e);
            }
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
    static Sighting byClasses(Dictionary dictionary) {
        Map<OrbProfile, String> packages = new LinkedHashMap<>();
        for (OrbProfile p : profiles()) {
            packages.put(p, packageOf(p) + ".");
        }
        Map<OrbProfile, Integer> classes = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        for (int id = 1; id <= dictionary.methodCount(); id++) {
            String cls = dictionary.methodClass(id);
            if (cls == null || !seen.add(cls.replace('/', '.'))) {
                continue;
            }
            packages.forEach((p, pkg) -> {
                if (cls.replace('/', '.').startsWith(pkg)) {
                    classes.merge(p, 1, Integer::sum);
                }
            });
        }
        OrbProfile best = best(classes);
        return best == null ? null : new Sighting(best, "its classes in " + packageOf(best));
    }

    /** The shipped profile that names the most of the trace's threads most closely, or null. */
    static Sighting byThreads(Collection<String> threadNames) {
        Map<OrbProfile, Integer> threads = new LinkedHashMap<>();
        Map<OrbProfile, TreeSet<String>> names = new LinkedHashMap<>();
        List<OrbProfile> profiles = profiles();
        for (String thread : threadNames) {
            OrbProfile closest = null;
            int closestFixed = -1;
            boolean tie = false;
            for (OrbProfile p : profiles) {
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
    static String packageOf(OrbProfile p) {
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
