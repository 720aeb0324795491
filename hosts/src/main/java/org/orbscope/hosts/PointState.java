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
    private final Map<Integer, Part> parts = new LinkedHashMap<>();

    PointState(PointDirectory dir, Barrier barrier) {
        this.name = dir.name();
        this.dir = dir;
        this.barrier = barrier;
    }

    synchronized void add(Part part) {
        parts.put(part.host.id, part);
    }

    /** The part of host {@code id}, or null when the host has none in this point. */
    synchronized Part part(int id) {
        return parts.get(id);
    }

    synchronized List<Part> parts() {
        return new ArrayList<>(parts.values());
    }
}
