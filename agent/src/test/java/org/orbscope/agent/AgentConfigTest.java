package org.orbscope.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.orbscope.trace.TraceHeader;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.profile.ProfileMethod;
import org.orbscope.trace.profile.ShippedOrbs;

/** The hand-written option and config parser: both file syntaxes, profiles, and the messages for bad input. */
class AgentConfigTest {
    @TempDir
    Path dir;

    private Path file(String name, String... lines) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
        return p;
    }

    @Test
    void yamlSubsetBecomesDottedKeysAndLists() throws Exception {
        Path f = file("a.yaml",
                "# comment",
                "out: x.trace   # trailing comment",
                "cpu: on",
                "include: [com.acme.**, \"org.foo.Bar#handle*\"]",
                "exclude:",
                "- com.acme.util.**",
                "threads:",
                "  include:",
                "    - RequestProcessor-*",
                "  exclude: [noisy-*]",
                "events: [methods, park]",
                "sample.interval.ms: 50",
                "method: org.x.Y#run(Lorg/x/Req;)V | role=A.B | key=arg0.conn.id | cpu=true");
        AgentConfig c = AgentConfig.parse("config=" + f + ",out=y.trace");
        assertEquals("y.trace", c.out, "inline options win over the file");
        assertTrue(c.cpu);
        assertEquals(2, c.includes.size());
        assertTrue(c.includes.get(1).matches("org.foo.Bar", "handleAll"));
        assertTrue(c.excludes.get(0).matchesType("com.acme.util.Strings"));
        Settings settings = Settings.of(c);
        assertTrue(settings.threadSelected("RequestProcessor-3"));
        assertFalse(settings.threadSelected("noisy-1"));
        assertFalse(settings.threadSelected("main"));
        assertEquals(Set.of("methods", "park"), c.events);
        assertEquals(50, c.sampleIntervalMillis);
        ProfileMethod m = c.methods.get(0);
        assertEquals("org.x.Y", m.className());
        assertEquals("run", m.methodName());
        assertEquals("(Lorg/x/Req;)V", m.descriptor());
        assertEquals(0, m.keySource());
        assertArrayEquals(new String[] {"conn", "id"}, m.keyFields());
        assertEquals("a.b", m.role());
        assertTrue(m.cpu());
    }

    @Test
    void propertiesStyleAndTheShippedProfileParse() throws Exception {
        Path f = file("a.conf", "out = z.trace", "monitors.include = com.acme.*", "alloc.include = com.acme.Order");
        AgentConfig c = AgentConfig.parse("config=" + f + ",profile=jacorb");
        assertEquals("z.trace", c.out);
        assertEquals(1, c.allocIncludes.size());
        assertTrue(c.methods.size() >= 10, "the JacORB profile's methods: " + c.methods.size());
        assertTrue(c.methods.stream().anyMatch(p -> p.methodName().equals("_invoke") && p.keySource() == 0));
        assertEquals("jacorb", c.profileInfo().get(TraceHeader.PROFILE_NAME));
        assertEquals("ServerMessageReceptor*", c.profileInfo().get(TraceHeader.PROFILE_THREADS + "receiver"));
    }

    /** profile=auto loads nothing until the ORB is known; the picked profile then counts as a named one. */
    @Test
    void anAutomaticProfileIsAddedOnceTheOrbIsKnown() throws Exception {
        AgentConfig c = AgentConfig.parse("profile=auto,cpu=true");
        assertTrue(c.autoProfile);
        assertTrue(c.profiles.isEmpty() && c.methods.isEmpty());
        assertTrue(ConfigCheck.problem("profile=auto").isEmpty(), "auto is a profile the agent takes");
        c.use(ShippedOrbs.byClasses(List.of("org/apache/yoko/orb/OB/ORB_impl", "java/lang/String")).profile());
        assertEquals("yoko", c.profileInfo().get(TraceHeader.PROFILE_NAME));
        assertEquals(8, c.methods.size());
    }

    @Test
    void ringBoundsAndDurationReadAsJfrWritesThem() throws Exception {
        AgentConfig c = AgentConfig.parse("maxsize=256m,maxage=10m,duration=1h30m");
        assertTrue(c.ring());
        assertEquals(256L << 20, c.maxBytes);
        assertEquals(600_000_000_000L, c.maxAgeNanos);
        assertEquals(5_400_000_000_000L, c.durationNanos);
        assertFalse(AgentConfig.parse("out=x.trace").ring());
        AgentConfig.BadConfig e = assertThrows(AgentConfig.BadConfig.class, () -> AgentConfig.parse("maxsize=lots"));
        assertTrue(e.getMessage().contains("maxsize=lots: 'lots' is not a size"), e.getMessage());
        assertThrows(AgentConfig.BadConfig.class, () -> AgentConfig.parse("maxage=0s"));
    }

    @Test
    void theBufferPoolStaysWithinASixteenthOfTheHeap() throws Exception {
        long mib = 1024 * 1024;
        BufferPool big = BufferPool.of(AgentConfig.parse(""), 4096 * mib);
        assertEquals(512, big.count);
        assertEquals(64 * 1024, big.bytes);
        assertEquals(null, big.note);

        BufferPool small = BufferPool.of(AgentConfig.parse(""), 16 * mib);
        assertEquals(32 * 32 * 1024, (long) small.count * small.bytes, "a sixteenth of 16 MiB, in smaller buffers");
        assertEquals(32, small.count);
        assertTrue(small.note.contains("more than a 16 MiB heap can spare"), small.note);

        BufferPool fixedSize = BufferPool.of(AgentConfig.parse("buffer.size=65536"), 16 * mib);
        assertEquals(65536, fixedSize.bytes, "a size the user set is kept");
        assertEquals(16, fixedSize.count);

        BufferPool huge = BufferPool.of(AgentConfig.parse("buffers=1048576,buffer.size=16777216"), 1024 * mib);
        assertEquals(4, huge.count);
        assertEquals(16 * mib, huge.bytes);
    }

    @Test
    void badInputNamesTheFileLineAndKey() throws Exception {
        Path f = file("bad.yaml", "out: a", "threads:", "  inclde: [x]");
        AgentConfig.BadConfig e = assertThrows(AgentConfig.BadConfig.class, () -> AgentConfig.parse("config=" + f));
        assertTrue(e.getMessage().contains("bad.yaml:3") && e.getMessage().contains("threads.inclde"), e.getMessage());

        e = assertThrows(AgentConfig.BadConfig.class, () -> AgentConfig.parse("bogus=1"));
        assertTrue(e.getMessage().contains("unknown option 'bogus'"), e.getMessage());

        Path g = file("bad2.conf", "method = a.B#m()V | key=arg0.1x");
        e = assertThrows(AgentConfig.BadConfig.class, () -> AgentConfig.parse("config=" + g));
        assertTrue(e.getMessage().contains("bad2.conf:1") && e.getMessage().contains("1x"), e.getMessage());

        e = assertThrows(AgentConfig.BadConfig.class, () -> AgentConfig.parse("events=methods+fjr"));
        assertTrue(e.getMessage().contains("unknown event type 'fjr'"), e.getMessage());

        java.util.Map<String, String> p = ConfigCheck.problem("config=" + f);
        assertEquals("threads.inclde", p.get(ConfigCheck.UNKNOWN_KEY), p.toString());
        assertTrue(p.get(ConfigCheck.MESSAGE).contains("bad.yaml:3"), p.toString());
        assertTrue(ConfigCheck.keys().contains("threads.include"));
        assertTrue(ConfigCheck.problem("profile=jacorb,cpu=true").isEmpty(), "a good start says nothing");

        e = assertThrows(AgentConfig.BadConfig.class, () -> AgentConfig.parse("config=" + dir.resolve("missing.yaml")));
        assertTrue(e.getMessage().contains("missing.yaml"), e.getMessage());

        Path h = file("tab.yaml", "threads:", "\tinclude: x");
        e = assertThrows(AgentConfig.BadConfig.class, () -> AgentConfig.parse("config=" + h));
        assertTrue(e.getMessage().contains("tab.yaml:2"), e.getMessage());

        e = assertThrows(AgentConfig.BadConfig.class, () -> AgentConfig.parse("buffers=0"));
        assertTrue(e.getMessage().contains("buffers takes a number from 1 to 1048576, got '0'"), e.getMessage());

        e = assertThrows(AgentConfig.BadConfig.class, () -> AgentConfig.parse("request.sample=0"));
        assertTrue(e.getMessage().contains("request.sample takes a number from 1 to 1000000, got '0'"), e.getMessage());
        assertEquals(10, AgentConfig.parse("profile=jacorb,request.sample=10").requestSample);
        assertEquals(10_000, AgentConfig.parse("profile=jacorb,budget=1%").budgetPpm, "millionths of the process's CPU");
        assertEquals(2_500, AgentConfig.parse("budget=0.25%").budgetPpm);
        for (String bad : new String[] {"1", "0%", "60%", "x%", "0.001%"}) {
            e = assertThrows(AgentConfig.BadConfig.class, () -> AgentConfig.parse("budget=" + bad));
            assertTrue(e.getMessage().contains("budget takes a share of the process's CPU from 0.01% to 50%, got '" + bad + "'"),
                    e.getMessage());
        }
        Path unfragmented = file("unfragmented.profile", "profile.name = unfragmented",
                "method = com.acme.orb.Reader#readMessage()V | role=receive.arrival | key=none | cpu=enter");
        assertEquals(0, Settings.of(AgentConfig.parse("profile=" + unfragmented + ",budget=1%")).budgetPpm,
                "nothing draws without fragment=begin: no budget");
        assertTrue(AgentConfig.parse("profile=jacorb").cpuNet, "CPU times net of the agent's work by default");
        assertFalse(AgentConfig.parse("cpu.net=false").cpuNet);
        e = assertThrows(AgentConfig.BadConfig.class, () -> AgentConfig.parse("cpu.net=maybe"));
        assertTrue(e.getMessage().contains("cpu.net") && e.getMessage().contains("maybe"), e.getMessage());
        assertTrue(AgentConfig.parse("profile=jacorb").requestSamplingPossible());
        for (String shipped : new String[] {"glassfish", "yoko", "openjdk-orb"}) {
            assertTrue(AgentConfig.parse("profile=" + shipped).requestSamplingPossible(), shipped);
        }
        assertFalse(AgentConfig.parse("profile=" + unfragmented).requestSamplingPossible(),
                "a profile that marks no fragments records every request");

        e = assertThrows(AgentConfig.BadConfig.class, () -> AgentConfig.parse("buffer.size=64m"));
        assertTrue(e.getMessage().contains("buffer.size takes a number from 4096 to 16777216, got '64m'"), e.getMessage());

        e = assertThrows(AgentConfig.BadConfig.class, () -> AgentConfig.parse("profile=nosuchorb"));
        assertTrue(e.getMessage().contains("nosuchorb"), e.getMessage());
    }
}
