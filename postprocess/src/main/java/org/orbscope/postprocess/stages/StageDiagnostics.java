package org.orbscope.postprocess.stages;

import java.util.List;
import org.orbscope.trace.RequestSampling;

/** What the stage extraction could not see: the report states these instead of guessing numbers. */
public final class StageDiagnostics {
    /** Where the stage roles of the trace's methods came from. */
    public String roles;
    /** Why the roles' profile was picked from the trace's classes (the trace was recorded without one), or null. */
    public String profilePicked;
    /** The roles' profile has none of its methods in the trace: what the trace shows instead; or null. */
    public String profileMismatch;
    public long boundaryEvents;
    public long droppedEvents;
    public long droppedUnattributed;
    public long fragmentsCutByDrops;
    public long nonRequestMessages;
    /** Cut fragments without a key, left out: their requests are counted (incomplete) from their other parts. */
    public long unjoinableAfterLoss;
    public long unkeyedFragments;
    /** Fragments joined although a hole in the receiver's record made their request uncertain (incomplete). */
    public long ambiguousJoins;
    /** Fragments that reached the joiner after it had joined past their time (their thread held them long). */
    public long lateFragments;
    /** Requests still open when their first fragment was older than the join's expiry: reported incomplete. */
    public long expiredRequests;
    /** Request names recorded on a thread outside any open fragment of a request: no request got them. */
    public long unplacedNames;
    public boolean truncated;
    /** Damaged chunks of the trace that were skipped, and the ring's gaps ({@link #ringGaps}). */
    public long lostChunks;
    /** The segments missing from a ring's directory, each named with its time span; empty for a whole trace. */
    public List<String> ringGaps = List.of();
    public int gcPauses;
    public long gcTotalNs;
    public long requests;
    public long complete;
    public long rejected;
    public long incomplete;
    /** Which requests the agent recorded ({@code request.sample}, {@code budget}); by default every one. */
    public RequestSampling sampling = RequestSampling.everyRequest();

    /** A copy, to count a window of the trace in. */
    public StageDiagnostics copy() {
        StageDiagnostics d = new StageDiagnostics();
        d.roles = roles;
        d.profilePicked = profilePicked;
        d.profileMismatch = profileMismatch;
        d.boundaryEvents = boundaryEvents;
        d.droppedEvents = droppedEvents;
        d.droppedUnattributed = droppedUnattributed;
        d.fragmentsCutByDrops = fragmentsCutByDrops;
        d.nonRequestMessages = nonRequestMessages;
        d.unjoinableAfterLoss = unjoinableAfterLoss;
        d.unkeyedFragments = unkeyedFragments;
        d.ambiguousJoins = ambiguousJoins;
        d.lateFragments = lateFragments;
        d.expiredRequests = expiredRequests;
        d.unplacedNames = unplacedNames;
        d.truncated = truncated;
        d.lostChunks = lostChunks;
        d.ringGaps = ringGaps;
        d.gcPauses = gcPauses;
        d.gcTotalNs = gcTotalNs;
        d.requests = requests;
        d.complete = complete;
        d.rejected = rejected;
        d.incomplete = incomplete;
        d.sampling = sampling;
        return d;
    }
}
