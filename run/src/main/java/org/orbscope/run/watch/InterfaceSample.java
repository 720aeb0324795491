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
                              long txBytes, long txPackets, long txErrors, long txDrops) implements WatchCsv.Row {
    /** The row's cells, in the order of the components (the file's columns). */
    @Override
    public void cells(WatchCsv.Cells c) {
        c.add(epochNs).add(name).add(rxBytes).add(rxPackets).add(rxErrors).add(rxDrops).add(txBytes).add(txPackets)
                .add(txErrors).add(txDrops);
    }
}
