package org.orbscope.scenario;

/**
 * A lock an operation holds for part of its CPU demand: {@code name} names a monitor of the server (operations of
 * one server naming the same lock share it), {@code hold} is the CPU the operation spends inside it, after its
 * {@code cpu} outside it. The workload server's servants take a monitor per name and burn the hold inside it; the
 * model queues for it as a FIFO.
 */
public record LockSpec(String name, Distribution hold) {
}
