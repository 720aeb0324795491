package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;

class AgentOptionsTest {
    @Test
    void optionsReadAsUsersWriteThem() {
        AgentOptions o = AgentOptions.parse(" profile = jacorb,cpu,,include=com.acme.**,include=org.x.*,out=/tmp/a b.trace ");
        assertEquals("jacorb", o.first(AgentOptions.PROFILE));
        assertEquals("true", o.first(AgentOptions.CPU), "a key alone is true");
        assertEquals(Arrays.asList("com.acme.**", "org.x.*"), o.values("include"), "a key may repeat, in order");
        assertEquals("/tmp/a b.trace", o.first(AgentOptions.OUT));
        assertNull(o.first(AgentOptions.DURATION));
        assertEquals(5, o.entries().size());
        assertEquals(AgentOptions.NONE, AgentOptions.parse(""));
        assertEquals(AgentOptions.NONE, AgentOptions.parse(null));
        assertEquals(Collections.emptyList(), AgentOptions.NONE.values(AgentOptions.PROFILE));
    }

    @Test
    void writtenOptionsParseBackToTheSame() {
        AgentOptions o = AgentOptions.NONE.with(AgentOptions.PROFILE, "jacorb").with(AgentOptions.CPU, "true")
                .with("maxsize=256m").with("quiet").with(AgentOptions.DURATION, "500us");
        assertEquals("profile=jacorb,cpu=true,maxsize=256m,quiet=true,duration=500us", o.toArgument());
        assertEquals(o, AgentOptions.parse(o.toArgument()));
        assertEquals("-javaagent:/x/agent.jar=profile=jacorb,cpu=true,maxsize=256m,quiet=true,duration=500us",
                o.javaAgentOption("/x/agent.jar"));
        assertEquals("-javaagent:/x/agent.jar", AgentOptions.NONE.javaAgentOption("/x/agent.jar"));
    }

    @Test
    void whatTheOptionStringCannotCarryIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AgentOptions.NONE.with(AgentOptions.OUT, "/tmp/a,b.trace"));
        assertTrue(e.getMessage().contains("may not contain ','"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.NONE.with("", "x"));
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.NONE.with("a=b", "x"));
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.NONE.with("events=methods,threads"));
    }
}
