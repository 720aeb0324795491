package org.orbscope.postprocess.table;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.orbscope.run.AtomicFiles;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.run.StageTableColumns;

/**
 * {@code report/stages.parquet}: the per-request stage table of stages.csv in Apache Parquet, written through
 * parquet-java row by row. Text columns are UTF-8 strings, number columns 64-bit integers; an unknown cell (empty
 * in the CSV) is null. Format version 2 pages delta-encode the integers, which shrinks the mostly increasing
 * instants and small durations well enough that the file is written uncompressed, which keeps the compression
 * codecs (and their Hadoop classes) off the class path.
 */
public final class StagesParquet {
    /**
     * Rows are buffered in memory up to a row group of this many bytes, then flushed: the bound on the writer's
     * memory whatever the length of the recording.
     */
    static final long ROW_GROUP_BYTES = 16L << 20;

    private static final List<StageTableColumns.Column> COLUMNS = StageTableColumns.all();
    static final MessageType SCHEMA = schema();

    private StagesParquet() {
    }

    private static MessageType schema() {
        Types.MessageTypeBuilder b = Types.buildMessage();
        for (StageTableColumns.Column c : COLUMNS) {
            if (c.isText()) {
                b.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(c.name());
            } else {
                b.optional(PrimitiveTypeName.INT64).named(c.name());
            }
        }
        return b.named("stages");
    }

    /**
     * Opens a stage table to write row by row into a temporary file next to {@code file}, which
     * {@link Streaming#close()} moves into place, so a reader never sees half a table.
     */
    public static Streaming create(Path file) throws IOException {
        return new Streaming(file);
    }

    /** A stage table being written row by row. */
    public static final class Streaming implements Closeable {
        private final Path file;
        private final Path tmp;
        private final ParquetWriter<RequestStages> out;
        private IOException failure;

        private Streaming(Path file) throws IOException {
            this.file = file;
            tmp = AtomicFiles.growing(file);
            // parquet-java will not replace a file that an interrupted report left behind.
            Files.deleteIfExists(tmp);
            out = new Builder(new LocalOutputFile(tmp))
                    .withConf(new PlainParquetConfiguration())
                    .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_2_0)
                    .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
                    .withRowGroupSize(ROW_GROUP_BYTES)
                    .build();
        }

        /** Appends a row; after a write error (a full disk) rows are dropped and {@link #close()} throws it. */
        public void append(RequestStages r) {
            if (failure != null) {
                return;
            }
            try {
                out.write(r);
            } catch (IOException e) {
                failure = e;
            }
        }

        @Override
        public void close() throws IOException {
            AtomicFiles.finish(out, tmp, file, failure);
        }
    }

    private static final class Builder extends ParquetWriter.Builder<RequestStages, Builder> {
        Builder(OutputFile file) {
            super(file);
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<RequestStages> getWriteSupport(ParquetConfiguration conf) {
            return new Rows();
        }

        /** Not reached: the builder is given a {@link PlainParquetConfiguration}, never a Hadoop one. */
        @Override
        protected WriteSupport<RequestStages> getWriteSupport(org.apache.hadoop.conf.Configuration conf) {
            return new Rows();
        }
    }

    /** Hands each row's cells to parquet-java in the order of {@link StageTableColumns}. */
    private static final class Rows extends WriteSupport<RequestStages> {
        private RecordConsumer consumer;

        @Override
        public WriteContext init(ParquetConfiguration conf) {
            return new WriteContext(SCHEMA, Map.of());
        }

        /** Not reached, as {@link Builder#getWriteSupport(org.apache.hadoop.conf.Configuration)}. */
        @Override
        public WriteContext init(org.apache.hadoop.conf.Configuration conf) {
            return new WriteContext(SCHEMA, Map.of());
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
            this.consumer = recordConsumer;
        }

        @Override
        public void write(RequestStages r) {
            consumer.startMessage();
            for (int i = 0; i < COLUMNS.size(); i++) {
                StageTableColumns.Column c = COLUMNS.get(i);
                if (c.isText()) {
                    String v = c.text().apply(r);
                    if (v != null && !v.isEmpty()) {
                        consumer.startField(c.name(), i);
                        consumer.addBinary(Binary.fromString(v));
                        consumer.endField(c.name(), i);
                    }
                } else {
                    long v = c.number().applyAsLong(r);
                    if (v != StageColumn.UNKNOWN) {
                        consumer.startField(c.name(), i);
                        consumer.addLong(v);
                        consumer.endField(c.name(), i);
                    }
                }
            }
            consumer.endMessage();
        }
    }
}
