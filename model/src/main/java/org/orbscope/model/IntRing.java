package org.orbscope.model;

/** A growable FIFO of ints without boxing: the model's queues hold request slot numbers. */
final class IntRing {
    private int[] items = new int[16];
    private int head;
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    void add(int v) {
        if (size == items.length) {
            int[] bigger = new int[items.length * 2];
            for (int i = 0; i < size; i++) {
                bigger[i] = items[(head + i) & (items.length - 1)];
            }
            items = bigger;
            head = 0;
        }
        items[(head + size) & (items.length - 1)] = v;
        size++;
    }

    int peek() {
        return items[head];
    }

    int poll() {
        int v = items[head];
        head = (head + 1) & (items.length - 1);
        size--;
        return v;
    }
}
