package org.orbscope.postprocess.point;

import java.util.Locale;
import org.orbscope.model.Dist;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.ThreadingModel;

/**
 * The server process's CPU that no recorded stage holds, placed on the model's cores. The stages' CPU is what the
 * agent read on each request's thread between its marks; the process also spends CPU that competes for the same
 * cores: on the request threads outside the stages (a thread per request is created, started and ended outside
 * them), and on the JVM's own threads (JIT compilers, GC) and orbscope's (the agent's writer, the sampler). On a
 * server with one request in its servant at a time, every bit of it that shares the servant's core lengthens the
 * servant's occupancy and so the wait of every request queued behind it.
 *
 * <p>The model takes the first as a thread per request's creation CPU (before its upcall, on the request's path);
 * under the other threading models, whose threads are reused, the request threads' CPU outside the stages goes
 * mostly to taking requests and waiting for the next one around the stages rather than on a request's path, and
 * the model takes it, as it takes the second, as a share of the server's cores taken away, as a steady background
 * load would.
 *
 * @param perRequestNanos the application threads' CPU per request outside the stages, ns
 * @param applicationShare the same as a share of the server's cores
 * @param backgroundShare the share of the server's cores the JVM's own and orbscope's threads took
 * @param note where the figures come from, or why there are none
 */
public record ServerCpu(double perRequestNanos, double applicationShare, double backgroundShare, String note) {
    /** Nothing measured: the model's cores and demands stand. */
    public static final ServerCpu NONE = new ServerCpu(0, 0, 0, null);

    /** From a point's utilization and its server's request rate. */
    static ServerCpu of(Utilization u, Double serverRatePerMs) {
        return of(u.measured(), u.basis(), u.calculated(), u.jvm(), u.tooling(), u.cpus(), serverRatePerMs);
    }

    /**
     * From a point's utilization figures (shares of its server's {@code cpus} cores: the application threads'
     * {@code measured} when {@code basis} says so, the stages' {@code calculated}, the JVM's and orbscope's
     * threads') and its server's request rate; {@link #NONE} when any is missing.
     */
    public static ServerCpu of(Double measured, String basis, Double calculated, Double jvm, Double tooling,
                               Integer cpus, Double serverRatePerMs) {
        if (measured == null || calculated == null || jvm == null || tooling == null || cpus == null
                || serverRatePerMs == null || !(serverRatePerMs > 0) || !"application threads".equals(basis)) {
            return NONE;
        }
        double application = Math.max(0, measured - calculated);
        double perRequest = application * cpus / serverRatePerMs * 1e6;
        double background = Math.min(0.9, Math.max(0, jvm + tooling));
        return new ServerCpu(perRequest, application, background, String.format(Locale.ROOT, "the server's CPU outside the "
                + "stages: %.4f ms per request on the application threads (%.1f%% of its cores measured against "
                + "%.1f%% in the stages), %.1f%% of its cores on the JVM's own threads and orbscope's",
                perRequest / 1e6, 100 * measured, 100 * calculated, 100 * background));
    }

    /**
     * {@code model} (one server) with this CPU on its cores: the per-request CPU as a thread per request's creation
     * CPU, under threads that are reused as cores taken away; the background as cores taken away.
     */
    public ModelParameters apply(ModelParameters model) {
        if (this == NONE || model.servers().size() > 1) {
            return model;
        }
        ModelParameters.Builder b = model.toBuilder();
        double away = backgroundShare;
        if (model.threadingModel() == ThreadingModel.THREAD_PER_REQUEST) {
            if (perRequestNanos > 0) {
                b.threadCreateCpu(Dist.deterministic(model.threadCreateCpu().mean() + perRequestNanos));
            }
        } else {
            away = Math.min(0.9, away + applicationShare);
        }
        if (away > 0) {
            b.cores(model.cores() * (1 - away));
        }
        return b.build();
    }
}
