package org.orbscope.server;

/**
 * The monitor a scenario's {@code lock} names: one per name per server, shared by the operations that name it. The
 * agent never instruments {@code org.orbscope} code, so a trace holds no hold time of it: the hold a servant burns
 * inside it is the scenario's.
 */
final class ServantLock {
    private final String name;

    ServantLock(String name) {
        this.name = name;
    }

    @Override
    public String toString() {
        return "lock " + name;
    }
}
