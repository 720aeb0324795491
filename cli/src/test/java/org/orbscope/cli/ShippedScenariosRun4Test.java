package org.orbscope.cli;

/** Shard 4 of {@link ShippedScenarioRuns}: every {@value ShippedScenarioRuns#SHARDS}th shipped scenario. */
class ShippedScenariosRun4Test extends ShippedScenarioRuns {
    ShippedScenariosRun4Test() {
        super(3);
    }
}
