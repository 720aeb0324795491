package org.orbscope.trace.profile;

/** A profile that cannot be used; the message names the place as {@code source:line: problem}. */
public final class ProfileException extends Exception {
    private static final long serialVersionUID = 1L;

    public ProfileException(String message) {
        super(message);
    }
}
