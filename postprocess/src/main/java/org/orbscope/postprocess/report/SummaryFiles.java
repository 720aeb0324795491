package org.orbscope.postprocess.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.orbscope.run.AtomicFiles;
import org.orbscope.postprocess.run.PointAnalysis;
import org.orbscope.postprocess.run.PointSummary;

/** summary.csv (one row per point) and summary.json (everything the report says, machine-readable). */
public final class SummaryFiles {
    private SummaryFiles() {
    }

    /** summary.csv: one row per point, one column per swept path, then the figures (docs/run-directory.md). */
    public static void writeCsv(Path file, List<String> sweptPaths, List<PointAnalysis> points) throws IOException {
        AtomicFiles.write(file, csv(SweepTable.csv(sweptPaths), points));
    }

    /** CSV text of these columns, one row per point. */
    public static String csv(List<SweepTable.Column> cols, List<PointAnalysis> points) throws IOException {
        CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
        cols.forEach(c -> schema.addColumn(c.csvName()));
        List<Object[]> rows = new ArrayList<>();
        for (PointAnalysis p : points) {
            Object[] row = new Object[cols.size()];
            for (int i = 0; i < row.length; i++) {
                row[i] = SweepTable.raw(cols.get(i).value().apply(p.summary));
            }
            rows.add(row);
        }
        // Quote only cells that need it: swept paths such as processes[0] stay readable column names.
        return new CsvMapper().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING).writer(schema.build())
                .writeValueAsString(rows);
    }

    public static void writeJson(Path file, RunData run) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("run", run.runName());
        root.put("scenario", run.scenarioName());
        root.put("description", run.description());
        root.put("swept", run.sweptPaths());
        root.put("generated", run.generated());
        List<PointSummary> points = new ArrayList<>();
        run.points().forEach(p -> points.add(p.summary));
        root.put("points", points);
        String text = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root);
        AtomicFiles.write(file, text + "\n");
    }
}
