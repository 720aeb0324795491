package org.orbscope.postprocess;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.Event;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileException;

/**
 * A profile proposed from a broad trace of an ORB server (every method of the ORB's packages recorded with
 * {@code include=} globs while a few requests passed, one at a time): the steps of docs/profiles.md done by counting.
 *
 * <ol>
 * <li>A method the ORB runs once per request is called as many times as requests passed (the count most methods
 * share, or the number given), or a few more (messages that are not requests: a close, a locate).</li>
 * <li>Threads are grouped by name with digits as {@code *}. A thread's work for one request is a <em>cycle</em>: its
 * events between two idle gaps (the thread blocked in a socket read or on its queue, where nothing is recorded):
 * the longest gaps of the group, as many as requests passed, not a fixed time, which a preempted thread or a long
 * servant would also leave.</li>
 * <li>The group whose cycles start first after each other group's is the receiver; the one that starts last is the
 * dispatcher; one between them is a controller, which is left out (the profile is then complete without it).</li>
 * <li>Each role is a once-per-request method at its place in the cycle: the receiver's first method entered after
 * the idle gap ({@code receive.arrival}); its last method that returns before the dispatcher's cycle begins
 * ({@code receive.enqueue}); its method that returns last ({@code receive.end}); the dispatcher's first method
 * ({@code dispatch.begin}), the one with the most time of its own, where the servant's code runs unrecorded
 * ({@code dispatch.servant}), the last to return inside the cycle ({@code dispatch.result}) and the one that
 * returns last ({@code dispatch.end}).</li>
 * <li>The key: a class both the enqueue's and the dispatch's begin method hold ({@code this} or a parameter, by their
 * descriptors); the enqueue and begin are chosen, among those that fit, to share one.</li>
 * </ol>
 *
 * What counting cannot see (a key reached through a field, the operation's name, the reply's method) is left out and
 * said in the notes; {@code profile check} on a trace recorded with the proposal says whether it holds.
 */
public final class ProfileSuggestion {
    /** The shortest idle gap on a thread: no event for this long. Requests of a broad trace come one at a time. */
    static final long IDLE_NS = 2_000_000L;

    /** One call: its method, thread, enter and exit times, and its wall time not spent in recorded callees. */
    private record Call(int method, int thread, long enter, long exit, long self) {
    }

    /** A thread group's once-per-request methods, each with its place in the group's cycles. */
    private static final class Group {
        final String glob;
        final List<long[]> cycles = new ArrayList<>(); // [start, end] of each cycle
        /** Method -> per call: enter offset, exit offset, own time, whether it spans an idle gap ({@link #place}). */
        final Map<Integer, long[][]> place = new LinkedHashMap<>();

        Group(String glob) {
            this.glob = glob;
        }

        long median(int method, int which) {
            long[] v = place.get(method)[which];
            long[] s = v.clone();
            Arrays.sort(s);
            return s.length == 0 ? 0 : s[s.length / 2];
        }

        /** Whether most calls of the method wait inside it for the next request. */
        boolean spans(int method) {
            return median(method, 3) > 0;
        }

        List<Integer> byEnter() {
            List<Integer> m = new ArrayList<>(place.keySet());
            m.sort(Comparator.comparingLong(id -> median(id, 0)));
            return m;
        }
    }

    private final Dictionary dictionary;
    private final String name;
    private final List<String> notes = new ArrayList<>();
    private final List<String> lines = new ArrayList<>();
    private int requests;

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
        Map<Integer, List<Call>> callsByThread = new TreeMap<>();
        Map<Integer, long[]> timesByThread = new TreeMap<>();
        for (int tid : r.threadIds()) {
            List<Call> calls = new ArrayList<>();
            long[][] times = {new long[256]};
            int[] n = {0};
            long[] childWall = new long[64];
            r.readThread(tid, e -> {
                if (e.type() != EventType.METHOD_ENTER && e.type() != EventType.METHOD_EXIT) {
                    return;
                }
                if (n[0] == times[0].length) {
                    times[0] = Arrays.copyOf(times[0], n[0] * 2);
                }
                times[0][n[0]++] = e.nanos();
                exit(e, tid, calls, childWall);
            });
            callsByThread.put(tid, calls);
            timesByThread.put(tid, Arrays.copyOf(times[0], n[0]));
        }
        Map<Integer, Integer> counts = new HashMap<>();
        callsByThread.values().forEach(cs -> cs.forEach(c -> counts.merge(c.method(), 1, Integer::sum)));
        requests = given > 0 ? given : mostShared(counts);
        if (requests == 0) {
            notes.add("no method was called three times or more: record a broad trace while requests pass");
            return;
        }
        // A method run once per request runs a few more times for messages that are not requests; around the most
        // shared count, whichever side of it (a close, a locate) the most shared count fell on.
        Map<String, Long> idle = idleGaps(timesByThread, requests);
        Map<Integer, List<long[]>> cyclesByThread = new TreeMap<>();
        timesByThread.forEach((tid, times) -> cyclesByThread.put(tid,
                cycles(times, idle.get(glob(dictionary.threadName(tid))))));
        int slack = Math.max(2, requests / 10);
        int low = given > 0 ? requests : requests - slack;
        int high = requests + slack;
        Map<String, Group> groups = new LinkedHashMap<>();
        for (Map.Entry<Integer, List<Call>> t : callsByThread.entrySet()) {
            String glob = glob(dictionary.threadName(t.getKey()));
            for (Call c : t.getValue()) {
                int n = counts.get(c.method());
                if (n >= low && n <= high) {
                    groups.computeIfAbsent(glob, Group::new);
                }
            }
        }
        for (Map.Entry<Integer, List<Call>> t : callsByThread.entrySet()) {
            Group g = groups.get(glob(dictionary.threadName(t.getKey())));
            if (g != null) {
                place(g, t.getValue(), cyclesByThread.get(t.getKey()), counts, low, high);
            }
        }
        // A thread that runs one or two methods as often as requests pass by chance (a timer) is no stage.
        groups.values().removeIf(g -> g.place.size() < 3);
        List<Group> order = new ArrayList<>(groups.values());
        order.sort((a, b) -> Long.compare(lag(a, b), lag(b, a)));
        if (order.size() < 2) {
            notes.add(order.isEmpty() ? "no thread ran a method once per request" : "one thread group ("
                    + order.get(0).glob + ") reads and dispatches the requests: give it both thread roles and mark"
                    + " where its dispatch begins by hand (docs/profiles.md, an ORB without a queue)");
            return;
        }
        Group receiver = order.get(0);
        Group dispatcher = order.get(order.size() - 1);
        for (Group g : order.subList(1, order.size() - 1)) {
            notes.add("threads " + g.glob + " run once-per-request methods between the receiver and the dispatcher:"
                    + " a controller? (left out; docs/profiles.md, the roles)");
        }
        roles(receiver, dispatcher);
    }

    /**
     * Per thread group, the shortest gap between two events of a thread that counts as idle (the thread waiting for
     * the next request): a quarter of the median of the group's {@code requests} longest gaps, and at least
     * {@link #IDLE_NS}. The requests of a broad trace come one at a time, so the gaps between them are the longest
     * of each thread; a request's own work pauses too (a servant that runs long unrecorded, a thread preempted on a
     * busy machine), for less than the time between requests, and a fixed threshold would cut its cycle there.
     */
    private Map<String, Long> idleGaps(Map<Integer, long[]> timesByThread, int requests) {
        Map<String, List<Long>> gaps = new HashMap<>();
        timesByThread.forEach((tid, times) -> {
            List<Long> g = gaps.computeIfAbsent(glob(dictionary.threadName(tid)), k -> new ArrayList<>());
            for (int i = 1; i < times.length; i++) {
                g.add(times[i] - times[i - 1]);
            }
        });
        Map<String, Long> idle = new HashMap<>();
        gaps.forEach((glob, g) -> {
            g.sort(Comparator.reverseOrder());
            List<Long> longest = g.subList(0, Math.min(g.size(), Math.max(1, requests)));
            idle.put(glob, longest.isEmpty() ? IDLE_NS : Math.max(IDLE_NS, longest.get(longest.size() / 2) / 4));
        });
        return idle;
    }

    /** A thread's cycles, [start, end] of each: its events between gaps longer than {@code idleNs}. */
    private static List<long[]> cycles(long[] times, long idleNs) {
        List<long[]> cycles = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= times.length; i++) {
            if (i == times.length || times[i] - times[i - 1] > idleNs) {
                cycles.add(new long[] {times[start], times[i - 1]});
                start = i;
            }
        }
        return times.length == 0 ? List.of() : cycles;
    }

    /** On an exit: the call it closes, with its time not spent in recorded callees (depth-indexed sums). */
    private static void exit(Event e, int tid, List<Call> calls, long[] childWall) {
        if (e.type() != EventType.METHOD_EXIT || e.methodId() == 0 || e.depth() < 0 || e.depth() + 1 >= childWall.length) {
            return;
        }
        int d = e.depth();
        long wall = e.nanos() - e.enterNanos();
        calls.add(new Call(e.methodId(), tid, e.enterNanos(), e.nanos(), wall - childWall[d + 1]));
        childWall[d + 1] = 0;
        childWall[d] += wall;
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

    /** A thread name with each run of digits as {@code *}: the glob of its group. */
    static String glob(String threadName) {
        return threadName == null ? "?" : threadName.replaceAll("[0-9]+", "*");
    }

    /**
     * Adds a thread's once-per-request calls to its group: the enter's offset from the start of its cycle, the exit's
     * from the start of its own (a call that waits for the next request returns in the next cycle), the call's own
     * time, and 1 when it spans an idle gap.
     */
    private static void place(Group g, List<Call> calls, List<long[]> cycles, Map<Integer, Integer> counts, int low,
            int high) {
        g.cycles.addAll(cycles);
        long[] starts = cycles.stream().mapToLong(c -> c[0]).toArray();
        Map<Integer, List<long[]>> offsets = new LinkedHashMap<>();
        for (Call c : calls) {
            int n = counts.get(c.method());
            if (n < low || n > high) {
                continue;
            }
            int in = cycleOf(starts, c.enter());
            int out = cycleOf(starts, c.exit());
            offsets.computeIfAbsent(c.method(), k -> new ArrayList<>()).add(new long[] {c.enter() - starts[in],
                    c.exit() - starts[out], c.self(), in == out ? 0 : 1});
        }
        offsets.forEach((m, list) -> {
            long[][] old = g.place.get(m);
            int before = old == null ? 0 : old[0].length;
            long[][] merged = new long[4][before + list.size()];
            for (int k = 0; k < 4; k++) {
                if (old != null) {
                    System.arraycopy(old[k], 0, merged[k], 0, before);
                }
                for (int j = 0; j < list.size(); j++) {
                    merged[k][before + j] = list.get(j)[k];
                }
            }
            g.place.put(m, merged);
        });
    }

    /** The index of the cycle a time falls in: the last one starting at or before it. */
    private static int cycleOf(long[] starts, long t) {
        int k = Arrays.binarySearch(starts, t);
        return Math.max(0, k >= 0 ? k : -k - 2);
    }

    /** The median time from a cycle start of {@code b} back to the latest cycle start of {@code a} before it. */
    private static long lag(Group a, Group b) {
        long[] starts = a.cycles.stream().mapToLong(c -> c[0]).sorted().toArray();
        List<Long> lags = new ArrayList<>();
        for (long[] c : b.cycles) {
            int k = Arrays.binarySearch(starts, c[0]);
            int before = k >= 0 ? k : -k - 2;
            if (before >= 0) {
                lags.add(c[0] - starts[before]);
            }
        }
        if (lags.isEmpty()) {
            return Long.MAX_VALUE;
        }
        lags.sort(null);
        return lags.get(lags.size() / 2);
    }

    private void roles(Group receiver, Group dispatcher) {
        List<Integer> recv = receiver.byEnter();
        List<Integer> disp = new ArrayList<>(dispatcher.byEnter());
        // A method that waits for the next request inside (a queue's take) holds the idle time, not the request's.
        disp.removeIf(dispatcher::spans);
        if (disp.size() < 3) {
            notes.add("the dispatcher threads " + dispatcher.glob + " run fewer than three once-per-request methods");
            return;
        }
        int arrival = recv.get(0);
        long queueFrom = lag(receiver, dispatcher);
        int end = maxBy(recv, m -> receiver.median(m, 1), arrival);
        int dispatchEnd = maxBy(disp, m -> dispatcher.median(m, 1), -1);
        int servant = maxBy(disp, m -> dispatcher.median(m, 2), dispatchEnd);
        // The enqueue returns before the dispatcher's cycle begins; the begin is entered before the servant.
        List<Integer> enqueues = new ArrayList<>();
        for (int m : recv) {
            if (m != arrival && m != end && !receiver.spans(m) && receiver.median(m, 1) < queueFrom) {
                enqueues.add(m);
            }
        }
        enqueues.sort(Comparator.comparingLong((Integer m) -> receiver.median(m, 1)).reversed());
        List<Integer> begins = new ArrayList<>();
        for (int m : disp) {
            if (m != dispatchEnd && m != servant && dispatcher.median(m, 0) <= dispatcher.median(servant, 0)) {
                begins.add(m);
            }
        }
        if (enqueues.isEmpty() || begins.isEmpty()) {
            notes.add("no receiver method returns before the dispatcher begins, or no dispatcher method comes before"
                    + " the servant: the requests overlapped; record the broad trace with requests one at a time");
            return;
        }
        int enqueue = enqueues.get(0);
        int begin = begins.get(0);
        String[] keys = null;
        // The begin as early as can be, the enqueue as late: the dispatcher's first phase then holds all its work for
        // the request, and the queue stage the receiver's last steps at worst.
        search:
        for (int b : begins) {
            for (int e : enqueues) {
                keys = sharedKey(e, b);
                if (keys != null) {
                    enqueue = e;
                    begin = b;
                    break search;
                }
            }
        }
        if (keys == null) {
            keys = new String[] {"none", "none"};
            notes.add("no class that both " + dictionary.methodShort(enqueue) + " and " + dictionary.methodShort(begin)
                    + " hold: write the key by hand, a field path to the object the ORB makes for each request"
                    + " (docs/profiles.md, the key)");
        }
        int result = result(disp, dispatcher, begin, servant, dispatchEnd);
        lines.add("profile.name = " + name);
        lines.add("profile.threads.receiver = " + receiver.glob);
        lines.add("profile.threads.dispatcher = " + dispatcher.glob);
        method(arrival, "receive.arrival", "none", "cpu=enter | fragment=begin",
                "the receiver's first once-per-request method after it waited for the request");
        method(enqueue, "receive.enqueue", keys[0], "cpu=exit",
                "the receiver's last method that returns before the dispatcher takes the request");
        method(end, "receive.end", "none", "cpu=exit", "the receiver's method that returns last: it reads again");
        // A fragment continues the request its key names: without a key there is none to continue.
        method(begin, "dispatch.begin", keys[1], keys[1].equals("none") ? "cpu=true" : "cpu=true | fragment=continue",
                "the dispatcher's first method");
        if (servant != result) {
            method(servant, "dispatch.servant", "none", "cpu=true",
                    "the dispatcher's method with the most time of its own: the servant's code runs in it unrecorded");
        } else {
            notes.add("the servant's method is also the dispatch's result: mark dispatch.servant by hand");
        }
        method(result, "dispatch.result", "none", "cpu=false", "the last method to return before the dispatch ends");
        method(dispatchEnd, "dispatch.end", "none", "cpu=exit",
                "the dispatcher's method that returns last: it goes back for the next request");
    }

    /** The dispatcher's method that returns last between the servant and the dispatch's end (else the servant's). */
    private int result(List<Integer> disp, Group dispatcher, int begin, int servant, int dispatchEnd) {
        int result = -1;
        long resultExit = Long.MIN_VALUE;
        for (int m : disp) {
            long exit = dispatcher.median(m, 1);
            if (m != begin && m != servant && m != dispatchEnd && exit >= dispatcher.median(servant, 1) && exit > resultExit
                    && exit <= dispatcher.median(dispatchEnd, 1)) {
                result = m;
                resultExit = exit;
            }
        }
        if (result < 0) {
            notes.add("no method returns between the servant and the dispatch's end: dispatch.result is the servant's");
            return servant;
        }
        return result;
    }

    private interface Measure {
        long of(int method);
    }

    private static int maxBy(List<Integer> methods, Measure measure, int except) {
        int best = -1;
        long most = Long.MIN_VALUE;
        for (int m : methods) {
            if (m != except && measure.of(m) > most) {
                best = m;
                most = measure.of(m);
            }
        }
        return best;
    }

    /**
     * The key each method records so that both reach one object, by the classes they hold ({@code this} and
     * parameters of object types outside the JDK), one of them as a parameter: {@code {"this", "arg1"}}; null when
     * they share none.
     */
    private String[] sharedKey(int a, int b) {
        Map<String, String> holdsA = holds(a);
        Map<String, String> holdsB = holds(b);
        for (Map.Entry<String, String> e : holdsA.entrySet()) {
            String other = holdsB.get(e.getKey());
            // An object whose own methods run on both threads is a service both use (an object adapter, a
            // connection), not the request one hands the other.
            if (other != null && !(other.equals("this") && e.getValue().equals("this"))) {
                return new String[] {e.getValue(), other};
            }
        }
        return null;
    }

    /** Class name -> where the method holds an instance ({@code this}, {@code argN}), first place first. */
    private Map<String, String> holds(int method) {
        Map<String, String> held = new LinkedHashMap<>();
        held.put(dictionary.methodClass(method).replace('/', '.'), "this");
        String d = dictionary.methodDescriptor(method);
        int i = 1;
        int arg = 0;
        while (i < d.length() && d.charAt(i) != ')') {
            int start = i;
            while (d.charAt(i) == '[') {
                i++;
            }
            if (d.charAt(i) == 'L') {
                int semi = d.indexOf(';', i);
                String type = d.substring(i + 1, semi).replace('/', '.');
                if (start == i && !type.startsWith("java.") && !type.startsWith("javax.")) {
                    held.putIfAbsent(type, "arg" + arg);
                }
                i = semi + 1;
            } else {
                i++;
            }
            arg++;
        }
        return held;
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

    /** What counting could not decide, for the user to settle by hand. */
    public List<String> notes() {
        return notes;
    }

    /** Whether a whole profile was proposed (every required role). */
    public boolean complete() {
        return lines.stream().filter(l -> l.startsWith("method = ")).count() >= 6;
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
