package org.orbscope.cli;

/** Shard 3 of {@link ShippedScenarioRuns}: every {@value ShippedScenarioRuns#SHARDS}th shipped scenario. */
class ShippedScenariosRun3Test extends ShippedScenarioRuns {
    ShippedScenariosRun3Test() {
        super(2);
    }
}
