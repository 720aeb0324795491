package org.orbscope.postprocess.table;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StagesCsv;

/**
 * The files of a point's per-request stage table, written together as the rows are produced: stages.csv and, when
 * asked, stages.parquet next to it with the same rows. A file that cannot be written is named in a note and the
 * other is still written.
 */
public final class StageTableFiles {
    private final Path csvFile;
    private final Path parquetFile;
    private final Consumer<String> notes;
    private StagesCsv.Streaming csv;
    private StagesParquet.Streaming parquet;

    private StageTableFiles(Path csvFile, boolean withParquet, Consumer<String> notes) {
        this.csvFile = csvFile;
        this.parquetFile = parquetBeside(csvFile);
        this.notes = notes;
        try {
            csv = StagesCsv.create(csvFile);
        } catch (IOException e) {
            notes.accept(csvFile.getFileName() + " could not be written: " + e.getMessage());
        }
        if (!withParquet) {
            return;
        }
        try {
            parquet = StagesParquet.create(parquetFile);
        } catch (IOException | RuntimeException e) {
            notes.accept(parquetFile.getFileName() + " could not be written: " + e.getMessage());
        }
    }

    /** stages.parquet beside {@code stagesCsv}. */
    public static Path parquetBeside(Path stagesCsv) {
        String name = stagesCsv.getFileName().toString();
        String stem = name.endsWith(".csv") ? name.substring(0, name.length() - 4) : name;
        return stagesCsv.resolveSibling(stem + ".parquet");
    }

    /**
     * Opens {@code stagesCsv} and, with {@code parquet}, the stages.parquet beside it; problems go to
     * {@code notes}.
     */
    public static StageTableFiles open(Path stagesCsv, boolean parquet, Consumer<String> notes) {
        return new StageTableFiles(stagesCsv, parquet, notes);
    }

    /** Writes {@code rows} into the table's files, as {@link #open} names them. */
    public static void write(Path stagesCsv, boolean parquet, List<RequestStages> rows, Consumer<String> notes) {
        StageTableFiles files = open(stagesCsv, parquet, notes);
        rows.forEach(files::append);
        files.close();
    }

    public void append(RequestStages row) {
        if (csv != null) {
            csv.append(row);
        }
        if (parquet != null) {
            parquet.append(row);
        }
    }

    /** Moves the finished files into place. */
    public void close() {
        List<String> failed = new ArrayList<>();
        if (csv != null) {
            try {
                csv.close();
            } catch (IOException e) {
                failed.add(csvFile.getFileName() + " could not be written: " + e.getMessage());
            }
        }
        if (parquet != null) {
            try {
                parquet.close();
            } catch (IOException e) {
                failed.add(parquetFile.getFileName() + " could not be written: " + e.getMessage());
            }
        }
        failed.forEach(notes);
    }
}
