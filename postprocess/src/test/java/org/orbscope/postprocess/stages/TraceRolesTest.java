package org.orbscope.postprocess.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.TraceHeader;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.internal.TraceWriter;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileMethod;

class TraceRolesTest {
    @TempDir
    Path dir;

    @Test
    void theShippedJacorbProfileMarksEveryStageRole() throws Exception {
        assertEquals(EnumSet.allOf(Role.class), roles("jacorb"));
    }

    @Test
    void theShippedGlassfishProfileMarksEveryRoleButTheControllers() throws Exception {
        // glassfish has no controller thread (nor its books: finish); its enqueue marker is the first method that sees
        // the request, so no bind either.
        assertEquals(EnumSet.complementOf(EnumSet.of(Role.RECV_BIND, Role.CTRL_PROCESS, Role.CTRL_ASSIGN, Role.DISP_FINISH)),
                roles("glassfish"));
    }

    @Test
    void theShippedYokoProfileMarksWhatMakesARequestCompleteAndNoReply() throws Exception {
        // No controller; the Upcall's setDispatchInfo is the first method that sees the request and its enqueue; the
        // reply is sent inside the servant's dispatch.
        assertEquals(EnumSet.complementOf(EnumSet.of(Role.RECV_BIND, Role.CTRL_PROCESS, Role.CTRL_ASSIGN, Role.DISP_REPLY,
                Role.DISP_FINISH)), roles("yoko"));
    }

    @Test
    void theShippedOpenjdkOrbProfileMarksEveryRoleButTheControllers() throws Exception {
        assertEquals(EnumSet.complementOf(EnumSet.of(Role.RECV_BIND, Role.CTRL_PROCESS, Role.CTRL_ASSIGN, Role.DISP_FINISH)),
                roles("openjdk-orb"));
    }

    /** The roles a shipped profile marks; each of its labels must be one the extractor knows. */
    private static Set<Role> roles(String profile) throws Exception {
        Set<Role> seen = EnumSet.noneOf(Role.class);
        for (ProfileMethod m : OrbProfile.load(profile).methods()) {
            Role r = Role.ofLabel(m.role());
            assertTrue(r != null, "unknown role label " + m.role() + " of " + m);
            seen.add(r);
        }
        return seen;
    }

    @Test
    void rolesComeFromTheTraceThenFromTheProfileItNamesAndAGivenProfileWins() throws Exception {
        String add = "(Lorg/jacorb/orb/dsi/ServerRequest;)V";
        // Recorded roles: what the trace says, even against the shipped profile.
        Path withRoles = dir.resolve("roles.trace");
        try (TraceWriter w = TraceWriter.open(withRoles, Map.of(TraceHeader.PROFILE_NAME, "jacorb"), 4, 4096)) {
            w.defineMethod("org.jacorb.poa.RequestQueue", "add", add, "dispatch.begin");
        }
        try (TraceReader r = TraceReader.open(withRoles)) {
            TraceRoles roles = TraceRoles.of(r, null);
            assertEquals(Role.DISP_BEGIN, roles.role(1));
            assertEquals("recorded in the trace", roles.source());
            assertEquals(Role.RECV_ENQUEUE, TraceRoles.of(r, OrbProfile.load("jacorb")).role(1), "a given profile wins");
        }
        // No recorded roles: the profile an older agent named in its options.
        Path old = dir.resolve("old.trace");
        try (TraceWriter w = TraceWriter.open(old, Map.of(TraceHeader.AGENT_OPTIONS, "profile=jacorb,cpu=true"), 4, 4096)) {
            w.defineMethod("org.jacorb.poa.RequestQueue", "add", add);
            w.defineMethod("org.jacorb.poa.RequestQueue", "removeFirst", "()V");
        }
        try (TraceReader r = TraceReader.open(old)) {
            TraceRoles roles = TraceRoles.of(r, null);
            assertEquals(Role.RECV_ENQUEUE, roles.role(1));
            assertNull(roles.role(2));
            assertTrue(roles.source().contains("jacorb"), roles.source());
        }
    }
}
