package org.orbscope.trace;

import java.io.IOException;

/** The file is not an orbscope trace, or it is damaged past reading (the message names the file and offset). */
public final class TraceFormatException extends IOException {
    /** An exception whose message names the file, the offset and what is wrong there. */
    public TraceFormatException(String message) {
        super(message);
    }
}
