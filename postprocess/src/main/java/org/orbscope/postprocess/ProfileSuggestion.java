package org.orbscope.postprocess;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.ToLongFunction;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileException;

/**
 * A profile proposed from a broad trace of an ORB server (every method of the ORB's packages recorded with
 * {@code include=} globs and {@code identities=true} while a few requests passed, one at a time): the steps of
 * docs/profiles.md done on the trace's data.
 *
 * <ol>
 * <li>A method the ORB runs once per request is called as many times as requests passed (the count most methods
 * share, or the number given). The server works in bursts between pauses, one per request; the method called
 * exactly once per request that comes first in most bursts begins each request, and request k's path is the
 * once-per-request calls from its k-th call to the next (and those of the read event around it). A request whose
 * work ran into the next one's is left out, and so is a call that returns only when the next request comes (a
 * blocking read, a queue's take): it holds the wait, not the work.</li>
 * <li>The servant is the application's object (of a class in no recorded package) the ORB hands from method to
 * method; the method holding it with the most time of its own, not blocked, runs the servant's code unrecorded, on
 * the dispatcher thread. The arrival's thread is the receiver. When they are one thread in most requests, the ORB
 * has no queue stage: the receiver dispatches the request itself (docs/profiles.md, an ORB without a queue), and
 * the proposal says so.</li>
 * <li>Each role is the method at its place in most requests' paths: the dispatcher's first methods are
 * {@code dispatch.begin} candidates (on a stage-less thread, those around the servant's); the receiver's methods that
 * return before the begin is entered are {@code receive.enqueue} candidates, not one around another (it returns
 * after the queue's lock is let go); {@code receive.end} is the receiver's innermost call around the enqueue;
 * {@code receive.arrival} the receiver's first step that returns before the enqueue; {@code dispatch.end} the
 * dispatcher's call that returns last; {@code dispatch.result} the last to return after the servant inside the
 * dispatcher's work item.</li>
 * <li>The key: a path from the enqueue and one from the begin ({@code this}, {@code argN}, {@code argN.field}, as
 * the trace's {@code identity} events record them) that reach one object in each request and another object in
 * every request: an object the ORB makes per request, not a connection, a broker or a thread. The begin as early and
 * the enqueue as late as such a key allows.</li>
 * </ol>
 *
 * What the data cannot decide is left out and said in the notes; {@code profile check} on a trace recorded with the
 * proposal says whether it holds.
 */
public final class ProfileSuggestion {
    /** The share of requests a choice must hold in: a broad trace's path varies little, its first calls may. */
    private static final double MOST = 0.9;

    /** One call: its method, thread, enter and exit times, its wall time not in recorded callees, and what it held. */
    private record Call(int method, int thread, long enter, long exit, long self, Map<Integer, Long> held,
            Set<Long> handed) {
    }

    /** The dispatch's end and its work item, the outermost call around the servant's: methods, -1 for none. */
    private record DispatchEnds(int end, int item) {
    }

    /** Where the receiver hands a request to the dispatch: the enqueue, the begin, and the key joining them or null. */
    private record HandOver(int begin, int enqueue, String[] key) {
    }

    private final Dictionary dictionary;
    private final String name;
    private final List<String> notes = new ArrayList<>();
    private final List<String> lines = new ArrayList<>();
    private int requests;
    private boolean stageless;
    private boolean keyed;
    private boolean identities;
    /** Key paths ({@code this}, {@code arg0.upcall_}) by number, as {@link Call#held} keys them. */
    private final List<String> pathNames = new ArrayList<>();
    private final Map<String, Integer> pathNumbers = new HashMap<>();
    /**
     * The packages of the recorded methods' classes: the ORB's; an object of another package is the application's,
     * unless it is the platform's or the CORBA API's ({@link #PLATFORM}).
     */
    private final Set<String> orbPackages = new HashSet<>();
    /**
     * Packages whose objects are never the application's servant: the JDK's, and the CORBA API's (org.omg), whose
     * holders, exceptions and completion statuses the ORB makes for a request and hands from method to method.
     */
    private static final List<String> PLATFORM = List.of("java.", "javax.", "jdk.", "sun.", "org.omg.");
    /** The method that runs the servant's code, chosen on every call of the once-per-request methods; -1: none. */
    private int servantMethod = -1;
    /** Calls per method. */
    private final Map<Integer, Integer> counts = new HashMap<>();
    /** The method whose calls begin the requests: the arrival. */
    private int anchor = -1;
    /** Per request, its path: the once-per-request calls in order of their enters. */
    private final List<List<Call>> paths = new ArrayList<>();

    private ProfileSuggestion(Dictionary dictionary, String name) {
        this.dictionary = dictionary;
        this.name = name;
    }

    /**
     * Proposes a profile named {@code name} from a broad trace; {@code requests} is how many requests passed while it
     * was recorded (0: the count most methods share).
     */
    public static ProfileSuggestion of(Path trace, String name, int requests) throws IOException {
        try (TraceReader r = TraceReader.open(trace)) {
            ProfileSuggestion s = new ProfileSuggestion(r.dictionary(), name);
            s.suggest(r, requests);
            return s;
        }
    }

    private void suggest(TraceReader r, int given) throws IOException {
        for (int m = 1; m <= dictionary.methodCount(); m++) {
            String c = dictionary.methodClass(m);
            if (c != null) {
                orbPackages.add(packageOf(c.replace('/', '.')));
            }
        }
        List<Call> calls = new ArrayList<>();
        for (int tid : r.threadIds()) {
            readThread(r, tid, calls);
        }
        Map<Integer, List<Call>> byMethod = new TreeMap<>();
        calls.forEach(c -> byMethod.computeIfAbsent(c.method(), k -> new ArrayList<>()).add(c));
        byMethod.forEach((m, cs) -> counts.put(m, cs.size()));
        requests = given > 0 ? given : mostShared(counts);
        if (requests == 0) {
            notes.add("no method was called three times or more: record a broad trace while requests pass");
            return;
        }
        int slack = Math.max(2, requests / 10);
        int low = given > 0 ? requests : requests - slack;
        byMethod.values().removeIf(cs -> cs.size() < low || cs.size() > requests + slack);
        byMethod.values().forEach(cs -> cs.sort(Comparator.comparingLong(Call::enter)));
        if (byMethod.size() < 3) {
            notes.add("fewer than three methods ran once per request (" + requests + " calls): give --requests N");
            return;
        }
        servantMethod = servantMethod(byMethod);
        buildPaths(byMethod, calls);
        if (!identities) {
            notes.add("the trace records no identities: record the broad trace with identities=true, so that the key"
                    + " can be judged on the objects each request's methods hold");
        }
        roles();
    }

    /** A thread's calls, each with the identities recorded right after its enter. */
    private void readThread(TraceReader r, int tid, List<Call> calls) throws IOException {
        List<Map<Integer, Long>> heldAtDepth = new ArrayList<>();
        // Per open call: the application's objects it was handed, as this or an argument (not a field of one).
        Map<Integer, Set<Long>> handedAt = new HashMap<>();
        long[] childWall = new long[256];
        // Time blocked (a monitor wait, a park, a contended enter) is no work: it is left out of a call's own time.
        long[] blocked = new long[256];
        long[] blockedSince = {0};
        int[] open = {-1};
        int[] current = {-1};
        r.readThread(tid, e -> {
            int type = e.type();
            if (type == EventType.WAIT_BEGIN || type == EventType.PARK_BEGIN || type == EventType.MONITOR_CONTENDED) {
                blockedSince[0] = e.nanos();
            } else if (type == EventType.WAIT_END || type == EventType.PARK_END || type == EventType.MONITOR_ENTERED) {
                if (blockedSince[0] != 0 && open[0] >= 0 && open[0] < blocked.length) {
                    blocked[open[0]] += e.nanos() - blockedSince[0];
                }
                blockedSince[0] = 0;
            }
            if (type == EventType.IDENTITY) {
                identities = true;
                if (current[0] >= 0) {
                    String text = dictionary.string(e.pathStringId());
                    int space = text.indexOf(' ');
                    String path = space < 0 ? text : text.substring(0, space);
                    Integer number = pathNumbers.get(path);
                    if (number == null) {
                        number = pathNames.size();
                        pathNames.add(path);
                        pathNumbers.put(path, number);
                    }
                    heldAtDepth.get(current[0]).put(number, e.identityHash());
                    if (space >= 0 && path.indexOf('.') < 0 && applicationClass(text.substring(space + 1))) {
                        handedAt.computeIfAbsent(current[0], x -> new HashSet<>()).add(e.identityHash());
                    }
                }
                return;
            }
            if (type == EventType.METHOD_ENTER) {
                int d = e.depth();
                current[0] = d;
                open[0] = d;
                if (d >= 0 && d < blocked.length) {
                    blocked[d] = 0;
                }
                while (d >= 0 && heldAtDepth.size() <= d) {
                    heldAtDepth.add(null);
                }
                if (d >= 0) {
                    heldAtDepth.set(d, new HashMap<>(4));
                    handedAt.remove(d);
                }
                return;
            }
            current[0] = -1;
            if (type == EventType.METHOD_EXIT) {
                open[0] = e.depth() - 1;
            }
            if (type != EventType.METHOD_EXIT || e.methodId() == 0 || e.depth() < 0 || e.depth() + 1 >= childWall.length) {
                return;
            }
            int d = e.depth();
            long wall = e.nanos() - e.enterNanos();
            Map<Integer, Long> held = d < heldAtDepth.size() && heldAtDepth.get(d) != null ? heldAtDepth.get(d) : Map.of();
            calls.add(new Call(e.methodId(), tid, e.enterNanos(), e.nanos(), wall - childWall[d + 1] - blocked[d], held,
                    handedAt.getOrDefault(d, Set.of())));
            handedAt.remove(d);
            blocked[d] = 0;
            childWall[d + 1] = 0;
            childWall[d] += wall;
        });
    }

    /**
     * The servant's method (-1: no method holds an object of the application's): among the once-per-request methods
     * that hold, in most of their calls, an object of the application's that the ORB hands from method to method (as
     * this or an argument; a logger in a field is no servant), the servant's code runs unrecorded in the one with the
     * most time of its own, not blocked, at the median of its calls. Chosen on every call, not on the requests'
     * paths: a request slowed by a busy machine can pause longer inside than the server between requests, and its
     * path then ends before the servant's call returns.
     */
    private int servantMethod(Map<Integer, List<Call>> byMethod) {
        Set<Long> servants = new HashSet<>();
        byMethod.values().forEach(cs -> cs.forEach(c -> servants.addAll(c.handed())));
        int servant = -1;
        long most = -1;
        for (Map.Entry<Integer, List<Call>> e : byMethod.entrySet()) {
            List<Call> cs = e.getValue();
            long holding = cs.stream().filter(c -> c.held().values().stream().anyMatch(servants::contains)).count();
            if (holding * 2 <= cs.size()) {
                continue;
            }
            long[] self = cs.stream().mapToLong(Call::self).sorted().toArray();
            long median = self[self.length / 2];
            if (median > most) {
                servant = e.getKey();
                most = median;
            }
        }
        return servant;
    }

    /**
     * The requests' paths. Among the methods called exactly once per request, the one whose k-th call comes first in
     * most requests marks where each request begins; request k's path is the once-per-request calls entered from
     * its k-th call to the next, less the calls that return only after the next began (a wait, not work). A request
     * whose work ran into the next one's (a method twice in one path: the client sent two close together, or the
     * server was slower than the pace) is left out: what remains are requests that passed alone.
     */
    private void buildPaths(Map<Integer, List<Call>> byMethod, List<Call> calls) {
        Set<Integer> exact = exactlyOncePerRequest(byMethod);
        if (exact.isEmpty()) {
            notes.add("no method ran exactly once per request (" + requests + " calls): give --requests N");
            return;
        }
        anchor = firstInMostBursts(calls, exact);
        if (anchor < 0) {
            notes.add("the server never paused between requests: record the broad trace with requests further apart");
            return;
        }
        long[] start = byMethod.get(anchor).stream().mapToLong(Call::enter).toArray();
        List<Call> all = new ArrayList<>();
        byMethod.values().forEach(all::addAll);
        all.sort(Comparator.comparingLong(Call::enter));
        for (List<Call> w : windows(all, requestBegins(start, all))) {
            Set<Integer> seen = new HashSet<>();
            boolean alone = w.stream().allMatch(c -> seen.add(c.method()));
            if (alone) {
                paths.add(w);
            }
        }
        if (paths.size() < Math.max(3, requests / 4)) {
            notes.add("only " + paths.size() + " of " + requests + " requests passed alone: record the broad trace with"
                    + " requests further apart");
            paths.clear();
        }
    }

    /** The methods called exactly as many times as requests passed. */
    private Set<Integer> exactlyOncePerRequest(Map<Integer, List<Call>> byMethod) {
        Set<Integer> exact = new HashSet<>();
        byMethod.forEach((m, cs) -> {
            if (cs.size() == requests) {
                exact.add(m);
            }
        });
        return exact;
    }

    /**
     * The anchor, whose calls begin the requests (-1: none). The server's work comes in bursts, one per request,
     * between pauses of the whole server (a call that spans a pause is a wait, not work). The method of
     * {@code exact} that comes first in most bursts is the anchor.
     */
    private int firstInMostBursts(List<Call> calls, Set<Integer> exact) {
        List<Call> sorted = new ArrayList<>(calls);
        sorted.sort(Comparator.comparingLong(Call::enter));
        long pause = sorted.isEmpty() ? 0 : (sorted.get(sorted.size() - 1).enter() - sorted.get(0).enter()) / requests / 4;
        List<Integer> firsts = new ArrayList<>();
        long busyUntil = Long.MIN_VALUE;
        boolean open = false;
        for (Call c : sorted) {
            if (c.exit() - c.enter() > pause) {
                continue;
            }
            if (c.enter() - busyUntil > pause) {
                open = true;
            }
            busyUntil = Math.max(busyUntil, c.exit());
            if (open && exact.contains(c.method())) {
                firsts.add(c.method());
                open = false;
            }
        }
        return mode(firsts, 0);
    }

    /**
     * Where each request's work begins, from the anchor's calls' enters {@code start} and the once-per-request calls
     * {@code all} in order of their enters; one more entry, {@link Long#MAX_VALUE}, closes the last request. Request
     * k's work begins at its arrival, or before it where the thread that reads it started on its read event: after
     * the last pause between the arrival before and this one (the server idle between requests). The last, not the
     * longest: on a busy machine a thread preempted inside the request before pauses as long as the server idles.
     */
    private long[] requestBegins(long[] start, List<Call> all) {
        long[] begin = new long[requests + 1];
        begin[0] = start[0];
        begin[requests] = Long.MAX_VALUE;
        int from = 0;
        for (int k = 1; k < requests; k++) {
            begin[k] = start[k];
            long maxExit = Long.MIN_VALUE;
            long pause = (start[k] - start[k - 1]) / 4;
            long idleFrom = Long.MAX_VALUE;
            for (int i = from; i < all.size() && all.get(i).enter() < start[k]; i++) {
                Call c = all.get(i);
                if (c.enter() < start[k - 1]) {
                    from = i + 1;
                    continue;
                }
                if (c.exit() >= start[k]) {
                    continue; // a wait for the next request, or the read event that holds its arrival
                }
                if (maxExit != Long.MIN_VALUE && c.enter() - maxExit > pause) {
                    idleFrom = maxExit;
                }
                maxExit = Math.max(maxExit, c.exit());
            }
            for (int i = from; i < all.size() && all.get(i).enter() < start[k]; i++) {
                if (all.get(i).enter() > idleFrom) {
                    begin[k] = all.get(i).enter();
                    break;
                }
            }
        }
        return begin;
    }

    /** Per request, the calls of {@code all} entered from its begin on that return before the next request begins. */
    private List<List<Call>> windows(List<Call> all, long[] begin) {
        List<List<Call>> windows = new ArrayList<>();
        for (int k = 0; k < requests; k++) {
            windows.add(new ArrayList<>());
        }
        for (Call c : all) {
            int k = Arrays.binarySearch(begin, c.enter());
            k = k >= 0 ? k : -k - 2;
            if (k >= 0 && k < requests && c.exit() < begin[k + 1]) {
                windows.get(k).add(c);
            }
        }
        return windows;
    }

    /** The method most requests' {@code choice} names (-1: none), if at least {@code share} of them name it. */
    private static int mode(List<Integer> chosen, double share) {
        Map<Integer, Integer> n = new HashMap<>();
        chosen.stream().filter(m -> m >= 0).forEach(m -> n.merge(m, 1, Integer::sum));
        return n.entrySet().stream().filter(e -> e.getValue() >= share * chosen.size())
                .max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(-1);
    }

    private static Call call(List<Call> path, int method) {
        for (Call c : path) {
            if (c.method() == method) {
                return c;
            }
        }
        return null;
    }

    private static Call latestExit(List<Call> calls) {
        return calls.stream().max(Comparator.comparingLong(Call::exit)).orElse(null);
    }

    private static int methodOf(Call c) {
        return c == null ? -1 : c.method();
    }

    private void roles() {
        if (paths.isEmpty()) {
            return;
        }
        int arrival = anchor;
        int servant = servantMethod != arrival ? servantMethod : -1;
        if (servant < 0) {
            servant = servantOnPaths(arrival);
        }
        if (servant < 0) {
            notes.add("no method runs in most requests after the arrival: the servant's method is unclear");
            return;
        }
        // Among the paths that hold the servant's call (a path the next request's begin cut short holds none).
        List<List<Call>> usable = new ArrayList<>();
        int holding = 0;
        int same = 0;
        for (List<Call> p : paths) {
            Call a = call(p, arrival);
            Call s = call(p, servant);
            holding += s != null ? 1 : 0;
            if (a != null && s != null && s.enter() > a.enter()) {
                usable.add(p);
                same += a.thread() == s.thread() ? 1 : 0;
            }
        }
        if (usable.size() < MOST * holding || holding * 2 < paths.size()) {
            notes.add("the servant's method " + dictionary.methodShort(servant) + " does not follow the arrival "
                    + dictionary.methodShort(arrival) + " in most requests");
            return;
        }
        stageless = same * 2 > usable.size();
        // The requests whose path has the ORB's usual shape: with a queue, the servant on another thread.
        List<List<Call>> shaped = new ArrayList<>();
        for (List<Call> p : usable) {
            if ((call(p, arrival).thread() == call(p, servant).thread()) == stageless) {
                shaped.add(p);
            }
        }
        Roles roles = new Roles(arrival, servant, shaped);
        roles.choose();
    }

    /**
     * The servant's method when no method holds an object of the application's (a trace without identities): the
     * method with the most time of its own, not blocked, at the median of the requests, in most of them (a thread
     * preempted in one request gives another method the most once); -1 when none.
     */
    private int servantOnPaths(int arrival) {
        Map<Integer, List<Long>> selfTimes = new HashMap<>();
        paths.forEach(p -> p.forEach(c -> selfTimes.computeIfAbsent(c.method(), m -> new ArrayList<>()).add(c.self())));
        int servant = -1;
        long most = -1;
        for (Map.Entry<Integer, List<Long>> e : selfTimes.entrySet()) {
            List<Long> t = e.getValue();
            t.sort(null);
            long median = t.get(t.size() / 2);
            if (e.getKey() != arrival && t.size() >= MOST * paths.size() && median > most) {
                servant = e.getKey();
                most = median;
            }
        }
        return servant;
    }

    /** The roles on the requests of one shape: each request's receiver and dispatcher threads, and their calls. */
    private final class Roles {
        final int arrival;
        final int servant;
        final List<List<Call>> shaped;
        final List<List<Call>> receiving = new ArrayList<>();
        final List<List<Call>> dispatching = new ArrayList<>();

        Roles(int arrival, int servant, List<List<Call>> shaped) {
            this.arrival = arrival;
            this.servant = servant;
            this.shaped = shaped;
            for (List<Call> p : shaped) {
                int rt = call(p, arrival).thread();
                int dt = call(p, servant).thread();
                receiving.add(p.stream().filter(c -> c.thread() == rt).toList());
                dispatching.add(p.stream().filter(c -> c.thread() == dt).toList());
            }
        }

        Call in(int k, int method) {
            return call(shaped.get(k), method);
        }

        void choose() {
            int n = shaped.size();
            // On a stage-less thread the receiver's end is after the dispatch: the call that returns last.
            int readEnd = !stageless ? -2 : mode(range(n, k -> methodOf(latestExit(receiving.get(k).stream()
                    .filter(c -> c.method() != arrival).toList()))), 0.5);
            DispatchEnds ends = dispatchEnds(readEnd);
            int dispatchEnd = ends.end();
            if (readEnd == -1 || dispatchEnd < 0) {
                notes.add("no method returns last on the " + (readEnd == -1 ? "receiver" : "dispatcher")
                        + " thread in most requests");
                return;
            }
            Set<Integer> excluded = Set.of(arrival, servant, readEnd, dispatchEnd);
            HandOver handOver = handOver(beginCandidates(excluded, dispatchEnd), excluded);
            if (handOver == null) {
                notes.add("no receiver method returns before a dispatcher method begins in most requests: the requests"
                        + " overlapped; record the broad trace with requests one at a time");
                return;
            }
            int begin = handOver.begin();
            int enqueue = handOver.enqueue();
            String[] key = handOver.key();
            keyed = key != null;
            if (!keyed) {
                key = new String[] {"none", "none"};
                if (identities) {
                    notes.add("no object that " + dictionary.methodShort(enqueue) + " and " + dictionary.methodShort(begin)
                            + " both hold is one per request: write the key by hand (docs/profiles.md, the key)");
                }
            }
            int result = result(begin, ends.item(), excluded);
            if (result < 0) {
                notes.add("no method returns between the servant and the dispatch's end: dispatch.result is the servant's");
                result = servant;
            }
            int receiveEnd = stageless ? readEnd : receiveEnd(enqueue);
            write(arrivalStep(enqueue), enqueue, receiveEnd, begin, result, dispatchEnd, key);
        }

        /**
         * The dispatch's end: with a queue, the dispatcher's call that returns last (it goes back for the next
         * request); on a stage-less thread, the call around the servant's that returns last before the receiver's
         * end {@code readEnd}. The work item: the dispatcher's outermost call around the servant's.
         */
        private DispatchEnds dispatchEnds(int readEnd) {
            List<Integer> endChoice = new ArrayList<>();
            List<Integer> itemChoice = new ArrayList<>();
            for (int k = 0; k < shaped.size(); k++) {
                Call s = in(k, servant);
                List<Call> around = dispatching.get(k).stream().filter(c -> c.method() != readEnd
                        && c.method() != arrival && encloses(c, s)).toList();
                endChoice.add(methodOf(latestExit(stageless ? around : dispatching.get(k).stream()
                        .filter(c -> c.method() != arrival && c.method() != servant).toList())));
                itemChoice.add(methodOf(around.stream().min(Comparator.comparingLong(Call::enter)).orElse(null)));
            }
            int dispatchEnd = mode(endChoice, 0.5);
            return new DispatchEnds(dispatchEnd, stageless ? dispatchEnd : mode(itemChoice, 0.5));
        }

        /**
         * The begin's candidates: the dispatcher's methods before the servant (on a stage-less thread, those around the
         * servant's call and inside the dispatch's end), earliest first.
         */
        private List<Integer> beginCandidates(Set<Integer> excluded, int dispatchEnd) {
            return candidates(k -> dispatching.get(k).stream().filter(c -> !excluded.contains(c.method())
                    && c.enter() <= in(k, servant).enter() && c.enter() > in(k, arrival).enter()
                    && (!stageless || encloses(in(k, dispatchEnd), c) && encloses(c, in(k, servant)))).toList(),
                    Call::enter, false);
        }

        /**
         * The begin and the enqueue: the earliest begin candidate with an enqueue that a key joins to it; else the
         * earliest with any enqueue, keyless. Null when no receiver method returns before a begin candidate.
         */
        private HandOver handOver(List<Integer> begins, Set<Integer> excluded) {
            HandOver unkeyed = null;
            for (int b : begins) {
                List<Integer> enqueues = enqueueCandidates(b, excluded);
                if (unkeyed == null && !enqueues.isEmpty()) {
                    unkeyed = new HandOver(b, enqueues.get(0), null);
                }
                HandOver keyedHandOver = keyedHandOver(b, enqueues);
                if (keyedHandOver != null) {
                    return keyedHandOver;
                }
            }
            return unkeyed;
        }

        /** The receiver's methods that return before {@code begin} is entered, the latest to return first. */
        private List<Integer> enqueueCandidates(int begin, Set<Integer> excluded) {
            return candidates(k -> {
                Call bc = in(k, begin);
                return receiving.get(k).stream().filter(c -> !excluded.contains(c.method()) && c.method() != begin
                        && bc != null && c.exit() < bc.enter() && c.enter() > in(k, arrival).enter()).toList();
            }, Call::exit, true);
        }

        /** The enqueue among {@code enqueues} that a key joins to {@code begin}, with that key; null when none. */
        private HandOver keyedHandOver(int begin, List<Integer> enqueues) {
            Map<Integer, String[]> keyedBy = new LinkedHashMap<>();
            for (int e : enqueues) {
                String[] k = sharedKey(e, begin);
                if (k != null) {
                    keyedBy.put(e, k);
                }
            }
            // The hand-over's exit must come before any dispatcher can take the request, however busy the
            // server: not a call around the one that puts the request in the queue (it returns after the queue's
            // lock is let go), so the innermost of nested candidates; and a method the ORB calls for other work
            // too (a new connection's accept) would start requests that never arrived, so one called exactly once
            // per request first. Among the rest, the latest to return.
            List<Integer> inner = keyedBy.keySet().stream().filter(e -> keyedBy.keySet().stream()
                    .noneMatch(o -> o != e && mostlyEncloses(e, o))).toList();
            Integer chosen = inner.stream().min(Comparator.comparing((Integer m) -> counts.get(m) != requests))
                    .orElse(null);
            return chosen == null ? null : new HandOver(begin, chosen, keyedBy.get(chosen));
        }

        /**
         * The result (-1: none in most requests): the last call to return after the servant inside the work item
         * {@code item}; else, the work item being the servant's own call, the first call after it.
         */
        private int result(int begin, int item, Set<Integer> excluded) {
            return mode(range(shaped.size(), k -> {
                Call s = in(k, servant);
                Call work = in(k, item);
                Call last = latestExit(dispatching.get(k).stream().filter(c -> c.method() != begin
                        && !excluded.contains(c.method()) && s != null && c.exit() >= s.exit() && encloses(work, c))
                        .toList());
                return methodOf(last != null ? last : dispatching.get(k).stream().filter(c -> c.method() != begin
                        && !excluded.contains(c.method()) && s != null && c.enter() >= s.exit())
                        .min(Comparator.comparingLong(Call::exit)).orElse(null));
            }), 0.5);
        }

        /**
         * The receive's end with a queue: the receiver is back to reading when the call around its hand-over returns:
         * the innermost one, a step per message, not a read loop that may hold several.
         */
        private int receiveEnd(int enqueue) {
            int n = shaped.size();
            int receiveEnd = mode(range(n, k -> {
                Call ec = in(k, enqueue);
                return methodOf(receiving.get(k).stream().filter(c -> c.method() != arrival && encloses(c, ec))
                        .min(Comparator.comparingLong(Call::exit)).orElse(null));
            }), 0.5);
            if (receiveEnd < 0) {
                notes.add("no receiver call around " + dictionary.methodShort(enqueue) + " in most requests: receive.end"
                        + " is the receiver's call that returns last");
                receiveEnd = mode(range(n, k -> methodOf(latestExit(receiving.get(k).stream()
                        .filter(c -> c.method() != arrival && c.method() != enqueue).toList()))), 0.5);
            }
            return receiveEnd;
        }

        /**
         * The arrival: from the first call of each request on, the receiver's first step that returns before the
         * hand-over, once per message (a read loop around the hand-over may read several messages at once under
         * load); the anchor when there is none.
         */
        private int arrivalStep(int enqueue) {
            List<Integer> arrivals = candidates(k -> {
                Call ec = in(k, enqueue);
                long from = in(k, arrival).enter();
                return receiving.get(k).stream().filter(c -> ec != null && c.enter() >= from && c.exit() < ec.enter())
                        .toList();
            }, Call::enter, false);
            return arrivals.isEmpty() ? arrival : arrivals.get(0);
        }

        /** Whether, in most requests, the call of {@code outer} encloses that of {@code inner}. */
        private boolean mostlyEncloses(int outer, int inner) {
            int n = 0;
            for (int k = 0; k < shaped.size(); k++) {
                n += encloses(in(k, outer), in(k, inner)) ? 1 : 0;
            }
            return n * 2 > shaped.size();
        }

        /** The methods each request's calls offer, in at least most requests, ordered by their median time. */
        private List<Integer> candidates(IntFunction<List<Call>> offered, ToLongFunction<Call> time,
                boolean latestFirst) {
            Map<Integer, List<Long>> seen = new LinkedHashMap<>();
            int n = shaped.size();
            for (int k = 0; k < n; k++) {
                long from = in(k, arrival).enter();
                for (Call c : offered.apply(k)) {
                    seen.computeIfAbsent(c.method(), m -> new ArrayList<>()).add(time.applyAsLong(c) - from);
                }
            }
            List<Integer> ms = new ArrayList<>();
            Map<Integer, Long> at = new HashMap<>();
            seen.forEach((m, ts) -> {
                if (ts.size() >= MOST * n) {
                    ts.sort(null);
                    ms.add(m);
                    at.put(m, ts.get(ts.size() / 2));
                }
            });
            ms.sort(Comparator.comparingLong(at::get));
            if (latestFirst) {
                Collections.reverse(ms);
            }
            return ms;
        }

        /**
         * The key paths by which {@code enqueue} and {@code begin} reach one object per request: in most requests the
         * same object on both, and another in each request. Simple paths first ({@code this}, {@code argN}), the
         * begin's first. Null when there is none.
         */
        private String[] sharedKey(int enqueue, int begin) {
            List<Integer> ePaths = heldPaths(enqueue);
            List<Integer> bPaths = heldPaths(begin);
            for (int pb : bPaths) {
                for (int pe : ePaths) {
                    if (oneObjectPerRequest(enqueue, pe, begin, pb)) {
                        return new String[] {pathNames.get(pe), pathNames.get(pb)};
                    }
                }
            }
            return null;
        }

        /** The paths a method held in most requests, the shortest first. */
        private List<Integer> heldPaths(int method) {
            Map<Integer, Integer> n = new HashMap<>();
            for (int k = 0; k < shaped.size(); k++) {
                Call c = in(k, method);
                if (c != null) {
                    c.held().keySet().forEach(p -> n.merge(p, 1, Integer::sum));
                }
            }
            List<Integer> ps = new ArrayList<>();
            n.forEach((p, count) -> {
                if (count >= MOST * shaped.size()) {
                    ps.add(p);
                }
            });
            ps.sort(Comparator.comparingInt((Integer p) -> pathNames.get(p).split("\\.").length)
                    .thenComparing(pathNames::get));
            return ps;
        }

        private boolean oneObjectPerRequest(int a, int pa, int b, int pb) {
            int equal = 0;
            Set<Long> distinct = new HashSet<>();
            for (int k = 0; k < shaped.size(); k++) {
                Call ca = in(k, a);
                Call cb = in(k, b);
                Long ha = ca == null ? null : ca.held().get(pa);
                Long hb = cb == null ? null : cb.held().get(pb);
                if (ha != null && ha.equals(hb)) {
                    equal++;
                    distinct.add(ha);
                }
            }
            int n = shaped.size();
            return equal >= MOST * n && distinct.size() >= MOST * n;
        }

        /** The path by which {@code method} reaches the begin's key object in most requests, or "none". */
        private String keyLike(int method, int begin, String beginPath) {
            if (method == begin) {
                return beginPath;
            }
            int pb = -1;
            for (int p : heldPaths(begin)) {
                if (pathNames.get(p).equals(beginPath)) {
                    pb = p;
                }
            }
            if (pb < 0) {
                return "none";
            }
            for (int p : heldPaths(method)) {
                if (oneObjectPerRequest(method, p, begin, pb)) {
                    return pathNames.get(p);
                }
            }
            return "none";
        }

        private void write(int arrival, int enqueue, int receiveEnd, int begin, int result, int dispatchEnd,
                String[] key) {
            String receiverGlob = glob(dictionary.threadName(in(0, arrival).thread()));
            String dispatcherGlob = glob(dictionary.threadName(in(0, servant).thread()));
            lines.add("profile.name = " + name);
            if (stageless) {
                lines.add("# Stage-less: the receiver thread dispatches each request itself, with no queue between them"
                        + " (docs/profiles.md, an ORB without a queue): the queue stage is the few microseconds from the"
                        + " enqueue's exit to the begin, and the receiver's second phase holds the dispatch.");
            } else if (receiverGlob.equals(dispatcherGlob)) {
                lines.add("# One thread group reads and dispatches: a thread that read a request queues it, and a thread"
                        + " of the same group takes it from the queue and dispatches it.");
            }
            lines.add("profile.threads.receiver = " + receiverGlob);
            lines.add("profile.threads.dispatcher = " + dispatcherGlob);
            // A fragment mark goes on the outermost method of its piece: a method entered before the mark and left
            // after it takes its enter's draw from the previous request, and under request sampling its exit is lost.
            boolean beginAtEnd = encloses(in(0, receiveEnd), in(0, arrival));
            method(arrival, "receive.arrival", "none", beginAtEnd ? "cpu=enter" : "cpu=enter | fragment=begin",
                    "the receiver's first once-per-request method: the request has arrived");
            method(enqueue, "receive.enqueue", key[0], "cpu=exit", stageless
                    ? "the receiver's last method that returns before its dispatch begins"
                    : "the receiver's last method that returns before the dispatcher takes the request");
            method(receiveEnd, "receive.end", "none", beginAtEnd ? "cpu=exit | fragment=begin" : "cpu=exit", beginAtEnd
                    ? "the receiver's method that returns last: it reads again; it encloses the arrival, so the request's"
                            + " first fragment begins at its enter"
                    : "the receiver's method that returns last: it reads again");
            boolean endEncloses = encloses(in(0, dispatchEnd), in(0, begin));
            String endKey = keyed && endEncloses && !key[1].equals("none") ? keyLike(dispatchEnd, begin, key[1]) : "none";
            boolean continueAtEnd = !endKey.equals("none");
            if (endEncloses && !continueAtEnd && !key[1].equals("none")) {
                notes.add("dispatch.end encloses the dispatch but holds no object of the key: under request sampling"
                        + " (request.sample) its exit is lost; record every request, or mark its continuation by hand");
            }
            String continued = key[1].equals("none") || continueAtEnd ? "cpu=true" : "cpu=true | fragment=continue";
            method(begin, "dispatch.begin", key[1], continued, stageless
                    ? "the first method of the dispatch, around the servant's"
                    : "the dispatcher's first method for the request");
            if (servant != result) {
                method(servant, "dispatch.servant", keyed ? keyLike(servant, begin, key[1]) : "none", "cpu=true",
                        "the method with the most time of its own: the servant's code runs in it unrecorded");
            } else {
                notes.add("the servant's method is also the dispatch's result: mark dispatch.servant by hand");
            }
            method(result, "dispatch.result", keyed ? keyLike(result, begin, key[1]) : "none", "cpu=false",
                    "the last method to return before the dispatch ends, for every request");
            method(dispatchEnd, "dispatch.end", endKey, continueAtEnd ? "cpu=exit | fragment=continue" : "cpu=exit",
                    (stageless ? "the dispatch's outermost method: it returns to the receiver's work"
                            : "the dispatcher's method that returns last: it goes back for the next request")
                            + (continueAtEnd ? "; it encloses the dispatch, so the request continues at its enter" : ""));
        }
    }

    private static List<Integer> range(int n, IntUnaryOperator f) {
        List<Integer> l = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            l.add(f.applyAsInt(k));
        }
        return l;
    }

    /** Whether call {@code outer} encloses call {@code inner} on one thread. */
    private static boolean encloses(Call outer, Call inner) {
        return outer != null && inner != null && outer.thread() == inner.thread() && outer.enter() <= inner.enter()
                && outer.exit() >= inner.exit() && outer != inner;
    }

    /** The call count most methods share, among counts of three or more (the larger on a tie); 0 when none. */
    private static int mostShared(Map<Integer, Integer> counts) {
        Map<Integer, Integer> methodsByCount = new TreeMap<>();
        counts.values().forEach(n -> {
            if (n >= 3) {
                methodsByCount.merge(n, 1, Integer::sum);
            }
        });
        int best = 0;
        int most = 0;
        for (Map.Entry<Integer, Integer> e : methodsByCount.entrySet()) {
            if (e.getValue() >= most) {
                best = e.getKey();
                most = e.getValue();
            }
        }
        return best;
    }

    /** Whether an object of class {@code className} is the application's: not the ORB's, the platform's or CORBA's. */
    private boolean applicationClass(String className) {
        return !orbPackages.contains(packageOf(className)) && PLATFORM.stream().noneMatch(className::startsWith);
    }

    private static String packageOf(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? "" : className.substring(0, dot);
    }

    /** A thread name with each run of digits as {@code *}: the glob of its group. */
    static String glob(String threadName) {
        return threadName == null ? "?" : threadName.replaceAll("[0-9]+", "*");
    }

    private void method(int id, String role, String key, String rest, String why) {
        lines.add("# " + why);
        lines.add("method = " + dictionary.methodClass(id).replace('/', '.') + "#" + dictionary.methodName(id)
                + dictionary.methodDescriptor(id) + " | role=" + role + " | key=" + key + " | " + rest);
    }

    /** How many requests the proposal took as passing while the trace was recorded. */
    public int requests() {
        return requests;
    }

    /** Whether the receiver threads dispatch the requests themselves: an ORB without a queue stage. */
    public boolean stageless() {
        return stageless;
    }

    /** What the data could not decide, for the user to settle by hand. */
    public List<String> notes() {
        return notes;
    }

    /** Whether a whole profile was proposed: every required role, and a key that joins the request's pieces. */
    public boolean complete() {
        return keyed && lines.stream().filter(l -> l.startsWith("method = ")).count() >= 6;
    }

    /** The proposal in the profile file format, the notes as comments; parsed as a check of its own form. */
    public String text(String source) throws ProfileException {
        StringBuilder b = new StringBuilder();
        b.append("# Proposed by orbscope profile suggest from ").append(source).append(", taking ").append(requests)
                .append(" requests as passing while it was recorded. Record a trace with it and run profile check.\n");
        for (String n : notes) {
            b.append("# to do: ").append(n).append('\n');
        }
        for (String l : lines) {
            b.append(l).append('\n');
        }
        try {
            OrbProfile.parse(new StringReader(b.toString()), source);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return b.toString();
    }
}
