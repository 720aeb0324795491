package org.orbscope.hosts;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** What a host says about its part of a point: on its console, and in the part's host.log (shipped with it). */
final class HostLog {
    private final PrintStream console;
    private final Path file;

    HostLog(PrintStream console, Path file) {
        this.console = console;
        this.file = file;
    }

    synchronized void line(String text) {
        console.println("orbscope host: " + text);
        if (file != null) {
            try {
                Files.createDirectories(file.getParent());
                Files.writeString(file, Instant.now().truncatedTo(ChronoUnit.MILLIS) + " " + text + "\n",
                        StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                // the console has it
            }
        }
    }
}
