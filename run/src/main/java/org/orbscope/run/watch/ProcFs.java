package org.orbscope.run.watch;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Linux's {@code /proc}, read by hand. OSHI (com.github.oshi:oshi-core) reads the same files, but a sample through
 * it took several times the CPU of reading them here, and alone would take the watcher past its budget of 1% of one
 * core (docs/results/machine-watch.md): it reads several files per process and per interface (sysfs, one file per
 * counter) and builds objects for all of them, where the watcher needs a few whole-machine files, one file per
 * process it follows, and the {@code stat} of every process every 5 s.
 *
 * <p>One reader per watcher thread: it reuses one buffer, and keeps the files it reads again and again open (the
 * machine's, and the {@code stat} of each process it follows). A file that vanished (a process that ended) reads as
 * null.
 */
final class ProcFs implements AutoCloseable {
    /** Linux's USER_HZ: {@code /proc} counts CPU time in ticks of 10 ms on every architecture orbscope runs on. */
    static final long TICK_MS = 10;

    private final Map<String, RandomAccessFile> open = new HashMap<>();
    private final Map<Long, RandomAccessFile> stats = new HashMap<>();
    /** The JDK's stack buffer for a read ({@code io_util.c}): a longer read allocates one. */
    private static final int READ_CHUNK = 8192;
    private byte[] buf = new byte[64 * 1024];
    private final ProcCursor cursor = new ProcCursor();
    /** The fields of a process's {@code stat} after its state, up to its resident pages, as last read. */
    private final long[] fields = new long[21];
    private String[] cpuNames = new String[0];
    private long pageSize;
    /** The last memory, swap and TCP reading ({@link #machine}). */
    private long[] memory;

    /** Whether this machine has a {@code /proc} of Linux's kind; null when it has, else why not. */
    static String unavailable() {
        String os = System.getProperty("os.name", "");
        if (!os.toLowerCase(java.util.Locale.ROOT).contains("linux")) {
            return "the watcher reads Linux's /proc; this is " + os + ": nothing is sampled";
        }
        if (!new java.io.File("/proc/stat").canRead() || !new java.io.File("/proc/self/stat").canRead()) {
            return "/proc/stat or /proc/self/stat cannot be read: nothing is sampled";
        }
        return null;
    }

    /** The text of a file, or null when it does not exist (any more). */
    String read(String path) {
        return text(readBytes(path));
    }

    /** A file read into {@link #buf}: its length, or -1 when it does not exist (any more). */
    private int readBytes(String path) {
        try (RandomAccessFile in = new RandomAccessFile(path, "r")) {
            return read(in, false);
        } catch (IOException e) {
            return -1;
        }
    }

    /** The text of the first {@code n} bytes of {@link #buf}, or null when {@code n} is -1 (no file). */
    private String text(int n) {
        return n < 0 ? null : new String(buf, 0, n, StandardCharsets.ISO_8859_1);
    }

    /**
     * The text of a file read again through the file kept open (a {@code /proc} file is made anew at every read from
     * its start): a third of the system calls of opening it each time. Null when it does not exist (any more).
     */
    String reread(String path) {
        return text(reread(open, path, false));
    }

    /**
     * {@link #reread} of a file the kernel makes as one record ({@code /proc/stat}, {@code /proc/meminfo}, a
     * process's {@code stat}): a read returns all of it that fits, so one shorter than asked is the whole file and
     * no second read is needed to find its end. A file of several records ({@code /proc/net/dev},
     * {@code /proc/vmstat}) can come in parts, a page at a time.
     */
    String rereadRecord(String path) {
        return text(reread(open, path, true));
    }

    /**
     * {@link #reread} through {@code files}, where the file is kept under {@code key}: its path, or a process's id for
     * its {@code stat} (the path is made only to open it: a string concatenation per read, cold, costs as much as
     * the read). Opened anew at each read when {@code files} is full. The file is read into {@link #buf}; returns its
     * length, or -1.
     */
    private <K> int reread(Map<K, RandomAccessFile> files, K key, boolean oneRecord) {
        try {
            RandomAccessFile in = files.get(key);
            if (in == null) {
                String path = key instanceof Long pid ? statPath(pid) : (String) key;
                if (files.size() >= FOLLOWED) {
                    return readBytes(path);
                }
                in = new RandomAccessFile(path, "r");
                files.put(key, in);
            }
            in.seek(0);
            return read(in, oneRecord);
        } catch (IOException e) {
            close(files.remove(key));
            return -1;
        }
    }

    /** Closes a file kept open by {@link #reread}. */
    void forget(String path) {
        close(open.remove(path));
    }

    private static void close(RandomAccessFile in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // a /proc file: nothing was written
            }
        }
    }

    /** Closes every file kept open. */
    @Override
    public void close() {
        for (String path : List.copyOf(open.keySet())) {
            forget(path);
        }
        for (long pid : List.copyOf(stats.keySet())) {
            forget(pid);
        }
    }

    private int read(RandomAccessFile in, boolean oneRecord) throws IOException {
        int n = 0;
        while (true) {
            // At most 8 KB a call: the JDK reads a longer span through a buffer it allocates at each call.
            int want = Math.min(buf.length - n, READ_CHUNK);
            int r = in.read(buf, n, want);
            if (r < 0) {
                break;
            }
            n += r;
            if (oneRecord && r < want) {
                break;
            }
            if (n == buf.length) {
                buf = java.util.Arrays.copyOf(buf, buf.length * 2);
            }
        }
        return n;
    }

    /** What {@code /proc/stat} says: the CPUs' states (all first, then each CPU) and the machine's counters. */
    record Stat(List<CpuStateSample> cpus, long contextSwitches, long interrupts, long forks, long running,
                long blocked) {
    }

    Stat stat(long epochNs) {
        int n = reread(open, "/proc/stat", true);
        if (n < 0) {
            return null;
        }
        ProcCursor c = cursor.reset(buf, n);
        List<CpuStateSample> cpus = new ArrayList<>();
        long contextSwitches = 0;
        long interrupts = 0;
        long forks = 0;
        long running = 0;
        long blocked = 0;
        // cpu, cpuN..., intr, ctxt, btime, processes, procs_running, procs_blocked, softirq: the intr line, most of
        // the file, is passed over after its first number (the total).
        for (; c.more(); c.nextLine()) {
            if (c.startsWith("cpu")) {
                c.skip(3);
                String cpu = c.peek() == ' ' ? CpuStateSample.ALL : cpuName((int) c.number());
                cpus.add(new CpuStateSample(epochNs, cpu, c.number() * TICK_MS, c.number() * TICK_MS,
                        c.number() * TICK_MS, c.number() * TICK_MS, c.number() * TICK_MS, c.number() * TICK_MS,
                        c.number() * TICK_MS, c.number() * TICK_MS));
            } else if (c.startsWith("intr ")) {
                interrupts = c.skipAnd(5);
            } else if (c.startsWith("ctxt ")) {
                contextSwitches = c.skipAnd(5);
            } else if (c.startsWith("processes ")) {
                forks = c.skipAnd(10);
            } else if (c.startsWith("procs_running ")) {
                running = c.skipAnd(14);
            } else if (c.startsWith("procs_blocked ")) {
                blocked = c.skipAnd(14);
            }
        }
        return new Stat(cpus, contextSwitches, interrupts, forks, running, blocked);
    }

    /** The name of CPU {@code k} in {@code cpus.csv}, made once. */
    private String cpuName(int k) {
        if (k >= cpuNames.length) {
            cpuNames = java.util.Arrays.copyOf(cpuNames, k + 1);
        }
        if (cpuNames[k] == null) {
            cpuNames[k] = Integer.toString(k);
        }
        return cpuNames[k];
    }

    /**
     * The machine's counters: {@code stat}'s, and the memory, swap and TCP counters read now ({@code fresh}) or
     * repeated from the last time they were.
     */
    MachineSample machine(long epochNs, Stat s, boolean fresh) {
        if (fresh || memory == null) {
            String mem = rereadRecord("/proc/meminfo");
            String vm = reread("/proc/vmstat");
            long[] tcp = tcp();
            memory = new long[] {value(mem, "MemTotal:") * 1024, value(mem, "MemAvailable:") * 1024,
                    value(mem, "SwapTotal:") * 1024, value(mem, "SwapFree:") * 1024, value(vm, "pswpin"),
                    value(vm, "pswpout"), tcp[0], tcp[1], tcp[2], tcp[3]};
        }
        long[] m = memory;
        return new MachineSample(epochNs, s.running(), s.blocked(), s.contextSwitches(), s.interrupts(), s.forks(),
                m[0], m[1], m[0] - m[1], m[2], m[2] - m[3], m[4], m[5], m[6], m[7], m[8], m[9]);
    }

    /** The columns of {@code /proc/net/snmp}'s Tcp lines that {@link #tcp()} returns, in its order. */
    private static final List<String> TCP = List.of("InSegs", "OutSegs", "RetransSegs", "InErrs");

    /** InSegs, OutSegs, RetransSegs and InErrs of {@code /proc/net/snmp}'s Tcp lines (0 where missing). */
    private long[] tcp() {
        long[] out = new long[TCP.size()];
        String t = reread("/proc/net/snmp");
        int header = t == null ? -1 : t.indexOf("Tcp:");
        int values = header < 0 ? -1 : t.indexOf("Tcp:", header + 4);
        if (values < 0) {
            return out;
        }
        String[] names = t.substring(header + 5, lineEnd(t, header)).split(" ");
        long[] numbers = numbers(t, values + 4, lineEnd(t, values), names.length);
        for (int i = 0; i < names.length; i++) {
            int k = TCP.indexOf(names[i]);
            if (k >= 0) {
                out[k] = numbers[i];
            }
        }
        return out;
    }

    /** Every interface of {@code /proc/net/dev}. */
    List<InterfaceSample> network(long epochNs) {
        int n = reread(open, "/proc/net/dev", false);
        List<InterfaceSample> out = new ArrayList<>();
        if (n < 0) {
            return out;
        }
        ProcCursor c = cursor.reset(buf, n);
        for (; c.more(); c.nextLine()) {
            c.blanks();
            int colon = c.find(':');
            if (colon < 0) {
                continue; // the two header lines
            }
            String name = c.text(c.at(), colon);
            c.at(colon + 1);
            // rx: bytes packets errs drop fifo frame compressed multicast; tx: bytes packets errs drop ...
            long rxBytes = c.number();
            long rxPackets = c.number();
            long rxErrors = c.number();
            long rxDrops = c.number();
            c.number();
            c.number();
            c.number();
            c.number();
            out.add(new InterfaceSample(epochNs, name, rxBytes, rxPackets, rxErrors, rxDrops, c.number(), c.number(),
                    c.number(), c.number()));
        }
        return out;
    }

    /**
     * A process's {@code /proc/<pid>/stat}.
     *
     * @param name the kernel's name of the process (its executable's, at most 15 characters)
     * @param startTicks when it started, in ticks since the machine booted (with the pid, it names the process)
     */
    record ProcStat(long pid, String name, long ppid, long userTicks, long systemTicks, long threads, long startTicks,
                    long rssPages) {
        long cpuTicks() {
            return userTicks + systemTicks;
        }
    }

    /**
     * The process's stat, or null when it has ended (a zombie included); {@code follow}: its file is kept open for
     * the next read (up to {@value #FOLLOWED} files), until {@link #forget(long)}. Only the fields of {@link ProcStat}
     * are parsed: the watcher reads every process of the machine every 5 s, mostly before the JIT has compiled
     * its code.
     */
    ProcStat process(long pid, boolean follow) {
        int n = follow ? reread(stats, pid, true) : readBytes(statPath(pid));
        if (n < 0) {
            return null;
        }
        ProcCursor c = cursor.reset(buf, n);
        int open = c.find('(');
        int close = c.last(')');
        if (open < 0 || close < open) {
            return null;
        }
        // A zombie (Z) or dead (X) process has ended: it holds no memory or threads, only its exit status.
        int state = c.byteAt(close + 2);
        if (state == 'Z' || state == 'X') {
            return null;
        }
        // After the name and the state (a letter): ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt
        // utime stime cutime cstime priority nice num_threads itrealvalue starttime vsize rss ...
        c.at(close + 3);
        long[] f = fields;
        for (int k = 0; k < f.length; k++) {
            f[k] = c.number();
        }
        return new ProcStat(pid, c.text(open + 1, close), f[0], f[10], f[11], f[16], f[18], f[20]);
    }

    /** The most files of each kind kept open: a machine of thousands of processes opens the others' anew. */
    static final int FOLLOWED = 512;

    /** Closes the {@code stat} file of a process kept open by {@link #process}. */
    void forget(long pid) {
        close(stats.remove(pid));
    }

    private static String statPath(long pid) {
        return "/proc/".concat(Long.toString(pid)).concat("/stat");
    }

    /** The process's command line, its words; empty for a kernel thread or a process that has ended. */
    String[] cmdline(long pid) {
        String t = read("/proc/".concat(Long.toString(pid)).concat("/cmdline"));
        if (t == null || t.isEmpty()) {
            return new String[0];
        }
        return new String(t.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8).split("\0");
    }

    /** The ids of the processes that exist now. */
    long[] pids() {
        String[] names = new java.io.File("/proc").list();
        if (names == null) {
            return new long[0];
        }
        long[] pids = new long[names.length];
        int n = 0;
        for (String name : names) {
            if (!name.isEmpty() && Character.isDigit(name.charAt(0))) {
                pids[n++] = num(name);
            }
        }
        return java.util.Arrays.copyOf(pids, n);
    }

    /** The CPU time of the calling thread so far, in nanoseconds ({@code /proc/thread-self/schedstat}), or 0. */
    long threadCpuNanos() {
        String t = read("/proc/thread-self/schedstat");
        return t == null ? 0 : numbers(t, 0, t.length(), 1)[0];
    }

    /** Milliseconds since the machine booted ({@code /proc/uptime}), on the clock of a process's start ticks. */
    long uptimeMs() {
        String t = read("/proc/uptime");
        if (t == null) {
            return 0;
        }
        return (long) (Double.parseDouble(t.substring(0, t.indexOf(' '))) * 1000);
    }

    /**
     * Bytes per page of a process's resident set: this process's resident kilobytes ({@code status}) over its
     * resident pages ({@code stat}), rounded to a power of two (4096 on most machines).
     */
    long pageSize() {
        if (pageSize == 0) {
            pageSize = 4096;
            String status = read("/proc/self/status");
            ProcStat self = process(ProcessHandle.current().pid(), false);
            long kb = status == null ? 0 : value(status, "VmRSS:");
            if (self != null && self.rssPages() > 0 && kb > 0) {
                pageSize = Long.highestOneBit(Math.round(kb * 1024.0 / self.rssPages() * 1.25));
            }
        }
        return pageSize;
    }

    /** The number after {@code key} on the line that starts with it; 0 when there is no such line. */
    static long value(String text, String key) {
        if (text == null) {
            return 0;
        }
        int at = text.indexOf(key);
        while (at >= 0 && !((at == 0 || text.charAt(at - 1) == '\n') && boundary(text, at + key.length()))) {
            at = text.indexOf(key, at + 1);
        }
        if (at < 0) {
            return 0;
        }
        int p = at + key.length();
        while (p < text.length() && text.charAt(p) == ' ') {
            p++;
        }
        // The digits are left to parseLong, as in numbers(): a loop of this method's own would run uncompiled.
        int end = lineEnd(text, p);
        int space = text.indexOf(' ', p);
        return number(text, p, space >= 0 && space < end ? space : end);
    }

    /** Whether a key ends at {@code i}: a space, a colon ending the key, or the end of the line. */
    private static boolean boundary(String text, int i) {
        return i >= text.length() || text.charAt(i) == ' ' || text.charAt(i - 1) == ':';
    }

    private static int lineEnd(String t, int from) {
        int end = t.indexOf('\n', from);
        return end < 0 ? t.length() : end;
    }

    /**
     * The first {@code n} numbers of {@code t} between {@code from} and {@code to}, separated by spaces (0 for those
     * missing or not numbers). The scanning is left to the JDK's {@code indexOf} and {@code parseLong}: the watcher
     * runs mostly before the JIT has compiled its own loops.
     */
    static long[] numbers(String t, int from, int to, int n) {
        long[] out = new long[n];
        int k = 0;
        int i = from;
        while (k < n && i < to) {
            int j = t.indexOf(' ', i);
            if (j < 0 || j > to) {
                j = to;
            }
            if (j > i) {
                out[k++] = number(t, i, j);
            }
            i = j + 1;
        }
        return out;
    }

    private static long number(String t, int from, int to) {
        try {
            return Long.parseLong(t, from, to, 10);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static long num(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
