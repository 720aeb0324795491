package org.orbscope.run.watch;

/**
 * One row of {@code watch/network.csv}: one network interface's counters so far ({@code /proc/net/dev} of the
 * watcher's network namespace), each way. Loopback ({@code lo}) carries a run on one machine: every byte a client
 * sends its server over loopback counts once as sent and once as received there.
 *
 * @param epochNs when the sample was taken, on the point's time axis
 * @param name the interface ({@code lo}, {@code eth0}, ...)
 */
public record InterfaceSample(long epochNs, String name, long rxBytes, long rxPackets, long rxErrors, long rxDrops,
                              long txBytes, long txPackets, long txErrors, long txDrops) {
}
