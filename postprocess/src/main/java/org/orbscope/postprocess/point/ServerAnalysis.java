package org.orbscope.postprocess.point;

import java.util.List;

/**
 * One of several servers of a point, analyzed on its own: its trace's stages and its utilization.
 *
 * @param name the server's name in the scenario
 * @param notes what is missing or suspicious about this server's files, trace and utilization, in that order
 */
public record ServerAnalysis(String name, ServerStages stages, Utilization utilization, List<String> notes) {
    public ServerAnalysis {
        notes = List.copyOf(notes);
    }
}
