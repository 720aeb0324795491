package org.orbscope.postprocess.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.TraceReport;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.run.StageTableColumns;
import org.orbscope.run.StagesCsv;
import org.orbscope.testkit.JacorbTraceBuilder;

/**
 * The report of a real trace file, asked for Parquet, writes stages.parquet with the rows of stages.csv, read back
 * by parquet-java.
 */
class StagesParquetTest {
    private static final long BASE = 5_000_000_000L;
    private static final long GAP = 10_000_000L;
    private static final int N = 2000;

    @TempDir
    Path tmp;

    @Test
    void theParquetTableHoldsTheRowsOfTheCsvTable() throws Exception {
        Path trace = tmp.resolve("server.trace");
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(trace)) {
            for (int i = 0; i < N; i++) {
                // Every 10th request is left incomplete, so some cells are unknown.
                b.request(BASE + i * GAP, 0x30 + i % 3, i, i % 10 != 7);
            }
        }
        Path out = tmp.resolve("report");
        TraceReport.report(trace, AnalysisOptions.builder().parquet(true).build(), out);

        List<RequestStages> csv = StagesCsv.read(out.resolve("stages.csv"));
        List<Group> parquet = read(out.resolve("stages.parquet"));
        assertEquals(N, csv.size());
        assertEquals(csv.size(), parquet.size());
        assertFalse(Files.exists(out.resolve("stages.parquet.tmp")));
        int unknown = 0;
        for (int i = 0; i < csv.size(); i++) {
            RequestStages c = csv.get(i);
            Group p = parquet.get(i);
            assertEquals(c.index, p.getLong("request", 0));
            assertEquals(c.status, p.getString("status", 0));
            assertEquals(c.operation, text(p, "operation"));
            assertEquals(c.get(StageColumn.ARRIVAL), number(p, StageColumn.ARRIVAL.header()));
            assertEquals(c.get(StageColumn.COMPLETION), number(p, StageColumn.COMPLETION.header()), "row " + i);
            assertEquals(c.get(StageColumn.SERVANT_CPU), number(p, StageColumn.SERVANT_CPU.header()), "row " + i);
            if (!c.has(StageColumn.COMPLETION)) {
                unknown++;
            }
        }
        assertTrue(unknown > 0, "some rows have unknown cells");
    }

    @Test
    void theSchemaIsTheColumnListInOrder() {
        List<StageTableColumns.Column> columns = StageTableColumns.all();
        assertEquals(columns.size(), StagesParquet.SCHEMA.getFieldCount());
        assertEquals(StagesCsv.header(), String.join(",",
                StagesParquet.SCHEMA.getFields().stream().map(f -> f.getName()).toList()));
    }

    private static List<Group> read(Path file) throws Exception {
        List<Group> rows = new ArrayList<>();
        ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration()).build();
        try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file), options)) {
            MessageType schema = f.getFooter().getFileMetaData().getSchema();
            PageReadStore group;
            while ((group = f.readNextRowGroup()) != null) {
                RecordReader<Group> records = new ColumnIOFactory().getColumnIO(schema)
                        .getRecordReader(group, new GroupRecordConverter(schema));
                for (long k = 0; k < group.getRowCount(); k++) {
                    rows.add(records.read());
                }
            }
        }
        return rows;
    }

    private static long number(Group g, String column) {
        return g.getFieldRepetitionCount(column) == 0 ? StageColumn.UNKNOWN : g.getLong(column, 0);
    }

    private static String text(Group g, String column) {
        return g.getFieldRepetitionCount(column) == 0 ? "" : g.getString(column, 0);
    }
}
