package org.orbscope.postprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.testkit.JacorbTraceBuilder;

/** {@code profile suggest} on a trace the trace module's writer wrote, with JacORB's methods at known times. */
class ProfileSuggestionTest {
    @TempDir
    Path tmp;

    /**
     * A request's work pauses for 8 ms between two recorded events (the servant runs unrecorded; a thread preempted
     * on a busy machine leaves such a gap too): the pause is inside the request, not the thread waiting for the next
     * one, and the roles are those of the request's whole work on each thread; a trace without identities leaves the
     * key to do.
     */
    @Test
    void aPauseInsideARequestIsNoIdleGap() throws Exception {
        Path trace = tmp.resolve("broad.trace");
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(trace)) {
            for (int i = 0; i < 25; i++) {
                b.request(1_000_000_000L + i * 100_000_000L, 0x70 + i, i, true); // one at a time, 100 ms apart
            }
        }
        ProfileSuggestion s = ProfileSuggestion.of(trace, "paused", 0);
        String text = s.text("broad.trace");
        assertEquals(25, s.requests(), text);
        assertTrue(text.contains("profile.threads.receiver = ServerMessageReceptor*"), text);
        assertTrue(text.contains("profile.threads.dispatcher = RequestProcessor-*"), text);
        assertTrue(text.contains("RequestProcessor#invokeOperation()V | role=dispatch.servant"), text);
        assertFalse(s.stageless(), text);
        // Without identities (the trace was not recorded with identities=true) no key can be judged: not whole.
        assertTrue(text.contains("# to do: the trace records no identities: record the broad trace with identities=true"),
                text);
        assertFalse(s.complete(), text);
    }

    /**
     * With the identities the methods held, the key is judged on them: the queue and the controller are one object
     * for every request, the processor one per thread; the request, reached by the processor through a field, is
     * the same on both sides of one request and another in the next.
     */
    @Test
    void theKeyIsTheObjectEachRequestHasOfItsOwn() throws Exception {
        Path trace = tmp.resolve("broad.trace");
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(trace).withIdentities()) {
            for (int i = 0; i < 25; i++) {
                b.request(1_000_000_000L + i * 100_000_000L, 0x70 + i, i, true);
            }
        }
        ProfileSuggestion s = ProfileSuggestion.of(trace, "keyed", 0);
        String text = s.text("broad.trace");
        assertTrue(s.complete(), text);
        assertTrue(text.contains("RequestQueue#add(Lorg/jacorb/orb/dsi/ServerRequest;)V | role=receive.enqueue | key=arg0 |"),
                text);
        assertTrue(text.contains("RequestProcessor#process()V | role=dispatch.begin | key=this.request |"), text);
        // No role method encloses the arrival or the begin on its thread (the release of the processor comes after
        // its process()): the marks stay on them.
        assertTrue(text.contains("| role=receive.arrival | key=none | cpu=enter | fragment=begin"), text);
        assertTrue(text.contains("RequestProcessor#process()V | role=dispatch.begin | key=this.request | cpu=true | fragment=continue"),
                text);
        assertTrue(text.contains("| role=dispatch.end | key=none | cpu=exit\n"), text);
    }
}
