package org.orbscope.cli;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import org.orbscope.scenario.ScenarioLoader;

/**
 * Runs the workload server's or client's entry point in this JVM with the same arguments {@code run} gives the
 * separate JVMs, so both paths share one argument contract (see JvmCommand). Looked up by name because the
 * workload modules are built by another area and their Java API may still move; a static {@code int run(String[])}
 * is preferred (exit code returned), else {@code main(String[])}.
 */
final class WorkloadMains {
    private WorkloadMains() {
    }

    static int run(String mainClass, List<String> args) throws Exception {
        Class<?> c;
        try {
            c = Class.forName(mainClass);
        } catch (ClassNotFoundException e) {
            System.err.println("orbscope: " + mainClass + " is not on the class path (workload modules not built?)");
            return Orbscope.EXIT_RUN_FAILED;
        }
        String[] a = args.toArray(new String[0]);
        try {
            try {
                Method run = c.getMethod("run", String[].class);
                if (java.lang.reflect.Modifier.isStatic(run.getModifiers()) && run.getReturnType() == int.class) {
                    return (Integer) run.invoke(null, (Object) a);
                }
            } catch (NoSuchMethodException ignored) {
                // fall back to main
            }
            c.getMethod("main", String[].class).invoke(null, (Object) a);
            return Orbscope.EXIT_OK;
        } catch (InvocationTargetException e) {
            Throwable t = e.getCause();
            System.err.println("orbscope: " + t);
            return Orbscope.EXIT_RUN_FAILED;
        }
    }

    /** Writes the scenario the workload reads (first sweep point, overrides applied) into dir and returns it. */
    static Path writePoint(ScenarioInput in, Path dir) throws java.io.IOException {
        if (in.points.size() > 1) {
            System.err.println("orbscope: the scenario sweeps " + in.points.size() + " points; using the first, "
                    + in.points.get(0).name() + " (choose another with --set)");
        }
        Path file = dir.resolve("point.yaml");
        AtomicFiles.write(file, ScenarioLoader.toYaml(in.points.get(0).tree()));
        return file;
    }
}
