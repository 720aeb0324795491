package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceWriter;

class TraceRoundTripTest {
    @TempDir
    Path dir;

    /** Writes one buffer per thread with every event type, at known times. */
    private Path writeSample(Path file) throws IOException {
        try (TraceWriter w = TraceWriter.open(file, Collections.singletonMap("app", "test"), 8, 4096)) {
            int t1 = w.defineThread("main", 1);
            int t2 = w.defineThread("worker-1", 12);
            int m1 = w.defineMethod("com.example.Shop", "buy", "(I)V");
            int m2 = w.defineMethod("com.example.Shop", "price", "()J");
            int mon = w.defineMonitor("com.example.Shop", 0xCAFE);
            int cls = w.defineClass("byte[]");
            int gcName = w.defineString("G1 Young Generation");
            int gcCause = w.defineString("G1 Evacuation Pause");
            int newName = w.defineString("worker-renamed");

            ThreadBuffer a = w.acquire(t1, 1_000);
            assertTrue(a.threadStart(1_000, 0, w.defineString("main")));
            a.methodEnter(1_100, m1, 50_000);
            a.methodEnterKeyed(1_200, m2, -1, 0xABCDEFL);
            a.monitorContended(1_300, mon);
            a.monitorEntered(1_400, mon);
            a.monitorExit(1_500, mon);
            a.methodExit(1_600, false);
            a.allocation(1_650, cls, 4096);
            a.methodExit(1_700, true, 80_000);
            a.gc(1_750, gcName, gcCause, 2_000_000);
            a.processSample(1_800, 123_456_789L, 1_700_000_000_000L);
            a.dropped(1_850, 7);
            a.agentErrors(1_860, 2);
            a.threadEnd(1_900);
            w.submit(a);

            ThreadBuffer b = w.acquire(t2, 1_050);
            b.threadName(1_050, newName);
            b.waitBegin(1_250, mon, 100);
            b.waitEnd(1_450, mon, true);
            b.notify(1_550, mon, true);
            b.parkBegin(1_560, cls, 0);
            b.parkEnd(1_570);
            w.submit(b);
        }
        return file;
    }

    private static List<String> events(TraceReader r, boolean merged) throws IOException {
        List<String> out = new ArrayList<>();
        EventVisitor v = e -> out.add(e.raw.threadId + ":" + e.raw.nanos + ":" + EventType.name(e.raw.type) + ":" + e.raw.methodId
                + ":" + e.raw.cpuNanos + ":" + e.raw.key + ":" + e.raw.a + ":" + e.raw.b + ":" + e.raw.c + ":" + e.raw.flags + ":" + e.raw.depth
                + ":" + e.raw.enterNanos);
        if (merged) {
            r.readMerged(v);
        } else {
            r.read(v);
        }
        return out;
    }

    @Test
    void everyEventTypeSurvivesTheRoundTrip() throws IOException {
        try (TraceReader r = TraceReader.open(writeSample(dir.resolve("t.trace")))) {
            assertFalse(r.isTruncated());
            assertEquals(20, r.footerEvents());
            assertEquals("test", r.header().get("app"));
            Dictionary d = r.dictionary();
            assertEquals("com.example.Shop#buy(I)V", d.method(1));
            assertEquals("com.example.Shop@cafe", d.monitor(1));
            assertEquals("byte[]", d.className(1));
            List<String> ev = events(r, false);
            assertEquals(20, ev.size());
            assertEquals("1:1100:enter:1:50000:0:0:0:0:32:0:0", ev.get(1));
            assertEquals("1:1200:enter:2:-1:11259375:0:0:0:64:1:0", ev.get(2));
            assertEquals("1:1600:exit:2:-1:0:0:0:0:0:1:1200", ev.get(6));
            assertEquals("1:1700:exit:1:80000:0:0:0:0:160:0:1100", ev.get(8));
            String[] gc = ev.get(9).split(":");
            assertEquals("gc", gc[2]);
            assertEquals("G1 Young Generation", d.string(Long.parseLong(gc[6])));
            assertEquals("G1 Evacuation Pause", d.string(Long.parseLong(gc[7])));
            assertEquals("2000000", gc[8]);
            assertEquals("2:1450:wait-end:0:-1:0:1:0:0:128:0:0", ev.get(16));
            assertEquals("worker-renamed", d.threadName(2));
            assertEquals(12, d.javaThreadId(2));
        }
    }

    @Test
    void aRequestSamplePeriodReadsBackWithItsFiveFields() throws IOException {
        Path file = dir.resolve("sample.trace");
        try (TraceWriter w = TraceWriter.open(file, Collections.emptyMap(), 4, 4096)) {
            ThreadBuffer b = w.acquire(w.defineThread("orbscope-system", 0), 10);
            assertTrue(b.requestSample(1_000_000_000L, 250, 12_000, 47, 1_500_000, 400_000_000));
            w.submit(b);
        }
        try (TraceReader r = TraceReader.open(file)) {
            List<Event> read = new ArrayList<>();
            r.read(e -> read.add(e.copy()));
            assertEquals(1, read.size());
            Event e = read.get(0);
            assertEquals("request-sample", EventType.name(e.type()));
            assertEquals(1_000_000_000L, e.nanos());
            assertEquals(250, e.requestEvery());
            assertEquals(12_000, e.requestsSeen());
            assertEquals(47, e.requestsRecorded());
            assertEquals(1_500_000, e.agentCpuNanos());
            assertEquals(400_000_000, e.periodCpuNanos());
            assertEquals(0, e.processCpuNanos(), "a field of another type");
        }
    }

    @Test
    void methodRolesReadBackAndATraceWithoutRoleRecordsHasNone() throws IOException {
        Path file = dir.resolve("roles.trace");
        try (TraceWriter w = TraceWriter.open(file, Collections.emptyMap(), 4, 4096)) {
            int plain = w.defineMethod("p.C", "plain", "()V");
            int later = w.defineMethod("p.C", "later", "()V");
            assertEquals(later, w.defineMethod("p.C", "later", "()V", "dispatch.begin"), "a role for a method defined before");
            int keyed = w.defineMethod("p.C", "keyed", "(Ljava/lang/Object;)V", "receive.bind");
            assertEquals(keyed, w.defineMethod("p.C", "keyed", "(Ljava/lang/Object;)V", "receive.bind"));
            ThreadBuffer b = w.acquire(w.defineThread("main", 1), 10);
            b.methodEnter(20, plain);
            b.methodExit(30, false);
            w.submit(b);
            assertEquals(1, plain);
        }
        try (TraceReader r = TraceReader.open(file)) {
            Dictionary d = r.dictionary();
            assertEquals(null, d.methodRole(1));
            assertEquals("dispatch.begin", d.methodRole(2));
            assertEquals("receive.bind", d.methodRole(3));
            assertEquals(null, d.methodRole(4), "no such method");
            long[] events = {0};
            r.read(e -> events[0]++);
            assertEquals(2, events[0], "role records are definitions, not events");
        }
        try (TraceReader r = TraceReader.open(writeSample(dir.resolve("no-roles.trace")))) {
            for (int m = 1; m <= r.dictionary().methodCount(); m++) {
                assertEquals(null, r.dictionary().methodRole(m));
            }
        }
    }

    @Test
    void mergedReadIsInTimeOrderAcrossThreads() throws IOException {
        try (TraceReader r = TraceReader.open(writeSample(dir.resolve("m.trace")))) {
            List<String> ev = events(r, true);
            assertEquals(20, ev.size());
            long last = Long.MIN_VALUE;
            for (String s : ev) {
                long t = Long.parseLong(s.split(":")[1]);
                assertTrue(t >= last, ev.toString());
                last = t;
            }
            assertEquals("2:1050:thread-name", ev.get(1).substring(0, 18));
        }
    }

    @Test
    void epochCalibrationComesFromTheHeader() throws IOException {
        long before = System.currentTimeMillis();
        try (TraceReader r = TraceReader.open(writeSample(dir.resolve("c.trace")))) {
            long epoch = r.toEpochNanos(r.startNanos()) / 1_000_000L;
            assertTrue(epoch >= before - 1000 && epoch <= System.currentTimeMillis(), "epoch " + epoch);
        }
    }

    @Test
    void aTraceCutAnywhereReadsUpToItsLastWholeChunk() throws IOException {
        Path full = dir.resolve("many.trace");
        int chunksWritten = 0;
        try (TraceWriter w = TraceWriter.open(full, Collections.emptyMap(), 4, 1024)) {
            int t = w.defineThread("main", 1);
            int m = w.defineMethod("A", "f", "()V");
            long now = 0;
            for (int i = 0; i < 50; i++) {
                ThreadBuffer b;
                while ((b = w.acquire(t, now)) == null) {
                    Thread.yield();
                }
                while (b.methodEnter(now += 10, m) && b.methodExit(now += 10, false)) {
                    // fill
                }
                w.submit(b);
                chunksWritten++;
            }
        }
        byte[] all = Files.readAllBytes(full);
        long fullEvents;
        try (TraceReader r = TraceReader.open(full)) {
            long[] n = new long[1];
            r.read(e -> n[0]++);
            fullEvents = n[0];
            assertEquals(r.footerEvents(), fullEvents);
        }
        int header = 8 + 2 + 4 + java.nio.ByteBuffer.wrap(all, 10, 4).getInt() + 4;
        Path inHeader = dir.resolve("cut-in-header.trace");
        Files.write(inHeader, java.util.Arrays.copyOf(all, header - 3));
        TraceFormatException headerCut = assertThrows(TraceFormatException.class, () -> TraceReader.open(inHeader));
        assertTrue(headerCut.getMessage().contains("cut short"), headerCut.getMessage());
        Random random = new Random(1);
        for (int i = 0; i < 40; i++) {
            int cut = header + random.nextInt(all.length - header);
            Path p = dir.resolve("cut" + i + ".trace");
            Files.write(p, java.util.Arrays.copyOf(all, cut));
            try (TraceReader r = TraceReader.open(p)) {
                assertTrue(r.isTruncated(), "cut at " + cut);
                long[] n = new long[1];
                r.read(e -> n[0]++);
                assertTrue(n[0] <= fullEvents);
            }
        }
        assertTrue(chunksWritten > 0);
    }

    @Test
    void foreignAndDamagedFilesGiveAClearError() throws IOException {
        Path foreign = dir.resolve("foreign.trace");
        Files.write(foreign, "hello, this is not a trace at all".getBytes("UTF-8"));
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceReader.open(foreign));
        assertTrue(e.getMessage().contains("not an orbscope trace"), e.getMessage());

        Path empty = dir.resolve("empty.trace");
        Files.write(empty, new byte[0]);
        assertThrows(TraceFormatException.class, () -> TraceReader.open(empty));

        byte[] good = Files.readAllBytes(writeSample(dir.resolve("g.trace")));
        byte[] flipped = good.clone();
        flipped[flipped.length / 2] ^= 0x10;
        Path bad = dir.resolve("flipped.trace");
        Files.write(bad, flipped);
        try (TraceReader r = TraceReader.open(bad)) {
            assertFalse(r.damage().isEmpty(), "a flipped bit is reported");
            assertTrue(r.damage().get(0).contains("offset"), r.damage().toString());
        }
    }

    @Test
    void randomDamageNeverEscapesAsAnUncheckedException() throws IOException {
        byte[] good = Files.readAllBytes(writeSample(dir.resolve("f.trace")));
        Random random = new Random(42);
        for (int i = 0; i < 500; i++) {
            byte[] b = good.clone();
            int flips = 1 + random.nextInt(4);
            for (int k = 0; k < flips; k++) {
                b[random.nextInt(b.length)] ^= (byte) (1 + random.nextInt(255));
            }
            if (random.nextBoolean()) {
                b = java.util.Arrays.copyOf(b, random.nextInt(b.length + 1));
            }
            Path p = dir.resolve("fuzz.trace");
            Files.write(p, b);
            try (TraceReader r = TraceReader.open(p)) {
                r.read(e -> { });
                r.readMerged(e -> { });
            } catch (IOException expected) {
                // a clear, checked error is the contract
            }
        }
        byte[] garbage = new byte[4096];
        random.nextBytes(garbage);
        Path g = dir.resolve("garbage.trace");
        Files.write(g, garbage);
        assertThrows(TraceFormatException.class, () -> TraceReader.open(g));
    }
}
