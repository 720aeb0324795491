package org.orbscope.cli;

/** Shard 2 of {@link ShippedScenarioRuns}: every {@value ShippedScenarioRuns#SHARDS}th shipped scenario. */
class ShippedScenariosRun2Test extends ShippedScenarioRuns {
    ShippedScenariosRun2Test() {
        super(1);
    }
}
