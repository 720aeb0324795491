package org.orbscope.cli;

/** Shard 1 of {@link ShippedScenarioRuns}: every {@value ShippedScenarioRuns#SHARDS}th shipped scenario. */
class ShippedScenariosRun1Test extends ShippedScenarioRuns {
    ShippedScenariosRun1Test() {
        super(0);
    }
}
