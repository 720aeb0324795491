package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * A POA: its parent (RootPOA by default), its POA manager, its policies, and {@code threads}: how many of its
 * requests run in their servants at once (T_poa of the model; 0 = unlimited, the default). A
 * {@code SINGLE_THREAD_MODEL} POA runs one at a time whatever {@code threads} says.
 */
public record PoaSpec(
        String name,
        String parent,
        String manager,
        ThreadPolicy threadPolicy,
        Integer threads,
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
        threads = threads == null ? 0 : threads;
        lifespan = lifespan == null ? Lifespan.TRANSIENT : lifespan;
        idAssignment = idAssignment == null ? IdAssignment.USER_ID : idAssignment;
    }

    /** T_poa: the requests this POA runs in their servants at once; 0 = unlimited. */
    public int threadLimit() {
        return threadPolicy == ThreadPolicy.SINGLE_THREAD_MODEL ? 1 : threads;
    }
}
