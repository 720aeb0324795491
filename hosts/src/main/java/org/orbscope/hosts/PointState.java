package org.orbscope.hosts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.orbscope.run.PointDirectory;

/** A point the coordinator runs on hosts: where its files go, its barrier, and each host's part. */
final class PointState {
    final String name;
    final PointDirectory dir;
    final Barrier barrier;
    /** Each part by its host and server ({@link #key}): a host may run several servers of a point. */
    private final Map<String, Part> parts = new LinkedHashMap<>();

    PointState(PointDirectory dir, Barrier barrier) {
        this.name = dir.name();
        this.dir = dir;
        this.barrier = barrier;
    }

    synchronized void add(Part part) {
        parts.put(key(part.host.id, part.server), part);
    }

    /** The part of host {@code id} that runs {@code server} (empty: its clients, or the one server), or null. */
    synchronized Part part(int id, String server) {
        return parts.get(key(id, server));
    }

    /** Whether every part of host {@code id} in this point has reported. */
    synchronized boolean reported(int id) {
        return parts.values().stream().filter(p -> p.host.id == id).allMatch(Part::reported);
    }

    private static String key(int id, String server) {
        return id + "/" + server;
    }

    synchronized List<Part> parts() {
        return new ArrayList<>(parts.values());
    }
}
