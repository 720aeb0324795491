package org.orbscope.postprocess.stages;

/**
 * The request-stage boundaries an ORB profile marks (Harkema et al., section 2.2). The names are ORB-neutral so
 * the extractor works for any ORB whose profile maps its methods onto them.
 */
public enum Role {
    /** Receiver thread: a message header was read off the socket (arrival). Thread-scoped. */
    RECV_ARRIVAL("receive.arrival"),
    /** Receiver thread: first method that carries the request key (request handed to the POA). */
    RECV_BIND("receive.bind"),
    /** Receiver thread: enqueue into the dispatcher FIFO; exit = 1st phase end, exceptional exit = rejected. */
    RECV_ENQUEUE("receive.enqueue"),
    /** Receiver thread: exit = 2nd phase end, ready for the next message. Thread-scoped. */
    RECV_END("receive.end"),
    /** Controller thread: takes the queue head and finds a processor for it (keyed). */
    CTRL_PROCESS("dispatch.controller"),
    /** Controller thread: a dispatcher thread was assigned to the request (keyed). */
    CTRL_ASSIGN("dispatch.assign"),
    /** Dispatcher thread: enter = dispatcher 1st phase begins (end of queueing); exit = processing done. */
    DISP_BEGIN("dispatch.begin"),
    /** Dispatcher thread: skeleton invocation (unmarshal, servant, result marshal). */
    DISP_SERVANT("dispatch.servant"),
    /** Dispatcher thread: reply marshal + send. */
    DISP_REPLY("dispatch.reply"),
    /** Dispatcher thread: exit = reply handed back = dispatcher 1st phase end (keyed). */
    DISP_RESULT("dispatch.result"),
    /** Dispatcher thread: request finished in the controller's books (keyed). */
    DISP_FINISH("dispatch.finish"),
    /** Dispatcher thread: exit = 2nd phase end, thread back in the pool. Thread-scoped. */
    DISP_END("dispatch.end");

    private final String label;

    Role(String label) {
        this.label = label;
    }

    /** The label a profile uses for this role. */
    public String label() {
        return label;
    }

    /** The role with this profile label, or null. */
    public static Role ofLabel(String label) {
        for (Role r : values()) {
            if (r.label.equals(label)) {
                return r;
            }
        }
        return null;
    }

    boolean receiverSide() {
        return ordinal() <= RECV_END.ordinal();
    }

    boolean controllerSide() {
        return this == CTRL_PROCESS || this == CTRL_ASSIGN;
    }
}
