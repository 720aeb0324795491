package org.orbscope.cli;

import java.util.concurrent.Callable;
import org.orbscope.run.PointEstimate;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.SweepPoint;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Parse and check a scenario without running it, and say how long its run takes.",
                "Every sweep point is checked; the expected time of `orbscope run` is each point's workload and the "
                        + "start of its JVMs, times its repetitions with --repeat (with --until, the most).",
                "Exit 0 valid, 2 invalid."})
final class ValidateCommand implements Callable<Integer> {
    @Mixin
    ScenarioInput scenario;

    @Mixin
    RepeatOptions repeating;

    @Override
    public Integer call() {
        if (!repeating.check("validate")) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        ScenarioInput.Loaded in = scenario.loadRunnable("validate");
        if (in == null) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        Scenario s = in.document().scenario();
        String servers = s.singleServer() ? "" : s.servers().size() + " servers, ";
        System.out.printf("%s: ok: scenario '%s', %s%d POA(s), %d object(s), %d arrival process(es), %d point(s)%n",
                scenario.file, s.name(), servers, s.servers().stream().mapToInt(x -> x.poas().size()).sum(),
                s.servers().stream().mapToInt(x -> x.objects().size()).sum(), s.client().processes().size(),
                in.points().size());
        if (in.points().size() > 1) {
            for (SweepPoint p : in.points()) {
                System.out.println("  " + p.name());
            }
        }
        System.out.println("expected run time: " + Progress.expected(in.points().stream()
                .map(p -> PointEstimate.of(p.scenario())).toList(), repeating.upTo())
                + (repeating.until != null ? " at most (--until may stop a point's repetitions sooner)" : ""));
        return Orbscope.EXIT_OK;
    }
}
