package org.orbscope.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Every message is one line that names the line and column of the problem itself. */
class ScenarioMessagesTest {
    private static final String GOOD = ScenarioLoaderTest.GOOD;

    private static ScenarioException bad(String text) {
        ScenarioException e = ScenarioLoaderTest.bad(text);
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e;
    }

    /** Line {@code n} (1-based) of {@code text} replaced by {@code line}. */
    private static String withLine(String text, int n, String line) {
        String[] lines = text.split("\n", -1);
        lines[n - 1] = line;
        return String.join("\n", lines);
    }

    /** Each ORB takes its own threading options: another ORB's is named at its line, with the product's own. */
    @Test
    void anOptionOfAnotherOrbIsNamedAtItsLine() throws Exception {
        ScenarioException e = bad(GOOD.replace("server:\n", "server:\n  orb:\n    product: yoko\n    poolShared: true\n"));
        assertEquals(5, e.line(), e.getMessage());
        assertEquals("server.orb.poolShared", e.field());
        assertTrue(e.getMessage().contains("poolShared is an option of jacorb, not of product yoko, which takes "
                + "concModel, poolMax (and properties)"), e.getMessage());
        e = bad(GOOD.replace("server:\n", "server:\n  orb: {product: glassfish, concModel: threaded}\n"));
        assertTrue(e.getMessage().contains("concModel is an option of yoko, not of product glassfish"), e.getMessage());
        e = bad(GOOD.replace("server:\n", "server:\n  orb: {product: yoko, poolMax: 4}\n"));
        assertTrue(e.getMessage().contains("give concModel: thread_pool"), e.getMessage());
        e = bad(GOOD.replace("server:\n", "server:\n  orb: {product: glassfish, nioSelect: false, poolMax: 4}\n"));
        assertEquals("server.orb.poolMax", e.field());
        assertTrue(e.getMessage().contains("with nioSelect: false each connection's reader thread dispatches"),
                e.getMessage());
        e = bad(GOOD.replace("server:\n", "server:\n  orb: {product: openjdk-orb, poolShared: true}\n"));
        assertTrue(e.getMessage().contains("poolShared is an option of jacorb, not of product openjdk-orb, which takes "
                + "nioSelect, poolMax (and properties)"), e.getMessage());
        e = bad(GOOD.replace("server:\n", "server:\n  orb: {product: orbix}\n"));
        assertTrue(e.getMessage().contains("'orbix' is not one of jacorb, glassfish, yoko, openjdk-orb"), e.getMessage());
        Scenario s = ScenarioLoader.parse("t.yaml", GOOD.replace("server:\n",
                "server:\n  orb: {product: openjdk-orb, nioSelect: false}\n"));
        assertEquals(OrbProduct.OPENJDK_ORB, s.servers().get(0).orb().product());
        assertEquals(4, ScenarioLoader.parse("t.yaml", GOOD.replace("server:\n",
                "server:\n  orb: {product: glassfish, poolMax: 4}\n")).servers().get(0).orb().poolMax());
        assertEquals("openjdk-orb", s.monitoring(s.servers().get(0)).profile(), "the ORB's shipped profile");
    }

    /** Leader/followers sizes its pool with poolMax and serves the scenario's POAs, not Yoko's RootPOA. */
    @Test
    void leaderFollowersTakesAPoolSizeAndServesTheScenariosPoas() throws Exception {
        String lf = GOOD.replace("server:\n", "server:\n  orb: {product: yoko, concModel: leader_followers, poolMax: 3}\n");
        Scenario s = ScenarioLoader.parse("t.yaml", lf);
        assertEquals(OrbProduct.YokoConcModel.LEADER_FOLLOWERS, s.servers().get(0).orb().concModel());
        assertEquals(3, s.servers().get(0).orb().poolMax());
        ScenarioException e = bad(lf.replace("      poa: B\n", ""));
        assertEquals("server.objects[0].poa", e.field());
        assertTrue(e.getMessage().contains("give object 'o1' a POA of its own"), e.getMessage());
    }

    @Test
    void aTabIsNamedAtItsOwnLine() {
        // line 10 is "      operations:"
        ScenarioException e = bad(withLine(GOOD, 10, "\toperations:"));
        assertEquals(10, e.line(), e.getMessage());
        assertEquals(1, e.column(), e.getMessage());
        assertTrue(e.getMessage().contains("tab"), e.getMessage());
    }

    @Test
    void aFileCutInsideAKeyIsNamedAtTheCut() {
        String cut = GOOD.substring(0, GOOD.indexOf("operations:") + "operati".length());
        ScenarioException e = bad(cut);
        assertEquals(10, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("cut short"), e.getMessage());
    }

    @Test
    void aBadIndentIsNamedAtTheLineThatIsOff() {
        // line 9 is "      poa: B", one of the keys of the object's mapping
        ScenarioException e = bad(withLine(GOOD, 9, "   poa: B"));
        assertEquals(9, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("indented"), e.getMessage());
    }

    @Test
    void aDuplicateKeySaysSoInWords() {
        ScenarioException e = bad(GOOD.replace("name: t\n", "name: t\nname: u\n"));
        assertEquals(2, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("duplicate key 'name'"), e.getMessage());
        assertFalse(e.getMessage().contains("DeserializationFeature"), e.getMessage());
    }

    @Test
    void aBareNumberWhereADurationBelongsNamesTheUnits() {
        ScenarioException e = bad(GOOD.replace("wait: 1ms", "wait: 100"));
        assertEquals(11, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("ns, us, ms or s"), e.getMessage());
    }

    @Test
    void aSetThatCreatesAnUnknownFieldIsTheSetArgumentsProblem() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parseDocument("s.yaml", GOOD, List.of("foo.bar.baz=1")));
        assertEquals("--set foo.bar.baz=1", e.file(), e.getMessage());
        assertEquals(0, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("unknown field 'foo'"), e.getMessage());
    }
}
