package org.orbscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;

/**
 * Request sampling with contended monitors only: a recorded thread that blocks calling a synchronized method held
 * by a thread whose request is not recorded still counts as contended, since the holder times its release while a
 * recorded caller waits ({@code example.traced.SyncApp}: main blocks about 50 ms in {@code deposit()} while
 * {@code sync-holder} holds the account in {@code hold()}, whose enter begins a fragment that is not drawn).
 */
class SampledSyncIT {
    @TempDir
    Path dir;

    @Test
    void aRecordedCallerBlockedByAnUnrecordedHolderCountsAsContended() throws Exception {
        Path trace = dir.resolve("sampled-sync.trace");
        String options = String.join(",", "quiet=true", "out=" + trace, "events=methods+threads+monitors",
                "monitors.include=example.traced.SyncApp*", "monitors.events=contended", "request.sample=1000000",
                "method=example.traced.SyncApp$Account#hold(Ljava/util/concurrent/CountDownLatch;Ljava/lang/Thread;J)V"
                        + " | key=none | fragment=begin");
        ChildJvm app = ChildJvm.start(dir, options, "example.traced.SyncApp");
        assertEquals(0, app.await(240), app.output());
        Map<String, List<String>> events = new HashMap<>();
        try (TraceReader r = TraceReader.open(trace)) {
            Dictionary d = r.dictionary();
            r.read(e -> {
                if (e.type() >= EventType.MONITOR_CONTENDED && e.type() <= EventType.NOTIFY) {
                    events.computeIfAbsent(d.threadName(e.threadId()), k -> new ArrayList<>())
                            .add(EventType.name(e.type()) + " " + d.monitor(e.monitorId()));
                } else if (e.type() == EventType.METHOD_ENTER) {
                    events.computeIfAbsent(d.threadName(e.threadId()), k -> new ArrayList<>())
                            .add("enter " + d.methodName(e.methodId()));
                }
            });
            assertEquals(0, r.agentErrors());
        }
        List<String> holder = events.getOrDefault("sync-holder", List.of());
        assertTrue(holder.isEmpty(), "the holder's fragment is not drawn, so it records nothing: " + holder);
        List<String> main = events.getOrDefault("main", List.of());
        assertTrue(main.stream().anyMatch(s -> s.startsWith("monitor-contended example.traced.SyncApp$Account@")),
                "main, recorded, contends for the account in deposit(): " + main);
    }
}
