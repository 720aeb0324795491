package org.orbscope.postprocess.stages;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * Fragments waiting to be joined, handed out in (time, close order). A ring of one-millisecond buckets over the
 * join horizon (a calendar queue): a fragment goes into its bucket in constant time and a bucket is sorted
 * when the join passes it, a handful of fragments at a time, where a binary heap over the whole horizon paid a
 * dozen comparisons per fragment. Fragments beyond the ring (no time, or farther than the horizon) wait in a
 * heap.
 */
final class FragmentQueue {
    static final long WIDTH_NS = 1_000_000;
    private static final Comparator<Fragment> ORDER = (a, b) -> {
        int c = Long.compare(a.sortTime, b.sortTime);
        return c != 0 ? c : Long.compare(a.seq, b.seq);
    };

    private final Fragment[][] ring;
    private final int[] sizes;
    private final int mask;
    private final PriorityQueue<Fragment> far = new PriorityQueue<>(ORDER);
    /** The first bucket not yet handed out: times before {@code base * WIDTH_NS} are done. */
    private long base = Long.MIN_VALUE;
    private int inRing;

    /** A ring that spans at least {@code spanNs}. */
    FragmentQueue(long spanNs) {
        int n = Integer.highestOneBit((int) Math.min(1 << 22, Math.max(64, spanNs / WIDTH_NS)) * 2 - 1);
        ring = new Fragment[n][];
        sizes = new int[n];
        mask = n - 1;
    }

    /** Where the queue has handed out up to: a time on a bucket's edge at or before {@code t}. */
    static long edge(long t) {
        return Math.floorDiv(t, WIDTH_NS) * WIDTH_NS;
    }

    /** A fragment whose time is not before the last {@link #pollBefore} bound. */
    void add(Fragment f) {
        long b = Math.floorDiv(f.sortTime, WIDTH_NS);
        if (base == Long.MIN_VALUE) {
            base = b;
        }
        // Before the ring's start only when called so: such a fragment is due at once.
        b = Math.max(b, base);
        if (b - base >= ring.length) {
            far.add(f);
            return;
        }
        int i = (int) (b & mask);
        Fragment[] slot = ring[i];
        if (slot == null) {
            slot = new Fragment[4];
            ring[i] = slot;
        } else if (sizes[i] == slot.length) {
            slot = Arrays.copyOf(slot, slot.length * 2);
            ring[i] = slot;
        }
        slot[sizes[i]++] = f;
        inRing++;
    }

    /** Hands out, in order, every fragment before {@code bound} (a bucket edge). */
    void pollBefore(long bound, Consumer<Fragment> to) {
        long last = Math.floorDiv(bound, WIDTH_NS);
        while (base != Long.MIN_VALUE && base < last) {
            if (inRing == 0) {
                // Nothing in the ring: jump to the next fragment waiting, or to the bound.
                long next = far.isEmpty() ? last : Math.min(last, Math.floorDiv(far.peek().sortTime, WIDTH_NS));
                base = Math.max(base, next);
                refill();
                if (inRing == 0) {
                    break;
                }
                continue;
            }
            int i = (int) (base & mask);
            int n = sizes[i];
            if (n > 0) {
                Fragment[] slot = ring[i];
                if (n > 1) {
                    sort(slot, n);
                }
                sizes[i] = 0;
                inRing -= n;
                for (int k = 0; k < n; k++) {
                    Fragment f = slot[k];
                    slot[k] = null;
                    to.accept(f);
                }
            }
            base++;
            if (!far.isEmpty() && Math.floorDiv(far.peek().sortTime, WIDTH_NS) < base + ring.length) {
                refill();
            }
        }
        if (base != Long.MIN_VALUE && base < last) {
            base = last;
        }
    }

    /** Insertion sort: a bucket holds a few fragments, mostly in order already. */
    private static void sort(Fragment[] a, int n) {
        for (int i = 1; i < n; i++) {
            Fragment f = a[i];
            int j = i - 1;
            while (j >= 0 && (a[j].sortTime > f.sortTime || (a[j].sortTime == f.sortTime && a[j].seq > f.seq))) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = f;
        }
    }

    /** Moves the waiting fragments that now fall within the ring into their buckets. */
    private void refill() {
        while (!far.isEmpty() && Math.floorDiv(far.peek().sortTime, WIDTH_NS) < base + ring.length) {
            add(far.poll());
        }
    }

    /** Hands out everything left, in order. */
    void pollAll(Consumer<Fragment> to) {
        List<Fragment> all = new ArrayList<>(inRing + far.size());
        for (int i = 0; i < ring.length; i++) {
            for (int k = 0; k < sizes[i]; k++) {
                all.add(ring[i][k]);
                ring[i][k] = null;
            }
            sizes[i] = 0;
        }
        inRing = 0;
        all.addAll(far);
        far.clear();
        all.sort(ORDER);
        all.forEach(to);
    }
}
