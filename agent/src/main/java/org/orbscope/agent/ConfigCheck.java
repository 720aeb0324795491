package org.orbscope.agent;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.orbscope.trace.TraceHeader;

/**
 * Reads agent options the way a starting agent reads them ({@link AgentConfig#parse}: the options, the config
 * file they name, the profiles), without starting anything, for {@code orbscope validate} and {@code run}: a
 * problem the agent would only print into the server's log, where it then runs unmonitored, is refused before
 * any JVM starts. Called through the agent jar (in a class loader of its own), so only JDK types cross.
 */
public final class ConfigCheck {
    /** The problem's message: the file and line, the option and what is wrong. */
    public static final String MESSAGE = "message";
    /** The option name that is not one of the agent's, when that is the problem. */
    public static final String UNKNOWN_KEY = "unknownKey";

    private ConfigCheck() {
    }

    /**
     * What is wrong with {@code options} (the text after {@code -javaagent:JAR=}), as {@link #MESSAGE} and, for
     * an unknown option, {@link #UNKNOWN_KEY}; an empty map when the agent would start with them.
     */
    public static Map<String, String> problem(String options) {
        Map<String, String> p = new LinkedHashMap<>();
        try {
            AgentConfig.parse(options);
        } catch (AgentConfig.BadConfig e) {
            p.put(MESSAGE, e.getMessage());
            if (e.unknownKey != null) {
                p.put(UNKNOWN_KEY, e.unknownKey);
            }
        }
        return p;
    }

    /** The option names the agent takes, with the profile entries' fixed names (for a "did you mean"). */
    public static Set<String> keys() {
        Set<String> k = new TreeSet<>(AgentConfig.keys());
        k.add("method");
        k.add(TraceHeader.PROFILE_NAME);
        k.add(TraceHeader.PROFILE_ORB);
        return Collections.unmodifiableSet(k);
    }
}
