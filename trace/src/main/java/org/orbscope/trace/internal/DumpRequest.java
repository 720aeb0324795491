package org.orbscope.trace.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * A request for a ring's dump, handed from the thread that asks to the writer thread, which alone writes the files:
 * the asking thread waits for the answer, at most its timeout; the writer looks for a request between chunks.
 */
final class DumpRequest {
    private final Object lock = new Object();
    private volatile Path target;
    /** The writer's answer: empty for done, else why not; null while none is due. */
    private String result;

    /**
     * Asks {@code writer} for a dump to {@code file} and waits for it, at most {@code timeoutMillis}.
     *
     * @throws IOException when the writer failed to write it, or did not answer in time
     */
    void ask(Path file, long timeoutMillis, Thread writer) throws IOException {
        synchronized (lock) {
            result = null;
            target = file;
            LockSupport.unpark(writer);
            long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
            try {
                while (result == null) {
                    long left = (deadline - System.nanoTime()) / 1_000_000L;
                    if (left <= 0 || !writer.isAlive()) {
                        target = null;
                        throw new IOException("the trace writer did not write the dump within " + timeoutMillis + " ms");
                    }
                    lock.wait(left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the dump");
            }
            if (!result.isEmpty()) {
                throw new IOException(result);
            }
        }
    }

    /** Writer thread: the file a dump is asked for, or null. */
    Path pending() {
        return target;
    }

    /** Writer thread: answers the pending request; {@code failure} is null when the dump was written. */
    void answer(String failure) {
        synchronized (lock) {
            result = failure == null ? "" : failure;
            target = null;
            lock.notifyAll();
        }
    }
}
