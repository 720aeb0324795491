package org.orbscope.model;

/** Small parameter sets shared by the tests (times in ns, rates per second). */
final class Models {
    static final double MS = 1e6;

    private Models() {
    }

    /** One RootPOA servant behind a thread pool; receiver, POA and marshal cost nothing unless set. */
    static ModelParameters.Builder single(ThreadingModel m, int threads, double cores, Dist cpu, Dist wait,
                                          ArrivalLaw law, double ratePerSec) {
        return ModelParameters.builder().threadingModel(m).dispatcherThreads(threads).cores(cores)
                .servant("obj", "RootPOA", 0).operation("obj", "op", cpu, wait, Dist.ZERO)
                .stream(law, ratePerSec, 0, "obj.op");
    }

    /** Confidence of the intervals the exact checks use: a correct model misses one in a thousand checks. */
    static final double CONFIDENCE = 0.999;

    /**
     * Asserts that the theory's mean lies in the batch-means interval of the simulated mean: the tolerance is the
     * run's own statistical error, not a constant.
     */
    static void within(double theoryMs, TimeStats simulated, String what) {
        BatchMeans.Interval i = simulated.intervalMs(CONFIDENCE);
        System.out.println(what + ": theory " + String.format(java.util.Locale.ROOT, "%.4f", theoryMs)
                + " ms, simulated " + i);
        if (!i.contains(theoryMs)) {
            throw new AssertionError(what + ": theory " + theoryMs + " ms outside the simulated " + i);
        }
    }

    static SimulationResult run(ModelParameters p, long n, long seed) {
        SimulationResult r = Simulator.run(p, n, n / 50, seed);
        // Little's law must hold on every run: both sides are computed independently.
        if (r.littleRelativeError() > 1e-6 || r.queueLittleRelativeError() > 1e-6) {
            throw new AssertionError("Little's law violated: " + r.table());
        }
        return r;
    }

    /**
     * Mean value analysis of a closed network of one queueing station (demand {@code s}, FIFO exponential or
     * processor sharing) and an infinite-server station (mean {@code z}) with {@code clients} customers: the mean
     * response at the queueing station, R(n) = s (1 + Q(n-1)), X(n) = n / (z + R(n)), Q(n) = X(n) R(n).
     */
    static double mvaResponse(int clients, double s, double z) {
        double q = 0;
        double response = 0;
        for (int n = 1; n <= clients; n++) {
            response = s * (1 + q);
            q = n / (response + z) * response;
        }
        return response;
    }

    /** Erlang C: probability that an arrival waits in M/M/c with offered load a = lambda/mu. */
    static double erlangC(int c, double a) {
        double term = 1;
        double sum = 1;
        for (int k = 1; k < c; k++) {
            term *= a / k;
            sum += term;
        }
        double last = term * a / c;
        double rho = a / c;
        double top = last / (1 - rho);
        return top / (sum + top);
    }
}
