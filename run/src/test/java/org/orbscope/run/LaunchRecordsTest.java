package org.orbscope.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.orbscope.scenario.ServerSpec;

/** The workload JVMs' launch records: what the writer writes, the parser reads back; bad lists are one line. */
class LaunchRecordsTest {
    /** A point's directory name holds '=' itself, and a path may begin with '@' or hold spaces. */
    private static final Path POINT = Path.of("/runs/x/points/rate=20_s");

    @Test
    void aServerOfAServersScenarioReadsBackWhatWasWritten() throws Exception {
        Map<String, Path> peers = new LinkedHashMap<>();
        peers.put("back", POINT.resolve("servers/back"));
        peers.put("cache", Path.of("@odd dir/servers/cache"));
        ServerLaunch written = new ServerLaunch(POINT.resolve("point.yaml"), POINT.resolve("servers/front"), "front",
                peers);
        ServerLaunch read = ServerLaunch.parse(written.arguments().toArray(String[]::new));
        assertEquals(written, read);
        assertEquals(List.of("back", "cache"), List.copyOf(read.peers().keySet()), "peers keep their order");
        assertEquals(List.of("--scenario", "/runs/x/points/rate=20_s/point.yaml", "--out",
                "/runs/x/points/rate=20_s/servers/front", "--server", "front", "--peer",
                "back=/runs/x/points/rate=20_s/servers/back", "--peer", "cache=@odd dir/servers/cache"),
                written.arguments());
    }

    @Test
    void theOneServerOfAServerScenarioNeedsNoName() throws Exception {
        ServerLaunch written = new ServerLaunch(POINT.resolve("point.yaml"), POINT.resolve("server"));
        assertEquals(List.of("--scenario", "/runs/x/points/rate=20_s/point.yaml", "--out",
                "/runs/x/points/rate=20_s/server"), written.arguments());
        ServerLaunch read = ServerLaunch.parse(written.arguments().toArray(String[]::new));
        assertEquals(written, read);
        assertEquals(null, read.server());
        assertTrue(read.peers().isEmpty());
        assertEquals(Path.of("."), ServerLaunch.parse("--scenario", "p.yaml").out(), "--out defaults to here");
    }

    @Test
    void aGatedClientOnAHostReadsBackWhatWasWritten() throws Exception {
        ClientLaunch written = new ClientLaunch(POINT.resolve("hosts/h1/point.yaml"),
                Map.of(ServerSpec.SINGLE, POINT.resolve("hosts/h1/ior")), null, POINT.resolve("hosts/h1/clients/3"),
                new ClientLaunch.Start(3, POINT.resolve("hosts/h1/clients/start"), -1_234_567_890_123L));
        ClientLaunch read = ClientLaunch.parse(written.arguments().toArray(String[]::new));
        assertEquals(written, read);
        assertEquals(POINT.resolve("hosts/h1/ior"), read.iorDirs().get(ServerSpec.SINGLE),
                "the directory keeps the '=' of the point's name");
        assertEquals(-1_234_567_890_123L, read.start().clockOffsetNanos(), "a negative offset is a value");
    }

    @Test
    void aClientOfSeveralServersAndOneGivenOneReferenceReadBackWhatWasWritten() throws Exception {
        Map<String, Path> dirs = new LinkedHashMap<>();
        dirs.put("front", POINT.resolve("servers/front/ior"));
        dirs.put("back", POINT.resolve("servers/back/ior"));
        ClientLaunch several = new ClientLaunch(POINT.resolve("point.yaml"), dirs, null, POINT.resolve("client"));
        assertEquals(several, ClientLaunch.parse(several.arguments().toArray(String[]::new)));
        assertEquals(List.of("front", "back"), List.copyOf(several.iorDirs().keySet()));
        assertEquals(List.of("--scenario", "/runs/x/points/rate=20_s/point.yaml",
                "--ior-dir", "front=/runs/x/points/rate=20_s/servers/front/ior",
                "--ior-dir", "back=/runs/x/points/rate=20_s/servers/back/ior",
                "--out", "/runs/x/points/rate=20_s/client"), several.arguments(), "an alone client writes no start");

        ClientLaunch one = new ClientLaunch(Path.of("point.yaml"), Map.of(), "corbaloc:iiop:1.2@127.0.0.1:4711/x",
                Path.of("client"));
        ClientLaunch read = ClientLaunch.parse(one.arguments().toArray(String[]::new));
        assertEquals(one, read);
        assertEquals(ClientLaunch.Start.ALONE, read.start());
    }

    @Test
    void aBadArgumentIsOneLineNamingIt() {
        assertProblem("Unknown options: '--bogus', '1'",
                () -> ServerLaunch.parse("--scenario", "p.yaml", "--bogus", "1"));
        assertProblem("Missing required option: '--scenario=FILE'", () -> ServerLaunch.parse("--out", "dir"));
        assertProblem("--peer", () -> ServerLaunch.parse("--scenario", "p.yaml", "--peer", "back"));
        assertProblem("--out", () -> ServerLaunch.parse("--scenario", "p.yaml", "--out", "a", "--out", "b"));
        assertProblem("'--instance'", () -> ClientLaunch.parse("--scenario", "p.yaml", "--ior", "x.ior",
                "--instance", "two"));
        assertProblem("--instance must be 0 or more, not -1", () -> ClientLaunch.parse("--scenario", "p.yaml",
                "--ior", "x.ior", "--instance", "-1"));
        assertProblem("give the servers' IOR directories (--ior-dir NAME=DIR) or one reference (--ior FILE|URL)",
                () -> ClientLaunch.parse("--scenario", "p.yaml", "--out", "c"));
        assertProblem("--ior-dir", () -> ClientLaunch.parse("--scenario", "p.yaml", "--ior-dir"));
    }

    private interface Parse {
        Object run() throws LaunchException;
    }

    private static void assertProblem(String expected, Parse parse) {
        LaunchException e = assertThrows(LaunchException.class, parse::run);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertEquals(0, e.getStackTrace().length, "a user's mistake carries no stack trace");
    }
}
