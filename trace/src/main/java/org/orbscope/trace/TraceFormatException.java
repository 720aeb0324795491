package org.orbscope.trace;

import java.io.IOException;

/** The file is not an orbscope trace, or it is damaged (the message says where). */
public final class TraceFormatException extends IOException {
    public TraceFormatException(String message) {
        super(message);
    }
}
