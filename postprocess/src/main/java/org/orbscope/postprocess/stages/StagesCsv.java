package org.orbscope.postprocess.stages;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import org.orbscope.postprocess.run.AtomicFiles;

/**
 * Writes the per-request stage table. Hand-rolled rather than Jackson CSV: every cell is a number or a
 * thread name without commas, and this file is the largest the report writes (hundreds of thousands of rows).
 */
public final class StagesCsv {
    private StagesCsv() {
    }

    public static String header() {
        StringBuilder b = new StringBuilder("request,key,receiver_thread,dispatcher_thread,poa,object,operation,"
                + "status,missing");
        for (Col c : Col.ALL) {
            b.append(',').append(c.header());
        }
        return b.append(",client_seq,client_response_ns").toString();
    }

    public static void write(Path file, List<RequestStages> rows) throws IOException {
        AtomicFiles.write(file, w -> write(w, rows));
    }

    static void write(Writer w, List<RequestStages> rows) throws IOException {
        w.write(header());
        w.write('\n');
        StringBuilder b = new StringBuilder(512);
        for (RequestStages r : rows) {
            b.setLength(0);
            b.append(r.index).append(',').append(r.key).append(',').append(clean(r.receiverThread)).append(',')
                    .append(clean(r.dispatcherThread)).append(',').append(r.poa).append(',')
                    .append(clean(r.object)).append(',').append(clean(r.operation)).append(',')
                    .append(r.status).append(',').append(r.missing);
            for (Col c : Col.ALL) {
                b.append(',');
                if (r.has(c)) {
                    b.append(r.get(c));
                }
            }
            b.append(',');
            if (r.clientSeq != Col.UNKNOWN) {
                b.append(r.clientSeq);
            }
            b.append(',');
            if (r.clientResponseNs != Col.UNKNOWN) {
                b.append(r.clientResponseNs);
            }
            b.append('\n');
            w.append(b);
        }
    }

    private static String clean(String s) {
        return s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 ? s
                : '"' + s.replace("\"", "\"\"").replace('\n', ' ') + '"';
    }
}
