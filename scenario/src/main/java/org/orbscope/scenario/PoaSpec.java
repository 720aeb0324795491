package org.orbscope.scenario;

/** A POA: its parent (RootPOA by default), its POA manager, and its policies. */
public record PoaSpec(
        String name,
        String parent,
        String manager,
        ThreadPolicy threadPolicy,
        Lifespan lifespan,
        IdAssignment idAssignment) {

    public static final String ROOT = "RootPOA";

    public enum ThreadPolicy { ORB_CTRL_MODEL, SINGLE_THREAD_MODEL }

    public enum Lifespan { TRANSIENT, PERSISTENT }

    public enum IdAssignment { USER_ID, SYSTEM_ID }

    public PoaSpec {
        parent = parent == null ? ROOT : parent;
        threadPolicy = threadPolicy == null ? ThreadPolicy.ORB_CTRL_MODEL : threadPolicy;
        lifespan = lifespan == null ? Lifespan.TRANSIENT : lifespan;
        idAssignment = idAssignment == null ? IdAssignment.USER_ID : idAssignment;
    }
}
