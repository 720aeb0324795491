package org.orbscope.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.orbscope.trace.internal.EventStreams;
import org.orbscope.trace.internal.TraceIndex;
import org.orbscope.trace.internal.TraceRing;

/**
 * Reads a recording: a trace file, or a ring's directory of segments as one. {@link #open} reads the header once
 * ({@link #header}) and indexes the file (checking every checksum and loading the names: {@link #dictionary});
 * {@link #read} then replays the events in file order, {@link #readThread} one thread's, and {@link #readMerged}
 * all in time order across threads. Memory grows with the number of threads and chunks, not with the events.
 *
 * <p>In a ring, the first segment kept is the recording's start; a thread's calls open at a segment's end pair with
 * their exits in the next one. Read alone, a segment begins with exits that pair with nothing, as a recording
 * attached mid-call does. Segments missing between two the directory holds (deleted, or unreadable) are a named
 * gap ({@link #gaps}), read as skipped damage.
 *
 * <p>Damage costs only what it touches: a trace cut short reads up to its last whole chunk ({@link #isTruncated});
 * a chunk whose checksum does not match is skipped, and a record header that makes no sense is passed over to the
 * next record whose checksum matches ({@link #damage}). Both readings mark the loss with
 * {@link EventType#CHUNK_LOST} events, and from there on pair no exit with an enter made before it: the exits of
 * those calls may have been in the hole. A thread's {@link EventType#DROPPED} marker (the agent had no buffer for
 * some of its events) is such a loss for that thread alone.
 *
 * <pre>{@code
 * try (TraceReader r = TraceReader.open(path)) {
 *     r.readMerged(e -> { if (e.type() == EventType.METHOD_EXIT) ... });
 * }
 * }</pre>
 */
public final class TraceReader implements AutoCloseable {
    private final TraceIndex index;
    private final TraceHeader header;
    private final Dictionary dictionary;
    private final long startNanos;
    private final long startEpochMillis;

    private TraceReader(TraceIndex index) {
        this.index = index;
        this.header = TraceHeader.of(index.info());
        this.dictionary = new Dictionary(index.tables());
        this.startNanos = header.startNanos();
        this.startEpochMillis = header.startEpochMillis();
    }

    /**
     * Opens and indexes a trace file or a ring's segment directory. A file cut short reads up to its last whole
     * chunk ({@link #isTruncated}).
     *
     * @throws TraceFormatException naming the file and offset, for a file that is not a trace or cannot be indexed
     */
    public static TraceReader open(Path path) throws IOException {
        return new TraceReader(TraceIndex.open(path));
    }

    /** Whether {@code dir} is a ring's directory holding at least one segment file (which {@link #open} reads). */
    public static boolean isSegmentDirectory(Path dir) throws IOException {
        return TraceRing.isSegmentDirectory(dir);
    }

    /** The header: JVM and host facts, the clock calibration, and what the agent and the profile added. */
    public TraceHeader header() {
        return header;
    }

    /** The names the trace defines, for the ids events carry. */
    public Dictionary dictionary() {
        return dictionary;
    }

    /** Whether the recording ends without a footer or inside a record ({@link #truncation} says which). */
    public boolean isTruncated() {
        return index.isTruncated();
    }

    /** Why the trace counts as truncated, or null. */
    public String truncation() {
        return index.truncation();
    }

    /** What was skipped as damaged, one line each naming the offset (empty for an undamaged trace). */
    public List<String> damage() {
        return index.damage();
    }

    /**
     * The segments missing between those a ring's directory holds, in order (empty for a trace file or a whole
     * ring). Each is also a line of {@link #damage} and a skipped stretch ({@link #lostStretches}).
     */
    public List<RingGap> gaps() {
        return index.gaps();
    }

    /** How many damaged stretches of the file were skipped (each a chunk or more; 0 for an undamaged trace). */
    public int lostStretches() {
        return index.lostStretches();
    }

    /** Events the footer counts (-1 when truncated). */
    public long footerEvents() {
        return index.footerEvents();
    }

    /** Events the agent dropped (footer total; for a truncated trace, sum the DROPPED markers). */
    public long droppedEvents() {
        return index.footerDropped();
    }

    /** Errors caught inside the agent and the writer (footer total). */
    public long agentErrors() {
        return index.footerErrors();
    }

    /** How many chunks the index holds (damaged ones not counted). */
    public long chunks() {
        return index.chunks();
    }

    /** The {@code nanoTime} of the header's calibration instant. */
    public long startNanos() {
        return startNanos;
    }

    /** The last nanoTime the trace knows of: the footer's end, or the last event's time once read. */
    public long endNanos() {
        return index.endNanos();
    }

    /**
     * The earliest and the latest start of a segment of a thread's events, from the index alone: the span of the
     * recording before any event is read; {@code {startNanos(), startNanos()}} for a trace without events. The last
     * segment's events lie after its start.
     */
    public long[] segmentSpan() {
        long[] span = index.segmentSpan();
        return span == null ? new long[] {startNanos, startNanos} : span;
    }

    /** Converts a trace nanoTime to epoch nanoseconds with the header's calibration. */
    public long toEpochNanos(long nanos) {
        return startEpochMillis * 1_000_000L + (nanos - startNanos);
    }

    /** Ids of the threads that have events, in order of their first segment. */
    public int[] threadIds() {
        return index.threadIds();
    }

    /**
     * Replays every event in file order (each thread's events in order; threads interleaved by chunk), with one
     * {@link EventType#CHUNK_LOST} event for all threads (thread id 0, {@link Event#count} 1) where a damaged stretch
     * was skipped. The visitor gets one reused {@link Event}.
     */
    public void read(EventVisitor visitor) throws IOException {
        EventStreams.fileOrder(index, Event::new, visitor::onEvent);
    }

    /** Replays one thread's events in order ({@code threadId} as in {@link #threadIds}), reading only its segments. */
    public void readThread(int threadId, EventVisitor visitor) throws IOException {
        EventStreams.oneThread(index, threadId, Event::new, visitor::onEvent);
    }

    /**
     * Replays every event in time order across threads (a k-way merge of the threads' streams). Where a thread's
     * stream crosses skipped damage, a {@link EventType#CHUNK_LOST} event of that thread comes before its first event
     * after the damage ({@link Event#count}: the damaged stretches crossed; its events before may be missing, its
     * first included when the damage came before its first segment), and that thread's exits from there on pair with
     * no enter made before.
     */
    public void readMerged(EventVisitor visitor) throws IOException {
        EventStreams.merged(index, Event::new, visitor::onEvent);
    }

    @Override
    public void close() throws IOException {
        index.close();
    }
}
