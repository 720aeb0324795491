package org.orbscope.postprocess.point;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.stages.SyntheticServer;
import org.orbscope.run.HostsFile;
import org.orbscope.run.PointDirectory;
import org.orbscope.testkit.SyntheticRun;

/**
 * A server on a host whose clock runs 5 s behind the coordinator's: its trace, taken on its own clock, pairs with
 * the clients' records only once the report moves it by the host's clock offset from hosts.json.
 */
class ServerClockTest {
    private static final long OFFSET_NS = 5_000_000_000L;

    @TempDir
    Path tmp;

    @Test
    void theServerHostsTraceMeetsTheClientsRecordsThroughItsClockOffset() throws Exception {
        SyntheticRun run = new SyntheticRun(tmp.resolve("run"));
        PointDirectory p = new PointDirectory(run.point("single", 10, 100, 8_400_000, 100, 0.041, true));
        Files.writeString(p.server().trace(), "synthetic");
        // The host's clock reads the coordinator's minus the offset: so do its trace's times.
        StageSource behind = t -> ServerClock.shift(SyntheticServer.forTrace(t, Integer.MAX_VALUE), -OFFSET_NS);

        PointAnalysis unplaced = PointAnalyzer.analyze(p, Map.of(), AnalysisOptions.builder().traces(behind).build());
        assertEquals(0, unplaced.server().matchedToClient(), "a trace 5 s off the clients' axis pairs with nothing");

        new HostsFile("corbaloc:iiop:1.2@10.0.0.1:2809/NameService", null, null, List.of(new HostsFile.Host("srv",
                HostsFile.Host.SERVER, null, "10.0.0.2", null, null, OFFSET_NS, 200_000L, 16, null, null, HostsFile.OK, 0,
                null, 0, null, null))).write(p.hostsJson());
        PointAnalysis placed = PointAnalyzer.analyze(p, Map.of(), AnalysisOptions.builder().traces(behind).build());
        assertEquals(100, placed.server().matchedToClient(), "every request paired once moved by the offset");
        assertEquals(0, placed.server().probes());
        assertEquals(100, placed.server().stages().get("completion").count());
    }
}
