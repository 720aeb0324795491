package org.orbscope.postprocess;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.orbscope.postprocess.point.TraceStages;
import org.orbscope.postprocess.stages.ProfileFit;
import org.orbscope.postprocess.stages.Role;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.postprocess.stages.TraceRoles;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.trace.Event;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileException;
import org.orbscope.trace.profile.ProfileMethod;

/**
 * What a profile makes of a trace, for a user writing a profile: how many of its methods the trace has (and, when
 * none, which ORB the trace shows instead), which threads its thread roles name, which roles were seen (events,
 * keyed or not, on which threads), how many requests were assembled and how many came out whole, what the
 * incomplete ones miss, and which stage durations came out negative. {@link #ok()} when every request is complete
 * and no stage is negative.
 */
public final class ProfileCheck {
    /** The stage durations a negative value of which means the profile marks the wrong moment. */
    private static final List<StageColumn> DURATIONS = List.of(StageColumn.RECEIVER, StageColumn.QUEUE,
            StageColumn.DISPATCHER, StageColumn.SERVANT, StageColumn.REPLY, StageColumn.COMPLETION,
            StageColumn.RECEIVER2, StageColumn.DISPATCHER2);

    /** Per role: boundary events, events with a key, and the threads they were on. */
    static final class RoleUse {
        long events;
        long keyed;
        final Map<String, Long> threads = new TreeMap<>();
    }

    private final String roleSource;
    /** How the roles' profile fits the trace; null when the roles are the trace's own and its profile is unknown. */
    private ProfileFit fit;
    private final Map<Role, RoleUse> roles = new EnumMap<>(Role.class);
    private final Map<String, Long> unknownLabels = new TreeMap<>();
    private final Map<String, Long> missing = new TreeMap<>();
    private final Map<StageColumn, Long> negative = new LinkedHashMap<>();
    /** Requests named by the trace, per name (operation, object): value -> requests. */
    private final Map<String, Map<String, Long>> names = Map.of(ProfileMethod.OPERATION, new TreeMap<>(),
            ProfileMethod.OBJECT, new TreeMap<>());
    private long requests;
    private long complete;
    private long rejected;
    private final boolean truncated;

    private ProfileCheck(String roleSource, boolean truncated) {
        this.roleSource = roleSource;
        this.truncated = truncated;
    }

    /** Checks {@code trace} against {@code profile} (null: the roles the trace carries). */
    public static ProfileCheck of(Path trace, OrbProfile profile) throws IOException, ProfileException {
        ProfileCheck check;
        try (TraceReader r = TraceReader.open(trace)) {
            TraceRoles roles = TraceRoles.of(r, profile);
            check = new ProfileCheck(roles.source(), r.isTruncated());
            check.fit = roles.profile() == null ? null : ProfileFit.of(r, roles.profile());
            r.read(e -> check.count(r, roles, e));
        }
        StageResult s = TraceStages.extract(trace, profile);
        for (RequestStages row : s.rows()) {
            check.requests++;
            if (!row.operation.isEmpty()) {
                check.names.get(ProfileMethod.OPERATION).merge(row.operation, 1L, Long::sum);
            }
            if (!row.object.isEmpty()) {
                check.names.get(ProfileMethod.OBJECT).merge(row.object, 1L, Long::sum);
            }
            if (row.complete()) {
                check.complete++;
            } else if (RequestStages.REJECTED.equals(row.status)) {
                check.rejected++;
            } else {
                for (String m : row.missing.split(";")) {
                    check.missing.merge(m.isEmpty() ? "?" : m, 1L, Long::sum);
                }
            }
            for (StageColumn c : DURATIONS) {
                if (row.has(c) && row.get(c) < 0) {
                    check.negative.merge(c, 1L, Long::sum);
                }
            }
        }
        return check;
    }

    private void count(TraceReader r, TraceRoles trs, Event e) {
        if (e.type() != EventType.METHOD_ENTER && e.type() != EventType.METHOD_EXIT) {
            return;
        }
        Role role = trs.role(e.methodId());
        if (role == null) {
            String label = trs.label(e.methodId());
            if (label != null) {
                unknownLabels.merge(label, 1L, Long::sum);
            }
            return;
        }
        RoleUse u = roles.computeIfAbsent(role, k -> new RoleUse());
        u.events++;
        if (e.hasKey()) {
            u.keyed++;
        }
        String thread = r.dictionary().threadName(e.threadId()).replaceAll("[0-9]+$", "N");
        u.threads.merge(thread, 1L, Long::sum);
    }

    /** Every request complete and no stage negative. */
    public boolean ok() {
        return requests > 0 && complete + rejected == requests && negative.isEmpty() && unknownLabels.isEmpty();
    }

    public void print(PrintStream out) {
        out.println("roles: " + roleSource + (truncated ? " (trace truncated: requests in flight at the cut are incomplete)" : ""));
        if (fit != null) {
            printFit(out);
        }
        out.printf(Locale.ROOT, "%-22s %10s %10s  %s%n", "role", "events", "keyed", "threads");
        for (Role role : Role.values()) {
            RoleUse u = roles.get(role);
            if (u == null) {
                out.printf(Locale.ROOT, "%-22s %10s %10s  %s%n", role.label(), "-", "-", "not seen");
            } else {
                out.printf(Locale.ROOT, "%-22s %10d %10d  %s%n", role.label(), u.events, u.keyed, u.threads);
            }
        }
        unknownLabels.forEach((l, n) -> out.println("unknown role label '" + l + "' (" + n + " events): the stage "
                + "extractor knows " + String.join(", ", labels())));
        out.printf(Locale.ROOT, "requests: %d assembled, %d complete, %d rejected, %d incomplete%n", requests, complete,
                rejected, requests - complete - rejected);
        missing.forEach((m, n) -> out.printf(Locale.ROOT, "  incomplete, missing %-14s %d%n", m + ":", n));
        for (String name : List.of(ProfileMethod.OPERATION, ProfileMethod.OBJECT)) {
            Map<String, Long> byValue = names.get(name);
            long named = byValue.values().stream().mapToLong(Long::longValue).sum();
            out.printf(Locale.ROOT, "%s named in %d of %d requests%s%n", name, named, requests,
                    byValue.isEmpty() ? unnamed(name) : ": " + shortList(byValue));
        }
        if (negative.isEmpty()) {
            out.println("negative stages: none");
        } else {
            negative.forEach((c, n) -> out.printf(Locale.ROOT, "negative stages: %s in %d requests (a role marks the "
                    + "wrong moment, or fragments of different requests were joined)%n", c.header(), n));
        }
        out.println(ok() ? "ok: every request joined, no stage negative" : "NOT OK: see above");
    }

    /** How many of the profile's methods the trace has, and which threads its thread roles name. */
    private void printFit(PrintStream out) {
        String mismatch = fit.mismatch();
        if (mismatch != null) {
            out.println("methods: " + mismatch);
        } else {
            out.printf(Locale.ROOT, "methods: %d of %d methods of profile %s found%n", fit.found(), fit.total(),
                    fit.profile().name());
            for (ProfileMethod m : fit.missing()) {
                out.println("  not in the trace (no loaded class has it): " + m.className() + "#" + m.methodName()
                        + m.descriptor() + (m.role() == null ? "" : " (" + m.role() + ")"));
            }
        }
        fit.threadsByRole().forEach((role, threads) -> out.printf(Locale.ROOT, "threads %-10s %s: %s%n", role,
                "'" + fit.profile().threadRoles().get(role) + "'", threads.isEmpty()
                        ? "no thread of this trace has such a name (its threads: " + shortNames(fit.threads()) + ")"
                        : threads.size() + (threads.size() == 1 ? " thread, " : " threads, ") + shortNames(threads)));
    }

    /** Why no request carries a name: the profile reads none, no request was assembled, or nothing was recorded. */
    private String unnamed(String name) {
        if (requests == 0) {
            return "";
        }
        if (fit != null && fit.profile().methods().stream().noneMatch(m -> m.role() != null
                && (name.equals(ProfileMethod.OPERATION) ? m.operation() : m.object()) != ProfileMethod.Path.NONE)) {
            return " (profile " + fit.profile().name() + " reads no " + name + "= on a method with a role)";
        }
        return " (the trace has no " + name + " names: the method that reads them recorded none)";
    }

    /** A few names, and how many more there are. */
    private static String shortNames(List<String> names) {
        return String.join(", ", names.subList(0, Math.min(6, names.size())))
                + (names.size() > 6 ? ", ... (" + names.size() + " in all)" : "");
    }

    /** The first few values with their request counts. */
    private static String shortList(Map<String, Long> byValue) {
        StringBuilder b = new StringBuilder();
        int shown = 0;
        for (Map.Entry<String, Long> e : byValue.entrySet()) {
            if (shown++ == 8) {
                return b.append(", ... (").append(byValue.size()).append(" in all)").toString();
            }
            b.append(shown > 1 ? ", " : "").append(e.getKey()).append(' ').append(e.getValue());
        }
        return b.toString();
    }

    private static List<String> labels() {
        return java.util.Arrays.stream(Role.values()).map(Role::label).toList();
    }
}
