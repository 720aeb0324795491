package org.orbscope.cli;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.orbscope.run.CpuSample;
import org.orbscope.run.LocalJvms;
import org.orbscope.scenario.MonitoringSpec;
import org.orbscope.scenario.Names;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.scenario.SweepPoint;

/**
 * The agent options each monitored server of a scenario would start with ({@code monitoring.profile},
 * {@code monitoring.config} and what the run adds), read by the agent's own parser before anything starts: a
 * typo in the agent config would otherwise only reach the server's log, and the server would run unmonitored.
 * The parser is the agent jar's ({@code org.orbscope.agent.ConfigCheck}), loaded in a class loader of its own as
 * the server JVM loads it, so {@code validate} reads exactly what the run's agent reads.
 */
final class AgentOptionsCheck {
    private static final String CHECK = "org.orbscope.agent.ConfigCheck";

    private AgentOptionsCheck() {
    }

    /**
     * Null when every monitored server of every point would start its agent; else the problem in one line, prefixed
     * with the scenario field it comes from ({@code monitoring.config: FILE:LINE: ...}).
     */
    static String problem(List<SweepPoint> points, Path scenarioDir, Path agentJar) {
        Set<String> tried = new LinkedHashSet<>();
        for (SweepPoint p : points) {
            Scenario s = p.scenario();
            for (ServerSpec server : s.servers()) {
                MonitoringSpec m = s.monitoring(server);
                if (!m.enabled()) {
                    continue;
                }
                String options = LocalJvms.agentOptions(m, CpuSample.of(s), Path.of("server.trace"), scenarioDir).toArgument();
                if (!tried.add(options)) {
                    continue;
                }
                if (agentJar == null || !Files.isRegularFile(agentJar)) {
                    return "monitoring.enabled: the agent jar is missing: " + agentJar + " (bin/orbscope builds it)";
                }
                String field = m.config() != null ? "monitoring.config" : "monitoring";
                String problem = check(options, agentJar);
                if (problem != null) {
                    return field + ": " + problem;
                }
            }
        }
        return null;
    }

    /** What the agent in {@code agentJar} says of {@code options}, with the nearest name of an unknown one; or null. */
    private static String check(String options, Path agentJar) {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {agentJar.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            Class<?> check = Class.forName(CHECK, true, loader);
            @SuppressWarnings("unchecked")
            Map<String, String> p = (Map<String, String>) check.getMethod("problem", String.class).invoke(null, options);
            if (p.isEmpty()) {
                return null;
            }
            String key = p.get("unknownKey");
            if (key == null) {
                return p.get("message");
            }
            @SuppressWarnings("unchecked")
            Collection<String> keys = (Collection<String>) check.getMethod("keys").invoke(null);
            return p.get("message") + Names.suggestion(key, keys);
        } catch (IOException | ReflectiveOperationException | ClassCastException e) {
            Throwable t = e instanceof InvocationTargetException i ? i.getCause() : e;
            return "the agent jar " + agentJar + " cannot check its options (" + t + "); rebuild it";
        }
    }
}
