package org.orbscope.run;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes a file through a temporary sibling and a rename, so that a reader (or a crash) never sees half a file
 * that looks whole. Every file a later step reads goes through here.
 */
public final class AtomicFiles {
    /** What to write into the file. */
    @FunctionalInterface
    public interface Body {
        void write(Writer w) throws IOException;
    }

    private AtomicFiles() {
    }

    public static void write(Path file, Body body) throws IOException {
        writeBytes(file, out -> {
            Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            body.write(w);
            w.flush();
        });
    }

    public static void write(Path file, String text) throws IOException {
        write(file, w -> w.write(text));
    }

    /** Writes bytes as they are (a file shipped from another host). */
    public static void write(Path file, byte[] bytes) throws IOException {
        writeBytes(file, out -> out.write(bytes));
    }

    /**
     * The temporary sibling a file written row by row grows in until {@link #finish} moves it into place; its
     * directory is created.
     */
    public static Path growing(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        return dir.resolve(file.getFileName() + ".tmp");
    }

    /**
     * Closes {@code out}, which wrote {@code tmp}, and moves {@code tmp} onto {@code file}; after {@code failure}
     * (the first write error, or null) or an error closing, removes {@code tmp} and throws that error.
     */
    public static void finish(Closeable out, Path tmp, Path file, IOException failure) throws IOException {
        try {
            out.close();
        } catch (IOException e) {
            failure = failure == null ? e : failure;
        }
        if (failure != null) {
            Files.deleteIfExists(tmp);
            throw failure;
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private interface Bytes {
        void write(OutputStream out) throws IOException;
    }

    private static void writeBytes(Path file, Bytes body) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            // Temp files are created owner-only; run directories are meant to be shared like any other output.
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException e) {
            // Not a POSIX file system: keep the default permissions.
        }
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                body.write(out);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
