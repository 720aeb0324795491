package org.orbscope.postprocess.stages;

/** What the stage extraction could not see: the report states these instead of guessing numbers. */
public final class StageDiagnostics {
    /** Where the stage roles of the trace's methods came from. */
    public String roles;
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
    public boolean truncated;
    /** Damaged chunks of the trace that were skipped. */
    public long lostChunks;
    public int gcPauses;
    public long gcTotalNs;
    public long requests;
    public long complete;
    public long rejected;
    public long incomplete;
}
