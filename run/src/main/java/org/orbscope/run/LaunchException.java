package org.orbscope.run;

/** A launch argument list that does not parse, in one line for the child's log: the caller exits 2. */
public final class LaunchException extends Exception {
    LaunchException(String message) {
        super(message, null, false, false);
    }
}
