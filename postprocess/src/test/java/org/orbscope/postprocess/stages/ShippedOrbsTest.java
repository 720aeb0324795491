package org.orbscope.postprocess.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.TraceHeader;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.internal.TraceWriter;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ShippedOrbs;

/** Which shipped profile's ORB a trace shows, by its classes or else its threads, and what a profile finds of it. */
public class ShippedOrbsTest {
    @TempDir
    Path dir;

    @Test
    void eachShippedProfileOwnsThePackageItsMethodsShare() throws Exception {
        assertEquals("org.jacorb", ShippedOrbs.packageOf(OrbProfile.load("jacorb")));
        assertEquals("com.sun.corba.ee", ShippedOrbs.packageOf(OrbProfile.load("glassfish")));
        assertEquals("org.apache.yoko.orb", ShippedOrbs.packageOf(OrbProfile.load("yoko")));
        assertEquals("com.sun.corba.se", ShippedOrbs.packageOf(OrbProfile.load("openjdk-orb")));
    }

    @Test
    void threadsGoToTheProfileWhoseGlobNamesThemMostClosely() {
        // glassfish's pool glob (w: *) matches the WildFly ORB's pool threads too; the WildFly ORB's names them exactly.
        assertEquals("openjdk-orb", ShippedOrbs.byThreads(List.of("main", "SelectorThread", "p: default-threadpool; w: Idle"))
                .profile().name());
        assertEquals("glassfish", ShippedOrbs.byThreads(List.of("SelectorThread", "p: default-threadpool; w: 3"))
                .profile().name());
        ShippedOrbs.Sighting yoko = ShippedOrbs.byThreads(List.of("Yoko:GIOPConnectionThreaded:ReceiverThread",
                "Yoko:ThreadPool-0:Dispatcher-1"));
        assertEquals("yoko", yoko.profile().name());
        assertEquals("Apache Yoko 1.4 (its threads Yoko:GIOPConnectionThreaded:ReceiverThread, Yoko:ThreadPool-0:Dispatcher-1)",
                yoko.describe());
        assertNull(ShippedOrbs.byThreads(List.of("main", "SelectorThread")), "a name two ORBs share shows neither");
    }

    /** A trace of the WildFly ORB recorded with the glassfish profile: none of its methods, the WildFly ORB's threads. */
    public static Path glassfishProfileOnTheWildflyOrb(Path trace) throws Exception {
        try (TraceWriter w = TraceWriter.open(trace, OrbProfile.load("glassfish").headerInfo(), 4, 4096)) {
            w.defineThread("main", 1);
            w.defineThread("SelectorThread", 12);
            w.defineThread("p: default-threadpool; w: Idle", 13);
        }
        return trace;
    }

    @Test
    void aTraceRecordedWithAnotherOrbsProfileNamesTheOrbItShows() throws Exception {
        Path trace = glassfishProfileOnTheWildflyOrb(dir.resolve("mismatch.trace"));
        try (TraceReader r = TraceReader.open(trace)) {
            TraceRoles roles = TraceRoles.of(r, null);
            assertEquals("profile glassfish (named by the trace)", roles.source());
            assertEquals("0 of 8 methods of profile glassfish found; this trace's JVM loads WildFly ORB (openjdk-orb 10.1)"
                    + " / JDK 8 ORB (its threads p: default-threadpool; w: Idle): try --profile openjdk-orb", roles.mismatch(r));
            ProfileFit fit = ProfileFit.of(r, roles.profile());
            assertEquals(List.of("p: default-threadpool; w: Idle"), fit.threadsByRole().get("receiver"));
            assertEquals(List.of("SelectorThread"), fit.threadsByRole().get("selector"));
        }
    }

    @Test
    void aTraceRecordedWithoutAProfileTakesTheOneItsClassesBelongTo() throws Exception {
        Path trace = dir.resolve("broad.trace");
        try (TraceWriter w = TraceWriter.open(trace, Map.of(TraceHeader.AGENT_OPTIONS, "include=org.apache.yoko.**"), 4, 4096)) {
            w.defineMethod("org.apache.yoko.orb.OB.GIOPIncomingMessage", "extractHeader", "(Lorg/apache/yoko/orb/OCI/Buffer;)V");
            w.defineMethod("org.apache.yoko.orb.OB.Upcall", "operation", "()Ljava/lang/String;");
            w.defineMethod("java.lang.Thread", "run", "()V");
        }
        try (TraceReader r = TraceReader.open(trace)) {
            TraceRoles roles = TraceRoles.of(r, null);
            assertEquals(Role.RECV_ARRIVAL, roles.role(1));
            assertNull(roles.role(2));
            assertTrue(roles.picked().startsWith("profile yoko, picked from the trace's classes in org.apache.yoko.orb"),
                    roles.picked());
            assertEquals(roles.picked(), roles.source());
            assertNull(roles.mismatch(r), "one of its methods is there");
            assertEquals(1, ProfileFit.of(r, roles.profile()).found());
        }
        // A given profile of another ORB finds none of its methods here, and the classes name the ORB.
        try (TraceReader r = TraceReader.open(trace)) {
            TraceRoles roles = TraceRoles.of(r, OrbProfile.load("jacorb"));
            assertEquals("0 of 12 methods of profile jacorb found; this trace's JVM loads Apache Yoko 1.4 (its classes in "
                    + "org.apache.yoko.orb): try --profile yoko", roles.mismatch(r));
        }
    }
}
