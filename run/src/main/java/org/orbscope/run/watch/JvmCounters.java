package org.orbscope.run.watch;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One JVM's HotSpot performance counters, read from outside it: the {@code hsperfdata} file every HotSpot JVM keeps
 * mapped in {@code /tmp/hsperfdata_<user>/<pid>} and updates anyway (what {@code jstat} reads). Watching them adds no
 * thread, allocation or safepoint to the JVMs under measurement, where an in-JVM sampler (the platform MXBeans, as
 * the server's {@code system.csv} uses, or JFR streaming) would run inside the client whose sending it measures;
 * and neither gives the safepoint time.
 *
 * <p>The file is read by hand rather than through the JDK's reader, {@code sun.jvmstat.monitor}: that one is
 * internal to {@code jdk.internal.jvmstat} (every JVM that runs a watcher would need {@code --add-exports}, and
 * javac refuses the export with {@code --release}), and attaching through it cost tens of times the CPU of a sample,
 * at every JVM of every point (docs/results/machine-watch.md). Here the file's entries are walked once for the names
 * wanted (the layout of HotSpot's {@code perfMemory.hpp}: a prologue, then entries of
 * header, name and value), and each sample reads the values at their offsets in the mapped file.
 */
final class JvmCounters {
    /** The prologue's magic number, 0xcafec0c0, written big-endian whatever the JVM's byte order. */
    private static final int MAGIC = 0xcafec0c0;
    private static final int PROLOGUE_BYTE_ORDER = 4;
    private static final int PROLOGUE_ACCESSIBLE = 7;
    private static final int PROLOGUE_ENTRY_OFFSET = 24;
    private static final int PROLOGUE_ENTRIES = 28;
    /** A counter of type long ({@code 'J'}), the only type read here. */
    private static final byte LONG = 'J';
    /** The heap's counters are {@code sun.gc.generation.N.space.M.used} and {@code sun.gc.generation.N.capacity}. */
    private static final String GENERATION = "sun.gc.generation.";

    private final MappedByteBuffer data;
    private final double ticksPerMs;
    private final List<int[]> collectors = new ArrayList<>();
    private final int[] heapUsed;
    private final int[] heapCommitted;
    private final int safepoints;
    private final int safepointTime;
    private final int safepointSyncTime;
    private final int threads;
    private final int compilations;
    private final int jitTime;
    /**
     * The file as longs in its byte order, and where the counters read lie in it: each sample copies that span into
     * {@link #copy} in one call (HotSpot aligns every long counter to eight bytes; a file that did not is read
     * counter by counter).
     */
    private final LongBuffer longs;
    private final int from;
    private final long[] copy;
    private long[] lastInvocations;
    private long[] lastTimes;

    /** The JVM {@code pid}'s counters; throws when it has none (yet: a JVM maps them as it starts, or never). */
    static JvmCounters attach(long pid) throws IOException {
        Path file = find(pid);
        if (file == null) {
            throw new IOException("no /tmp/hsperfdata_*/".concat(Long.toString(pid)));
        }
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r"); FileChannel ch = f.getChannel()) {
            MappedByteBuffer data = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
            if (ch.size() < 32 || data.order(ByteOrder.BIG_ENDIAN).getInt(0) != MAGIC) {
                throw new IOException(file.toString().concat(" is no HotSpot performance data"));
            }
            data.order(data.get(PROLOGUE_BYTE_ORDER) == 1 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
            if (data.get(PROLOGUE_ACCESSIBLE) == 0) {
                throw new IOException(file.toString().concat(" is not ready yet"));
            }
            return new JvmCounters(data);
        }
    }

    /**
     * The JVM's file: in this user's directory, where the run's JVMs are, else in another user's. Asked again at every
     * sample while a JVM starts, so it lists no directory it need not (nor with a glob, a regular expression).
     */
    private static Path find(long pid) {
        String name = Long.toString(pid);
        File own = new File(OWN, name);
        if (own.isFile()) {
            return own.toPath();
        }
        String[] dirs = new File("/tmp").list();
        for (String dir : dirs == null ? new String[0] : dirs) {
            if (dir.startsWith("hsperfdata_") && !dir.equals(OWN_DIR)) {
                File f = new File(new File("/tmp", dir), name);
                if (f.isFile()) {
                    return f.toPath();
                }
            }
        }
        return null;
    }

    private static final String OWN_DIR = "hsperfdata_".concat(System.getProperty("user.name"));
    private static final String OWN = "/tmp/".concat(OWN_DIR);

    private JvmCounters(MappedByteBuffer data) {
        this.data = data;
        Map<String, Integer> at = entries(data);
        int frequency = at.getOrDefault("sun.os.hrt.frequency", -1);
        ticksPerMs = frequency < 0 || data.getLong(frequency) <= 0 ? 1e6 : data.getLong(frequency) / 1000.0;
        // Loops and String.concat, not streams, lambdas or '+' on strings: the first use of each of those in the
        // JVM (each '+' where it is written) costs this thread a class to spin or load.
        for (int i = 0; ; i++) {
            String c = "sun.gc.collector.".concat(Integer.toString(i)).concat(".");
            Integer invocations = at.get(c.concat("invocations"));
            if (invocations == null) {
                break;
            }
            collectors.add(new int[] {invocations, at.getOrDefault(c.concat("time"), -1),
                    at.getOrDefault(c.concat("lastEntryTime"), -1), at.getOrDefault(c.concat("lastExitTime"), -1)});
        }
        int[] used = new int[at.size()];
        int[] committed = new int[at.size()];
        int nUsed = 0;
        int nCommitted = 0;
        for (Map.Entry<String, Integer> e : at.entrySet()) {
            if (generationCounter(e.getKey(), ".used", true)) {
                used[nUsed++] = e.getValue();
            } else if (generationCounter(e.getKey(), ".capacity", false)) {
                committed[nCommitted++] = e.getValue();
            }
        }
        heapUsed = Arrays.copyOf(used, nUsed);
        heapCommitted = Arrays.copyOf(committed, nCommitted);
        safepoints = at.getOrDefault("sun.rt.safepoints", -1);
        safepointTime = at.getOrDefault("sun.rt.safepointTime", -1);
        safepointSyncTime = at.getOrDefault("sun.rt.safepointSyncTime", -1);
        threads = at.getOrDefault("java.threads.live", -1);
        compilations = at.getOrDefault("sun.ci.totalCompiles", -1);
        jitTime = at.getOrDefault("java.ci.totalTime", -1);
        // Each sample copies the span of the counters it reads, not of every counter in the file.
        int[] read = new int[4 * collectors.size() + heapUsed.length + heapCommitted.length + 6];
        int n = 0;
        for (int[] c : collectors) {
            for (int offset : c) {
                read[n++] = offset;
            }
        }
        for (int offset : heapUsed) {
            read[n++] = offset;
        }
        for (int offset : heapCommitted) {
            read[n++] = offset;
        }
        read[n++] = safepoints;
        read[n++] = safepointTime;
        read[n++] = safepointSyncTime;
        read[n++] = threads;
        read[n++] = compilations;
        read[n] = jitTime;
        int first = data.limit();
        int end = 0;
        boolean aligned = true;
        for (int offset : read) {
            if (offset >= 0) {
                first = Math.min(first, offset);
                end = Math.max(end, offset + Long.BYTES);
                aligned &= offset % Long.BYTES == 0;
            }
        }
        from = Math.min(first, end);
        longs = aligned ? data.asLongBuffer() : null;
        copy = new long[aligned ? (end - from) / Long.BYTES : 0];
    }

    /** Whether {@code name} is {@code sun.gc.generation.N<suffix>}, with {@code .space.M} before it when {@code space}. */
    static boolean generationCounter(String name, String suffix, boolean space) {
        if (!name.startsWith(GENERATION) || !name.endsWith(suffix)) {
            return false;
        }
        int at = digits(name, GENERATION.length());
        if (space) {
            if (at < 0 || !name.startsWith(".space.", at)) {
                return false;
            }
            at = digits(name, at + ".space.".length());
        }
        return at == name.length() - suffix.length();
    }

    /** The index after the digits at {@code from} (one at least), or -1. */
    private static int digits(String s, int from) {
        int i = from;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            i++;
        }
        return i > from ? i : -1;
    }

    /**
     * Where the value of each long counter lies in the file, by name: each entry is its length, the offset of its
     * name, its vector length (0 for a scalar), its type, flags, units and variability (a byte each), and the offset
     * of its value, all from the entry's start.
     */
    private static Map<String, Integer> entries(MappedByteBuffer data) {
        // One copy of the file, its ints put together by hand: the buffers' accessors are chains of calls that cost
        // several times more before the JIT has compiled them, over a few hundred entries.
        byte[] bytes = new byte[data.limit()];
        data.get(0, bytes);
        boolean little = data.order() == ByteOrder.LITTLE_ENDIAN;
        Map<String, Integer> at = new HashMap<>();
        int entry = intAt(bytes, PROLOGUE_ENTRY_OFFSET, little);
        int count = intAt(bytes, PROLOGUE_ENTRIES, little);
        for (int i = 0; i < count && entry > 0 && entry + 20 <= bytes.length; i++) {
            int length = intAt(bytes, entry, little);
            if (length <= 0) {
                break;
            }
            if (bytes[entry + 12] == LONG && intAt(bytes, entry + 8, little) == 0) {
                // The name ends with a zero byte, padded with more up to the value (aligned to eight bytes): it is
                // found from the value's end, a few bytes, rather than read byte by byte from its start.
                int start = entry + intAt(bytes, entry + 4, little);
                int value = entry + intAt(bytes, entry + 16, little);
                int end = Math.min(value, bytes.length);
                while (end > start && bytes[end - 1] == 0) {
                    end--;
                }
                if (start >= entry && end > start) {
                    at.put(new String(bytes, start, end - start, StandardCharsets.US_ASCII), value);
                }
            }
            entry += length;
        }
        return at;
    }

    private static int intAt(byte[] b, int i, boolean little) {
        int b0 = b[i] & 0xff;
        int b1 = b[i + 1] & 0xff;
        int b2 = b[i + 2] & 0xff;
        int b3 = b[i + 3] & 0xff;
        return little ? b3 << 24 | b2 << 16 | b1 << 8 | b0 : b0 << 24 | b1 << 16 | b2 << 8 | b3;
    }

    /** The JVM's counters now; the longest pause is over the time since the previous call. */
    JvmSample sample(long epochNs, long pid, String role, String part) {
        if (longs != null) {
            longs.get(from / Long.BYTES, copy);
        }
        int n = collectors.size();
        boolean first = lastInvocations == null;
        if (first) {
            lastInvocations = new long[n];
            lastTimes = new long[n];
        }
        long pauses = 0;
        long pauseTicks = 0;
        double longest = 0;
        for (int i = 0; i < n; i++) {
            int[] c = collectors.get(i);
            long invocations = value(c[0]);
            long time = value(c[1]);
            long ended = invocations - lastInvocations[i];
            if (!first && ended > 0 && time > lastTimes[i]) {
                long spent = time - lastTimes[i];
                long last = value(c[3]) - value(c[2]);
                // One collection ended in the interval: the last one (unless another has begun since, which leaves
                // only the interval's total as a bound). Several: the longest is the last or at most the others.
                long bound = last < 0 ? spent : ended == 1 ? last : Math.max(last, spent - last);
                longest = Math.max(longest, bound / ticksPerMs);
            }
            lastInvocations[i] = invocations;
            lastTimes[i] = time;
            pauses += invocations;
            pauseTicks += time;
        }
        return new JvmSample(epochNs, pid, role, part, pauses, pauseTicks / ticksPerMs, longest, value(safepoints),
                value(safepointTime) / ticksPerMs, value(safepointSyncTime) / ticksPerMs, sum(heapUsed),
                sum(heapCommitted), value(threads), value(compilations), value(jitTime) / ticksPerMs);
    }

    /**
     * The counter at {@code offset}, 0 when the JVM has none: from this sample's copy, one call for all of them, where
     * the mapped buffer's {@code getLong} is a chain of calls per counter that the JIT has not compiled in most of a
     * point's samples.
     */
    private long value(int offset) {
        if (offset < 0) {
            return 0;
        }
        return longs != null ? copy[(offset - from) / Long.BYTES] : data.getLong(offset);
    }

    private long sum(int[] offsets) {
        long s = 0;
        for (int o : offsets) {
            s += value(o);
        }
        return s;
    }
}
