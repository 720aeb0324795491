package org.orbscope.postprocess.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.Reporter;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.watch.CpuStateSample;
import org.orbscope.run.watch.MachineSample;
import org.orbscope.run.watch.ProcessSample;
import org.orbscope.run.watch.WatchCsv;
import org.orbscope.run.watch.WatchDirectory;
import org.orbscope.testkit.SyntheticRun;

/** The machine's picture in the report's verdict box: a chart when the run was watched, a sentence when not. */
class MachineChartTest {
    private static final long T0 = 1_700_000_000_000_000_000L;

    @TempDir
    Path tmp;

    private static SyntheticRun run(Path dir) throws Exception {
        SyntheticRun run = new SyntheticRun(dir);
        run.point("p1", 100, 200, 2_000_000, 200, 0.2, false);
        return run;
    }

    @Test
    void aWatchedRunShowsTheMachineOverTimeAtTheTop() throws Exception {
        SyntheticRun run = run(tmp.resolve("run"));
        WatchDirectory watch = new PointDirectory(run.dir().resolve("points/p1")).watch();
        try (WatchCsv.Writer<MachineSample> machine = WatchCsv.MACHINE.create(watch.machine());
             WatchCsv.Writer<CpuStateSample> cpus = WatchCsv.CPUS.create(watch.cpus());
             WatchCsv.Writer<ProcessSample> processes = WatchCsv.PROCESSES.create(watch.processes())) {
            for (int i = 0; i <= 30; i++) {
                long ns = T0 + i * 100_000_000L;
                machine.append(new MachineSample(ns, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0));
                // Two CPUs: 50 ms of user time per 100 ms, and a steal of 20 ms in each 100 ms of the last second.
                long steal = Math.max(0, i - 20) * 20L;
                cpus.append(new CpuStateSample(ns, CpuStateSample.ALL, i * 50L, 0, i * 10L, i * 140L - steal, 0, 0, 0,
                        steal));
                processes.append(new ProcessSample(ns, 42, "server", "server", "ServerMain", i * 40L, 0, 40, 100, 20,
                        1 << 20, "java ServerMain"));
                if (i % 10 == 0 && i > 0) {
                    processes.append(new ProcessSample(ns, 7, "other", "", "sh", i * 90L, 0, 900, 1000, 1, 1 << 20,
                            "sh -c while :; do :; done"));
                }
            }
        }
        String html = Files.readString(Reporter.report(run.dir()).dir().resolve("index.html"));
        String box = html.substring(html.indexOf("<div id=\"verdict\""), html.indexOf("</div>", html.indexOf(
                "<div id=\"verdict\"")));
        assertTrue(box.contains("data-figure=\"machine\""), box);
        for (String series : new String[] {"user", "system (with interrupts)", "steal", "iowait", "the run's processes",
            "other processes"}) {
            assertEquals(1, box.split("<polyline[^>]*><title>" + java.util.regex.Pattern.quote(Svg.esc(series))
                    + "</title>", -1).length - 1, series + " is drawn once: " + box);
        }
        assertFalse(html.contains("no record of the machine"), "a watched run has no note that it was not");
    }

    @Test
    void anUnwatchedRunSaysSoInItsBox() throws Exception {
        SyntheticRun run = run(tmp.resolve("run"));
        // A synthetic run has the watch files of an idle machine; a run the watcher did not see has none.
        WatchDirectory watch = new PointDirectory(run.dir().resolve("points/p1")).watch();
        Files.deleteIfExists(watch.machine());
        Files.deleteIfExists(watch.cpus());
        String html = Files.readString(Reporter.report(run.dir()).dir().resolve("index.html"));
        String box = html.substring(html.indexOf("<div id=\"verdict\""), html.indexOf("</div>", html.indexOf(
                "<div id=\"verdict\"")));
        assertFalse(box.contains("data-figure=\"machine\""), box);
        assertTrue(box.contains("The machine was not watched during this run"), box);
    }
}
