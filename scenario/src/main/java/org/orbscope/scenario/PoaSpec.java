package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;

/** A POA: its parent (RootPOA by default), its POA manager, and its policies. */
public record PoaSpec(
        String name,
        String parent,
        String manager,
        ThreadPolicy threadPolicy,
        Lifespan lifespan,
        IdAssignment idAssignment) {

    public static final String ROOT = "RootPOA";

    public enum ThreadPolicy { ORB_CTRL_MODEL, SINGLE_THREAD_MODEL;
        @JsonCreator public static ThreadPolicy parse(String s) { return Names.enumValue(ThreadPolicy.class, s); } }

    public enum Lifespan { TRANSIENT, PERSISTENT;
        @JsonCreator public static Lifespan parse(String s) { return Names.enumValue(Lifespan.class, s); } }

    public enum IdAssignment { USER_ID, SYSTEM_ID;
        @JsonCreator public static IdAssignment parse(String s) { return Names.enumValue(IdAssignment.class, s); } }

    public PoaSpec {
        parent = parent == null ? ROOT : parent;
        threadPolicy = threadPolicy == null ? ThreadPolicy.ORB_CTRL_MODEL : threadPolicy;
        lifespan = lifespan == null ? Lifespan.TRANSIENT : lifespan;
        idAssignment = idAssignment == null ? IdAssignment.USER_ID : idAssignment;
    }
}
