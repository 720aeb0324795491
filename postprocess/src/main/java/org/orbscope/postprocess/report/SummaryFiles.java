package org.orbscope.postprocess.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.orbscope.postprocess.run.AtomicFiles;
import org.orbscope.postprocess.run.PointAnalysis;
import org.orbscope.postprocess.run.PointSummary;

/** summary.csv (one row per point) and summary.json (everything the report says, machine-readable). */
public final class SummaryFiles {
    private SummaryFiles() {
    }

    public static void writeCsv(Path file, List<PointAnalysis> points) throws IOException {
        List<SweepTable.Column> cols = SweepTable.csv();
        CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
        cols.forEach(c -> schema.addColumn(c.csvName()));
        CsvMapper mapper = new CsvMapper();
        List<Object[]> rows = new ArrayList<>();
        for (PointAnalysis p : points) {
            Object[] row = new Object[cols.size()];
            for (int i = 0; i < row.length; i++) {
                row[i] = SweepTable.raw(cols.get(i).value().apply(p.summary));
            }
            rows.add(row);
        }
        String text = mapper.writer(schema.build()).writeValueAsString(rows);
        AtomicFiles.write(file, text);
    }

    public static void writeJson(Path file, RunData run) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("run", run.runName());
        root.put("scenario", run.scenarioName());
        root.put("description", run.description());
        root.put("generated", run.generated());
        List<PointSummary> points = new ArrayList<>();
        run.points().forEach(p -> points.add(p.summary));
        root.put("points", points);
        String text = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root);
        AtomicFiles.write(file, text + "\n");
    }
}
