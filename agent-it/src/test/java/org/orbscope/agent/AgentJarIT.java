package org.orbscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The agent jar is appended to the application's class path, behind the application's own jars. Any class of it
 * outside the agent's package could be shadowed by an application's copy (another ByteBuddy, another version of
 * orbscope's trace module): so everything it bundles is relocated under {@code org.orbscope.agent}.
 */
class AgentJarIT {
    @Test
    void everyClassInTheAgentJarLivesUnderTheAgentsOwnPackage() throws Exception {
        List<String> outside = new ArrayList<>();
        int shadedTrace = 0;
        int shadedByteBuddy = 0;
        try (JarFile jar = new JarFile(ChildJvm.agentJar().toFile())) {
            for (JarEntry e : Collections.list(jar.entries())) {
                String name = e.getName();
                if (!name.endsWith(".class")) {
                    continue;
                }
                if (!name.startsWith("org/orbscope/agent/")) {
                    outside.add(name);
                }
                if (name.startsWith("org/orbscope/agent/shaded/trace/")) {
                    shadedTrace++;
                }
                if (name.startsWith("org/orbscope/agent/shaded/bytebuddy/")) {
                    shadedByteBuddy++;
                }
            }
        }
        assertEquals(Collections.emptyList(), outside, "classes an application's class path could shadow");
        assertTrue(shadedTrace > 0, "the trace module is bundled, relocated");
        assertTrue(shadedByteBuddy > 0, "ByteBuddy is bundled, relocated");
    }
}
