package org.orbscope.hosts;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.orbscope.run.AtomicFiles;

/**
 * Writes the chunks of result files that hosts ship into the run directory. A file arrives in order: its first
 * chunk creates it whole (so a small file is never seen half written), later chunks append at the offset the host
 * gives; a chunk sent twice (a retried call) is not written twice. A host writes only under its own part.
 */
final class ResultFiles {
    private ResultFiles() {
    }

    /**
     * The file {@code name} (a path relative to the point's directory, as the host ships it) when it lies under
     * {@code part}; otherwise an IllegalArgumentException saying why.
     */
    static Path resolve(Path pointDir, Path part, String name) {
        if (name.isEmpty() || !name.matches("[A-Za-z0-9._/-]+") || name.startsWith("/")) {
            throw new IllegalArgumentException("'" + name + "' is not a relative file name");
        }
        Path file = pointDir.toAbsolutePath().resolve(name).normalize();
        Path base = part.toAbsolutePath().normalize();
        if (!file.startsWith(base) || file.equals(base)) {
            throw new IllegalArgumentException("'" + name + "' is not under this host's part "
                    + pointDir.relativize(part));
        }
        return file;
    }

    /** Writes {@code data} at {@code offset}; returns the bytes added. */
    static long write(Path file, long offset, byte[] data) throws IOException {
        long size = Files.isRegularFile(file) ? Files.size(file) : -1;
        if (offset == 0 && size <= 0) {
            AtomicFiles.write(file, data);
            return data.length;
        }
        if (size < 0 || offset > size) {
            throw new IOException(file.getFileName() + ": a chunk at offset " + offset + " but " + Math.max(0, size)
                    + " bytes received so far");
        }
        int skip = (int) Math.min(data.length, size - offset);
        if (skip == data.length) {
            return 0;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ByteBuffer b = ByteBuffer.wrap(data, skip, data.length - skip);
            while (b.hasRemaining()) {
                ch.write(b);
            }
        }
        return data.length - skip;
    }
}
