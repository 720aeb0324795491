package org.orbscope.postprocess;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.stages.ShippedOrbsTest;
import org.orbscope.trace.internal.TraceWriter;
import org.orbscope.trace.profile.OrbProfile;

/** What profile check says of a trace its profile does not fit. */
class ProfileCheckTest {
    @TempDir
    Path dir;

    @Test
    void aProfileThatMatchedNothingSaysSoAndNamesTheOrbTheTraceShows() throws Exception {
        Path trace = ShippedOrbsTest.glassfishProfileOnTheWildflyOrb(dir.resolve("mismatch.trace"));
        ProfileCheck check = ProfileCheck.of(trace, null);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        check.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertFalse(check.ok());
        assertTrue(out.contains("methods: 0 of 8 methods of profile glassfish found; this trace's JVM loads WildFly ORB"
                + " (openjdk-orb 10.1) / JDK 8 ORB (its threads p: default-threadpool; w: Idle): try --profile openjdk-orb"), out);
        // The thread roles the profile documents, against the trace's threads.
        assertTrue(out.contains("threads selector   'SelectorThread': 1 thread, SelectorThread"), out);
        assertTrue(out.contains("threads receiver   'p: default-threadpool; w: *': 1 thread, p: default-threadpool; w: Idle"),
                out);
        // glassfish reads names: no request was assembled, which is all there is to say.
        assertFalse(out.contains("reads no operation="), out);
        assertTrue(out.contains("operation named in 0 of 0 requests\n"), out);
    }

    @Test
    void aThreadRoleThatNamesNoThreadListsTheTracesThreads() throws Exception {
        Path trace = dir.resolve("yoko.trace");
        try (TraceWriter w = TraceWriter.open(trace, OrbProfile.load("yoko").headerInfo(), 4, 4096)) {
            w.defineThread("main", 1);
            w.defineMethod("org.apache.yoko.orb.OB.Upcall", "invoke", "()V", "receive.end");
        }
        ProfileCheck check = ProfileCheck.of(trace, null);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        check.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("methods: 1 of 8 methods of profile yoko found"), out);
        assertTrue(out.contains("  not in the trace (no loaded class has it): org.apache.yoko.orb.OB.GIOPIncomingMessage"
                + "#extractHeader(Lorg/apache/yoko/orb/OCI/Buffer;)V (receive.arrival)"), out);
        assertTrue(out.contains("threads receiver   'Yoko:GIOPConnectionThreaded:ReceiverThread': no thread of this trace has"
                + " such a name (its threads: main)"), out);
    }
}
