package org.orbscope.run;

/**
 * The numeric columns of the per-request stage table ({@link StagesCsv}), in file order, each in nanoseconds:
 * instants (epoch ns) of the request's marks, then stage durations, then per stage its make-up (CPU, GC,
 * blocked on monitors, waiting, parked, the rest), then CPU per part of the request. docs/run-directory.md
 * explains every column.
 */
public enum StageColumn {
    ARRIVAL("arrival_ns"), ENQUEUED("enqueued_ns"), RECEIVER_END("receiver_end_ns"), ASSIGNED("assigned_ns"),
    DISPATCH("dispatch_ns"), SERVANT_BEGIN("servant_begin_ns"), SERVANT_END("servant_end_ns"),
    REPLY_BEGIN("reply_begin_ns"), REPLY_END("reply_end_ns"), DISPATCHER_END("dispatcher_end_ns"),
    RECEIVER("receiver_ns"), QUEUE("queue_ns"), DISPATCHER("dispatcher_ns"), SERVANT("servant_ns"),
    REPLY("reply_ns"), COMPLETION("completion_ns"), RECEIVER2("receiver2_ns"), DISPATCHER2("dispatcher2_ns"),
    RECEIVER_CPU("receiver_cpu_ns"), RECEIVER_GC("receiver_gc_ns"), RECEIVER_BLOCKED("receiver_blocked_ns"),
    RECEIVER_WAIT("receiver_wait_ns"), RECEIVER_PARK("receiver_park_ns"), RECEIVER_REST("receiver_rest_ns"),
    QUEUE_CPU("queue_cpu_ns"), QUEUE_GC("queue_gc_ns"), QUEUE_BLOCKED("queue_blocked_ns"),
    QUEUE_WAIT("queue_wait_ns"), QUEUE_PARK("queue_park_ns"), QUEUE_REST("queue_rest_ns"),
    DISPATCHER_CPU("dispatcher_cpu_ns"), DISPATCHER_GC("dispatcher_gc_ns"),
    DISPATCHER_BLOCKED("dispatcher_blocked_ns"), DISPATCHER_WAIT("dispatcher_wait_ns"),
    DISPATCHER_PARK("dispatcher_park_ns"), DISPATCHER_REST("dispatcher_rest_ns"),
    SERVANT_CPU("servant_cpu_ns"), SERVANT_GC("servant_gc_ns"), SERVANT_BLOCKED("servant_blocked_ns"),
    SERVANT_WAIT("servant_wait_ns"), SERVANT_PARK("servant_park_ns"), SERVANT_REST("servant_rest_ns"),
    CPU_RECEIVER("cpu_receiver_ns"), CPU_POA("cpu_poa_ns"), CPU_SERVANT("cpu_servant_ns"),
    CPU_REPLY("cpu_reply_ns"), CPU_TOTAL("cpu_total_ns"), SERVANT_NONCPU("servant_noncpu_ns"),
    CPU_CONTROLLER("cpu_controller_ns"), CPU_DISPATCHER("cpu_dispatcher_ns");

    public static final long UNKNOWN = Long.MIN_VALUE;
    /** values() copies its array on every call; the hot loops use this one. */
    private static final StageColumn[] ALL = values();

    private final String header;

    StageColumn(String header) {
        this.header = header;
    }

    public String header() {
        return header;
    }

    /** Number of columns. */
    public static int count() {
        return ALL.length;
    }

    /** The column at {@code ordinal}, without copying {@code values()}. */
    public static StageColumn at(int ordinal) {
        return ALL[ordinal];
    }

    /** The six make-up columns (cpu, gc, blocked, wait, park, rest) of a stage start at its CPU column. */
    public static StageColumn makeUp(StageColumn stageCpu, int part) {
        return ALL[stageCpu.ordinal() + part];
    }
}
