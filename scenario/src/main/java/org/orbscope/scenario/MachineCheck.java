package org.orbscope.scenario;

import java.util.Locale;

/**
 * Holds a scenario to what the machine can run ({@link MachineLimits}): each client JVM's heap against the
 * payloads it marshals, its rate against what one client JVM can send, each server's thread pool against the
 * machine's thread limit. Parts that run on registered hosts are held only to the limits that do not depend on
 * the machine (an explicit -Xmx, the rate).
 */
final class MachineCheck {
    private MachineCheck() {
    }

    static void check(Scenario s, MachineLimits machine) throws ScenarioValidator.Problem {
        checkRate(s.client());
        checkPayloads(s.client(), machine);
        for (int i = 0; i < s.servers().size(); i++) {
            ServerSpec server = s.servers().get(i);
            Integer poolMax = server.orb().poolMax();
            if (server.host() == null && poolMax != null && poolMax >= machine.threadLimit()) {
                throw new ScenarioValidator.Problem((s.singleServer() ? "server" : "servers[" + i + "]")
                        + ".orb.poolMax", "poolMax " + poolMax + " is beyond the " + machine.threadLimit()
                        + " threads one user may run on this machine (the lower of /proc/sys/kernel/threads-max "
                        + "and ulimit -u)");
            }
        }
    }

    private static void checkRate(ClientSpec client) throws ScenarioValidator.Problem {
        double rate = client.openRatePerSecond();
        if (rate <= MachineLimits.MAX_CLIENT_RATE_PER_SECOND) {
            return;
        }
        int fastest = 0;
        for (int i = 0; i < client.processes().size(); i++) {
            if (rate(client.processes().get(i)) > rate(client.processes().get(fastest))) {
                fastest = i;
            }
        }
        ArrivalSpec a = client.processes().get(fastest).arrival();
        throw new ScenarioValidator.Problem("client.processes[" + fastest + "].arrival" + (a.rate() != null ? ".rate" : ""),
                String.format(Locale.ROOT, "the open processes ask each client JVM for %.0f requests/s; one client "
                        + "JVM sends at most %.0f/s (spread the load over client.instances)", rate,
                        MachineLimits.MAX_CLIENT_RATE_PER_SECOND));
    }

    private static double rate(ProcessSpec p) {
        return p.arrival().closed() ? 0 : p.arrival().ratePerSecond();
    }

    /**
     * A client JVM holds each payload's value, and every invoker thread may be marshalling a copy of it at once:
     * they are all busy exactly when the server falls behind, which large payloads bring about.
     */
    private static void checkPayloads(ClientSpec client, MachineLimits machine) throws ScenarioValidator.Problem {
        MachineLimits.Heap heap = machine.heap(client.jvmArgs());
        boolean defaultHeap = !heap.source().startsWith("-");
        if (client.hosts() != null && defaultHeap) {
            return; // the client hosts' memory is not known here
        }
        int copies = 1 + client.invokerThreads();
        for (int i = 0; i < client.processes().size(); i++) {
            ProcessSpec p = client.processes().get(i);
            for (int j = 0; j < p.targets().size(); j++) {
                TargetSpec t = p.targets().get(j);
                long octets = t.payload().octets();
                double need = (double) octets * copies;
                if (need > heap.bytes()) {
                    String at = "client.processes[" + i + "].targets[" + j + "]";
                    throw new ScenarioValidator.Problem(at + (t.givesPayload() ? ".payload.size" : ".operation"),
                            "a payload of " + octets + " octets needs about " + MachineLimits.bytes(need)
                                    + " of heap in the client JVM (its value and a marshalled copy for each of its "
                                    + client.invokerThreads() + " invoker threads), more than the client's heap of "
                                    + MachineLimits.bytes(heap.bytes()) + " (" + heap.source() + "); send less, or "
                                    + "give client.jvmArgs a larger -Xmx");
                }
            }
        }
    }
}
