package org.orbscope.hosts;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import org.orbscope.run.ExitCode;

/**
 * The server of a point running on a host, seen as a process by the point's runner: it is alive until the host
 * reports the server over (its files shipped) or stops calling; closing its input, like each of the signals,
 * asks the host to stop the server. Its exit code is the server JVM's, or {@link ExitCode#NOT_ENDED} when the host
 * died.
 */
final class RemoteServer extends Process {
    private final CoordinatorServant coordinator;
    private final PointState point;
    private final Part part;

    RemoteServer(CoordinatorServant coordinator, PointState point, Part part) {
        this.coordinator = coordinator;
        this.point = point;
        this.part = part;
    }

    private void requestStop() {
        if (!part.over()) {
            coordinator.stop(point, part);
        }
    }

    @Override
    public OutputStream getOutputStream() {
        return new OutputStream() {
            @Override
            public void write(int b) {
                // the server reads nothing: its input only says when to stop
            }

            @Override
            public void close() {
                requestStop();
            }
        };
    }

    @Override
    public InputStream getInputStream() {
        return InputStream.nullInputStream();
    }

    @Override
    public InputStream getErrorStream() {
        return InputStream.nullInputStream();
    }

    @Override
    public int waitFor() throws InterruptedException {
        while (isAlive()) {
            Thread.sleep(50);
        }
        return exitValue();
    }

    @Override
    public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (isAlive()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    @Override
    public int exitValue() {
        if (isAlive()) {
            throw new IllegalThreadStateException("the server on host " + part.host.name() + " is running");
        }
        return part.report != null ? part.report.exit : ExitCode.NOT_ENDED;
    }

    @Override
    public boolean isAlive() {
        return !part.over();
    }

    @Override
    public void destroy() {
        requestStop();
    }

    @Override
    public Process destroyForcibly() {
        requestStop();
        return this;
    }
}
