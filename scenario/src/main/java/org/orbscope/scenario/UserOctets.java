package org.orbscope.scenario;

import java.util.List;

/**
 * The user-level octets of a call, each way: the data the application sends and gets back (Balay et al.'s
 * user-level throughput counts these), not the GIOP headers around them. The one rule that the socket baseline,
 * the report's bytes per second and a process's {@code volume} read.
 *
 * @param request the payload sent
 * @param reply   the payload back: the payload again (inout), the reply size {@code call} is configured with,
 *                what {@code forward} answers with, or nothing
 */
public record UserOctets(int request, int reply) {
    /** More nested forwards than this are a cycle, which the validator refuses. */
    private static final int MAX_FORWARDS = 64;

    /** Both ways. */
    public long total() {
        return (long) request + reply;
    }

    /** The payload octets of {@code target}'s call in {@code s}. */
    public static UserOctets of(Scenario s, TargetSpec target) {
        String op = target.operation(s.client().invocation());
        PayloadSpec p = target.payload();
        int request = (int) p.octets();
        int reply = 0;
        if (p.direction() == PayloadSpec.Direction.INOUT) {
            reply = request;
        } else if (op.equals("call")) {
            ObjectSpec o = s.object(target.object());
            OperationSpec spec = o == null ? null : o.operations().get("call");
            reply = spec == null ? 0 : spec.replySize();
        } else if (op.equals("forward")) {
            reply = forwardReply(s, s.resolve(target.server(), target.object()), request, 0);
        }
        return new UserOctets(request, reply);
    }

    /**
     * The octets a {@code forward} of {@code ref} answers with, as the workload's servant does: the reply of the
     * last {@code forward} it calls (when a draw leaves that call out, the servant answers otherwise; this counts
     * the reply of the call when made), else its {@code replySize} octets, else the any it was sent.
     */
    private static int forwardReply(Scenario s, Scenario.Ref ref, int sent, int depth) {
        OperationSpec spec = ref == null ? null : ref.object().operations().get("forward");
        if (spec == null || depth > MAX_FORWARDS) {
            return sent;
        }
        List<CallSpec> calls = spec.calls();
        for (int i = calls.size() - 1; i >= 0; i--) {
            CallSpec c = calls.get(i);
            if (c.operation().equals("forward") && c.count() > 0) {
                return forwardReply(s, s.resolve(c.server(), c.object()), sent, depth + 1);
            }
        }
        return spec.replySize() > 0 ? spec.replySize() : sent;
    }
}
