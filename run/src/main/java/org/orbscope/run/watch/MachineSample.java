package org.orbscope.run.watch;

/**
 * One row of {@code watch/machine.csv}: the whole machine at one instant (Linux's {@code /proc/stat},
 * {@code /proc/meminfo}, {@code /proc/vmstat}, {@code /proc/net/snmp}). Counters are cumulative since the machine
 * booted, so a rate over a window is the slope of a counter between two rows.
 *
 * @param epochNs when the sample was taken, on the point's time axis (the clock of the client's records)
 * @param procsRunning threads runnable or running now (the run queue, the watcher's own thread included)
 * @param procsBlocked threads blocked on I/O now
 * @param contextSwitches context switches so far
 * @param interrupts interrupts served so far
 * @param forks processes and threads created so far
 * @param memTotalBytes usable memory
 * @param memAvailableBytes memory available to new work without swapping (the kernel's estimate)
 * @param memUsedBytes {@code memTotalBytes - memAvailableBytes}
 * @param swapTotalBytes swap space
 * @param swapUsedBytes swap space in use
 * @param swapInPages pages swapped in so far
 * @param swapOutPages pages swapped out so far
 * @param tcpInSegments TCP segments received so far
 * @param tcpOutSegments TCP segments sent so far
 * @param tcpRetransmittedSegments TCP segments sent again so far
 * @param tcpInErrors TCP segments received in error so far
 */
public record MachineSample(long epochNs, long procsRunning, long procsBlocked, long contextSwitches, long interrupts,
                            long forks, long memTotalBytes, long memAvailableBytes, long memUsedBytes,
                            long swapTotalBytes, long swapUsedBytes, long swapInPages, long swapOutPages,
                            long tcpInSegments, long tcpOutSegments, long tcpRetransmittedSegments, long tcpInErrors) implements WatchCsv.Row {
    /** The row's cells, in the order of the components (the file's columns). */
    @Override
    public void cells(WatchCsv.Cells c) {
        c.add(epochNs).add(procsRunning).add(procsBlocked).add(contextSwitches).add(interrupts).add(forks)
                .add(memTotalBytes).add(memAvailableBytes).add(memUsedBytes).add(swapTotalBytes).add(swapUsedBytes)
                .add(swapInPages).add(swapOutPages).add(tcpInSegments).add(tcpOutSegments)
                .add(tcpRetransmittedSegments).add(tcpInErrors);
    }
}
