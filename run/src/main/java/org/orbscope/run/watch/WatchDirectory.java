package org.orbscope.run.watch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What the watcher writes beside a point ({@code <point>/watch/}; a host's under its part of the point), every
 * file on the point's time axis, rows flushed once per sample:
 *
 * <pre>
 *   machine.csv      {@link MachineSample}: run queue, context switches, interrupts, memory, swap, TCP
 *   cpus.csv         {@link CpuStateSample}: time per CPU state, every CPU and their sum
 *   network.csv      {@link InterfaceSample}: bytes, packets, errors and drops per interface, each way
 *   processes.csv    {@link ProcessSample}: the run's processes, other orbscope runs', and the others that took CPU
 *   jvms.csv         {@link JvmSample}: the run's JVMs' collections, safepoints, heap, threads and JIT
 *   watch.log        what the watcher could not do, and its own CPU at the end
 * </pre>
 */
public record WatchDirectory(Path dir) {
    public Path machine() {
        return dir.resolve("machine.csv");
    }

    public Path cpus() {
        return dir.resolve("cpus.csv");
    }

    public Path network() {
        return dir.resolve("network.csv");
    }

    public Path processes() {
        return dir.resolve("processes.csv");
    }

    public Path jvms() {
        return dir.resolve("jvms.csv");
    }

    public Path log() {
        return dir.resolve("watch.log");
    }

    /**
     * Why there is no record of the machine beside the point, in a line for the report's notes (with the first line
     * of {@code watch.log} when it says why); empty when {@code machine.csv} is there.
     */
    public Optional<String> missing() {
        if (Files.isRegularFile(machine())) {
            return Optional.empty();
        }
        String why = null;
        try (Stream<String> lines = Files.lines(log(), StandardCharsets.UTF_8)) {
            why = lines.findFirst().orElse(null);
        } catch (IOException | UncheckedIOException e) {
            // no watch.log: a run from before the watcher, or one killed before it started
        }
        return Optional.of("no record of the machine beside the point (" + dir.getFileName() + "/"
                + machine().getFileName() + " missing" + (why == null ? "" : ": " + why) + ")");
    }
}
