package org.orbscope.run;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The columns of the per-request stage table, in file order: {@code request,key,receiver_thread,
 * dispatcher_thread,poa,object,operation,status,missing}, the {@link StageColumn}s, then
 * {@code client_seq,client_response_ns}. Every file of the table (stages.csv, stages.parquet) is written from this
 * one list, so the files agree column for column.
 */
public final class StageTableColumns {
    /** One column: a text cell, or a number cell that is unknown when it holds {@link StageColumn#UNKNOWN}. */
    public record Column(String name, Function<RequestStages, String> text, ToLongFunction<RequestStages> number) {
        public boolean isText() {
            return text != null;
        }
    }

    private static final List<Column> ALL = columns();

    private StageTableColumns() {
    }

    /** The columns in file order. */
    public static List<Column> all() {
        return ALL;
    }

    private static List<Column> columns() {
        List<Column> c = new ArrayList<>();
        c.add(new Column("request", null, r -> r.index));
        c.add(text("key", r -> r.key));
        c.add(text("receiver_thread", r -> r.receiverThread));
        c.add(text("dispatcher_thread", r -> r.dispatcherThread));
        c.add(text("poa", r -> r.poa));
        c.add(text("object", r -> r.object));
        c.add(text("operation", r -> r.operation));
        c.add(text("status", r -> r.status));
        c.add(text("missing", r -> r.missing));
        for (int i = 0; i < StageColumn.count(); i++) {
            StageColumn s = StageColumn.at(i);
            c.add(new Column(s.header(), null, r -> r.get(s)));
        }
        c.add(new Column("client_seq", null, r -> r.clientSeq));
        c.add(new Column("client_response_ns", null, r -> r.clientResponseNs));
        return List.copyOf(c);
    }

    private static Column text(String name, Function<RequestStages, String> text) {
        return new Column(name, text, null);
    }
}
