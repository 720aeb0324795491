package org.orbscope.model;

import java.util.Arrays;

/** Binary min-heap of (time, payload) in parallel primitive arrays: the future event list without garbage. */
final class TimerHeap {
    private double[] keys = new double[64];
    private int[] payloads = new int[64];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    double minKey() {
        return size == 0 ? Double.POSITIVE_INFINITY : keys[0];
    }

    int minPayload() {
        return payloads[0];
    }

    void add(double key, int payload) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            payloads = Arrays.copyOf(payloads, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (keys[parent] <= key) {
                break;
            }
            keys[i] = keys[parent];
            payloads[i] = payloads[parent];
            i = parent;
        }
        keys[i] = key;
        payloads[i] = payload;
    }

    /** Removes the minimum and returns its payload. */
    int poll() {
        int result = payloads[0];
        size--;
        if (size > 0) {
            siftDown(keys[size], payloads[size]);
        }
        return result;
    }

    private void siftDown(double key, int payload) {
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && keys[right] < keys[child]) {
                child = right;
            }
            if (key <= keys[child]) {
                break;
            }
            keys[i] = keys[child];
            payloads[i] = payloads[child];
            i = child;
        }
        keys[i] = key;
        payloads[i] = payload;
    }
}
