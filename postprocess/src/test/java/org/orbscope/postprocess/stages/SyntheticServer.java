package org.orbscope.postprocess.stages;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Server-side stage events for the requests of a synthetic point: each arrives 50 us after its intended time. */
public final class SyntheticServer {
    private SyntheticServer() {
    }

    /** Reads the point's client/requests.csv next to {@code trace} and replays a request per sent row. */
    public static StageResult forTrace(Path trace, int completeOnly) throws IOException {
        Path requests = trace.getParent().getParent().resolve("client").resolve("requests.csv");
        List<String> lines = Files.readAllLines(requests);
        StageExtractor x = new StageExtractor();
        x.threadName(RequestScript.RECEIVER, "ServerMessageReceptor1");
        x.threadName(RequestScript.CONTROLLER, "RequestController-1");
        x.threadName(RequestScript.DISPATCHER, "RequestProcessor-1");
        for (int i = 1; i < lines.size(); i++) {
            long intended = Long.parseLong(lines.get(i).split(",")[5]);
            RequestScript s = RequestScript.at(0x100 + i % 7, intended + 50_000);
            s.receiver(x);
            s.controller(x);
            if (i <= completeOnly) {
                s.dispatcher(x);
            }
        }
        return x.finish(completeOnly < lines.size() - 1);
    }

    /** CPU per request of {@link RequestScript}: receiver 25 us + controller 10 us + dispatcher 4065 us. */
    public static final long CPU_PER_REQUEST_NS = 25_000 + 10_000 + 4_065_000;
}
