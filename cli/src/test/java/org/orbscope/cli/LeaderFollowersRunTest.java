package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.SystemCsv;
import org.orbscope.run.SystemSample;

/**
 * Leader/followers of two threads on Apache Yoko ({@code concModel: leader_followers, poolMax: 2}): six closed
 * clients on two connections keep more requests at the server than its pool has threads (the load of
 * {@link PoaThreadsRunTest}). Every request the servants
 * received was served by the pool (its count is the servants', the warm-up calls' and the client's checks'), two at most and no fewer at
 * once, the receivers waited for a leader when both threads were serving, and the server started no thread per
 * request (Yoko's default model would start one for each).
 */
class LeaderFollowersRunTest {
    /** The client's check ({@code _non_existent}) of each of its two targets on each of its two connections. */
    private static final int PROBES = 4;
    private static final Pattern SUMMARY = Pattern.compile("leader/followers: (\\d+) requests served by the pool of 2 "
            + "threads, at most (\\d+) at once; (\\d+) receivers waited for a leader");

    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void aPoolOfTwoLeaderFollowerThreadsServesEveryRequestTwoAtOnce() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        Path server = PoaThreadsRunTest.runTwoObjectsOfPoaP(dir, "leader-followers",
                "{product: yoko, concModel: leader_followers, poolMax: 2}", "{name: P}");
        String log = Files.readString(server.resolve("server.log"));
        Matcher m = SUMMARY.matcher(log);
        assertTrue(m.find(), log);
        assertEquals(PoaThreadsRunTest.REQUESTS + PoaThreadsRunTest.WARMUP_CALLS + PROBES, Long.parseLong(m.group(1)),
                "the pool served the client's requests, its checks of the targets and the warm-up calls: " + m.group());
        assertEquals(2, Integer.parseInt(m.group(2)), m.group());
        assertTrue(Long.parseLong(m.group(3)) > 0, "with both threads serving, a receiver waits: " + m.group());

        List<SystemSample> s = SystemCsv.read(server.resolve("system.csv")).samples();
        long started = s.get(s.size() - 1).threadsStarted() - s.get(0).threadsStarted();
        assertTrue(started < PoaThreadsRunTest.REQUESTS / 2, "no thread per request: " + started + " threads started");
    }
}
