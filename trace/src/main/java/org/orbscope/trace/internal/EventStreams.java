package org.orbscope.trace.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Consumer;
import java.util.function.Function;
import org.orbscope.trace.EventType;

/**
 * The three ways of replaying an index's events: file order, one thread, and time order across threads. Each hands
 * the visitor a view of its {@link RawEvent} (the API's event), made once per stream by {@code view}, so replaying
 * allocates nothing per event.
 *
 * <p>Where the index skipped damage, a {@link EventType#CHUNK_LOST} marker stands, and from there on no exit pairs
 * with an enter made before it: the exits of calls open there may have been in the hole.
 */
public final class EventStreams {
    private EventStreams() {
    }

    /**
     * Every event in file order (each thread's events in order; threads interleaved by chunk), with one
     * {@link EventType#CHUNK_LOST} for all threads (thread id 0, count 1) where a damaged stretch was skipped.
     */
    public static <E> void fileOrder(TraceIndex index, Function<RawEvent, E> view, Consumer<E> visitor) throws IOException {
        Map<Integer, ThreadDecoder> states = new HashMap<>();
        RawEvent e = new RawEvent();
        E shown = view.apply(e);
        for (Segment s : index.segments) {
            if (s.isLost()) {
                // Calls open before the hole may have ended in it: exits after it pair with nothing.
                states.values().forEach(ThreadDecoder::forgetCalls);
                ThreadDecoder.lostMarker(e, TraceFormat.DEFINITIONS_THREAD, index.maxNanos, 1);
                visitor.accept(shown);
                continue;
            }
            ThreadDecoder st = states.computeIfAbsent(s.threadId, ThreadDecoder::new);
            replay(index, s, st, e, shown, visitor);
        }
    }

    /** One thread's events in order, reading only that thread's segments. */
    public static <E> void oneThread(TraceIndex index, int threadId, Function<RawEvent, E> view, Consumer<E> visitor)
            throws IOException {
        ThreadDecoder st = new ThreadDecoder(threadId);
        RawEvent e = new RawEvent();
        E shown = view.apply(e);
        for (Segment s : index.segments) {
            if (s.isLost()) {
                st.forgetCalls();
            } else if (s.threadId == threadId) {
                replay(index, s, st, e, shown, visitor);
            }
        }
    }

    private static <E> void replay(TraceIndex index, Segment s, ThreadDecoder st, RawEvent e, E shown, Consumer<E> visitor)
            throws IOException {
        Cursor c = s.open();
        st.begin(s.base);
        while (c.more()) {
            st.decode(c, e, index.tables());
            index.maxNanos = Math.max(index.maxNanos, e.nanos);
            visitor.accept(shown);
        }
    }

    /**
     * Every event in time order across threads (a k-way merge of the threads' streams). Where a thread's stream
     * crosses skipped damage, a {@link EventType#CHUNK_LOST} of that thread comes before its first event after the
     * damage (counting the stretches crossed), and that thread's exits from there on pair with no enter made before it.
     */
    public static <E> void merged(TraceIndex index, Function<RawEvent, E> view, Consumer<E> visitor) throws IOException {
        Map<Integer, List<Segment>> byThread = new LinkedHashMap<>();
        for (Segment s : index.segments) {
            if (!s.isLost()) {
                byThread.computeIfAbsent(s.threadId, k -> new ArrayList<>()).add(s);
            }
        }
        PriorityQueue<ThreadStream<E>> heap = new PriorityQueue<>((x, y) -> Long.compare(x.next.nanos, y.next.nanos));
        for (Map.Entry<Integer, List<Segment>> t : byThread.entrySet()) {
            ThreadStream<E> st = new ThreadStream<>(t.getKey(), t.getValue(), view);
            if (st.advance(index.tables())) {
                heap.add(st);
            }
        }
        while (!heap.isEmpty()) {
            ThreadStream<E> st = heap.poll();
            index.maxNanos = Math.max(index.maxNanos, st.next.nanos);
            visitor.accept(st.shown);
            if (st.advance(index.tables())) {
                heap.add(st);
            }
        }
    }

    /** One thread's events, decoded one ahead, reading one segment at a time. */
    private static final class ThreadStream<E> {
        final List<Segment> list;
        final ThreadDecoder state;
        final RawEvent next = new RawEvent();
        final E shown;
        int index = -1;
        Cursor cursor;
        /** Damaged stretches this stream has crossed. */
        int lostSeen;

        ThreadStream(int thread, List<Segment> list, Function<RawEvent, E> view) {
            this.list = list;
            this.state = new ThreadDecoder(thread);
            this.shown = view.apply(next);
        }

        boolean advance(DictionaryTables tables) throws IOException {
            while (cursor == null || !cursor.more()) {
                if (++index >= list.size()) {
                    return false;
                }
                Segment s = list.get(index);
                cursor = s.open();
                state.begin(s.base);
                if (s.lostBefore > lostSeen) {
                    state.forgetCalls();
                    ThreadDecoder.lostMarker(next, state.thread, s.base, s.lostBefore - lostSeen);
                    lostSeen = s.lostBefore;
                    return true;
                }
            }
            state.decode(cursor, next, tables);
            return true;
        }
    }
}
