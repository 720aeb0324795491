package org.orbscope.postprocess.point;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientSummary;

/** The client part of a point of several client JVMs: what each one's summary.json says, together. */
class ClientPartTest {
    @TempDir
    Path dir;

    private ClientDirectory client(String name, ClientSummary.Processing processing, ClientSummary.Connect connect)
            throws Exception {
        return client(name, processing, connect, null);
    }

    private ClientDirectory client(String name, ClientSummary.Processing processing, ClientSummary.Connect connect,
                                   ClientSummary.Sessions sessions) throws Exception {
        ClientDirectory c = new ClientDirectory(Files.createDirectories(dir.resolve(name)));
        Files.writeString(c.requestsCsv(), "");
        new ClientSummary(0, 0, 0, 0, 0, 1, 0, 0, null, null, Map.of(), true, false, null, null, null, null,
                processing, connect, sessions).write(c.summary());
        return c;
    }

    @Test
    void processingAndConnectionOpeningsAddUpOverTheClientJvms() throws Exception {
        List<ClientDirectory> dirs = List.of(
                client("1", new ClientSummary.Processing(10, 2.0, 0.020), new ClientSummary.Connect(2, 1.0, 1.5)),
                client("2", new ClientSummary.Processing(30, 4.0, 0.120), new ClientSummary.Connect(6, 3.0, 9.0)));
        ClientPart part = ClientPart.of(ClientResults.read(dirs, 0), dirs);
        assertEquals(40, part.processing().count());
        assertEquals(3.5, part.processing().meanMs(), 1e-9, "(0.020 + 0.120) s over 40 replies");
        assertEquals(0.140, part.processing().totalSec(), 1e-12);
        assertEquals(8, part.connect().count());
        assertEquals((2 * 1.0 + 6 * 3.0) / 8, part.connect().meanMs(), 1e-12);
        assertEquals(9.0, part.connect().maxMs());
        List<ClientDirectory> noMax = List.of(client("4", null, new ClientSummary.Connect(1, null, null)),
                client("5", null, new ClientSummary.Connect(0, null, null)));
        assertEquals(null, ClientPart.of(ClientResults.read(noMax, 0), noMax).connect().maxMs(), "no longest, none");
        List<ClientDirectory> none = List.of(client("3", null, null));
        assertEquals(null, ClientPart.of(ClientResults.read(none, 0), none).processing(), "no processing, none said");
        assertEquals(null, ClientPart.of(ClientResults.read(none, 0), none).sessions(), "no sessions, none said");
    }

    @Test
    void sessionsAddUpOverTheClientJvms() throws Exception {
        List<ClientDirectory> dirs = List.of(client("1", null, null, new ClientSummary.Sessions(12, 3)),
                client("2", null, null, new ClientSummary.Sessions(20, 4)), client("3", null, null, null));
        ClientPart part = ClientPart.of(ClientResults.read(dirs, 0), dirs);
        assertEquals(new ClientSummary.Sessions(32, 7), part.sessions());
        assertEquals("; sessions: 32 completed, 7 cut by the run's end", part.sessionsInWords());
    }
}
