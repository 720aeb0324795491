package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** One line for an I/O failure, in the words a user needs (the JDK's messages are often just a path). */
final class Errors {
    private Errors() {
    }

    static String describe(IOException e) {
        if (e instanceof FileSystemException f && f.getFile() != null) {
            // A path under a regular file fails with "Not a directory" naming the whole path: name the file.
            for (Path p = Path.of(f.getFile()); p != null; p = p.getParent()) {
                if (Files.exists(p)) {
                    if (Files.isRegularFile(p)) {
                        return p + " is a file, not a directory";
                    }
                    break;
                }
            }
        }
        if (e instanceof AccessDeniedException a) {
            return "permission denied: " + a.getFile();
        }
        if (e instanceof FileAlreadyExistsException || e instanceof NotDirectoryException) {
            return ((FileSystemException) e).getFile() + " is a file, not a directory";
        }
        if (e instanceof NoSuchFileException n) {
            return "no such file or directory: " + n.getFile();
        }
        if (e instanceof FileSystemException f) {
            return (f.getReason() == null ? "cannot write" : f.getReason()) + ": " + f.getFile();
        }
        return String.valueOf(e.getMessage());
    }
}
