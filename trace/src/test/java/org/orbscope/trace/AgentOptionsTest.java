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
    void aCommaOrBackslashInAValueIsEscapedAndReadBack() {
        // A sweep point over two settings names its directory with a comma.
        AgentOptions o = AgentOptions.NONE.with(AgentOptions.OUT, "/runs/rate=100_s,poolMax=2/server.trace")
                .with(AgentOptions.CONFIG, "C:\\x\\a.conf").with(AgentOptions.CPU, "true");
        assertEquals("out=/runs/rate=100_s\\,poolMax=2/server.trace,config=C:\\\\x\\\\a.conf,cpu=true", o.toArgument());
        assertEquals(o, AgentOptions.parse(o.toArgument()));
        assertEquals("/runs/rate=100_s,poolMax=2/server.trace", AgentOptions.parse(o.toArgument()).first(AgentOptions.OUT));
        assertEquals("C:\\x\\a.conf", AgentOptions.parse("config=C:\\x\\a.conf").first(AgentOptions.CONFIG),
                "a backslash before anything but a comma or a backslash stands for itself");
    }

    @Test
    void whatTheOptionStringCannotCarryIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AgentOptions.NONE.with("events=methods,threads"));
        assertTrue(e.getMessage().contains("may not contain ','"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.NONE.with("", "x"));
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.NONE.with("a=b", "x"));
        assertThrows(IllegalArgumentException.class, () -> AgentOptions.NONE.with("a\\b", "x"));
    }
}
