package org.orbscope.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.orbscope.scenario.ClientSpec.Invocation;
import org.orbscope.scenario.PayloadSpec.Direction;
import org.orbscope.scenario.PayloadSpec.Shape;
import org.orbscope.scenario.PayloadSpec.Type;

/** What a target calls and sends, and the targets validation refuses, with file, line and column. */
class TargetRuleTest {
    /** A scenario whose one target is {@code target} (a flow mapping), at line 9 of the file. */
    private static String scenario(String invocation, String target) {
        return String.join("\n",
                "name: t",
                "server:",
                "  objects: [{id: o}]",
                "client:",
                "  invocation: " + invocation,
                "  processes:",
                "    - requests: 10",
                "      arrival: {rate: 20/s}",
                "      targets:",
                "        - " + target,
                "");
    }

    private static TargetSpec target(String invocation, String target) throws ScenarioException {
        return ScenarioLoader.parse("s.yaml", scenario(invocation, target)).client().processes().get(0).targets().get(0);
    }

    private static ScenarioException refused(String invocation, String target) {
        return assertThrows(ScenarioException.class, () -> target(invocation, target));
    }

    @Test
    void withoutAnOperationATargetCallsItsPayloadsOperationOrCall() throws Exception {
        TargetSpec t = target("sync", "{object: o, payload: {type: double, direction: inout, size: 2400}}");
        assertEquals("inout_double_seq", t.operation());
        assertEquals(new PayloadSpec(Type.DOUBLE, Shape.SEQUENCE, 2400, Direction.INOUT), t.payload());
        assertEquals(300, t.payload().elements());
        assertEquals("inout_double_array_2400",
                target("sync", "{object: o, payload: {type: double, shape: array, direction: inout, size: 2400}}")
                        .operation());
        assertEquals("in_basic_array_240", target("dii", "{object: o, payload: {type: basic, shape: array, size: 240}}")
                .operation(Invocation.DII));
        TargetSpec bare = target("sync", "{object: o}");
        assertEquals("call", bare.operation());
        assertEquals(PayloadSpec.NONE, bare.payload());
    }

    @Test
    void underOnewayATargetCallsPostAndOtherwiseWhatTheRuleSays() throws Exception {
        TargetSpec t = target("oneway", "{object: o, payload: {size: 1024}}");
        assertEquals("post", t.operation(Invocation.ONEWAY));
        assertEquals("in_octet_seq", t.operation(Invocation.SYNC));
        assertEquals(1024, t.payload().octets());
        assertEquals("post", target("oneway", "{object: o}").operation(Invocation.ONEWAY));
    }

    @Test
    void aNamedOperationWithoutAPayloadSendsWhatTheOperationCarries() throws Exception {
        PayloadSpec p = target("sync", "{object: o, operation: inout_short_array_240}").payload();
        assertEquals(new PayloadSpec(Type.SHORT, Shape.ARRAY, 240, Direction.INOUT), p);
        assertEquals(120, p.elements());
        assertEquals("ShortArray240", p.idlType());
        PayloadSpec any = target("sync", "{object: o, operation: in_any, payload: {size: 48}}").payload();
        assertEquals(new PayloadSpec(Type.ANY, Shape.SEQUENCE, 48, Direction.IN), any);
        assertEquals(2, any.elements());
        assertEquals(PayloadSpec.NONE, target("sync", "{object: o, operation: ping}").payload());
    }

    @Test
    void operationNamesAndPayloadsMapBothWays() {
        for (Type type : Type.values()) {
            for (Direction d : Direction.values()) {
                PayloadSpec seq = new PayloadSpec(type, Shape.SEQUENCE, 0, d);
                assertEquals(seq, PayloadSpec.carriedBy(seq.operation()), seq.operation());
                for (int size : type.hasArrays() ? PayloadSpec.ARRAY_SIZES : java.util.List.<Integer>of()) {
                    PayloadSpec array = new PayloadSpec(type, Shape.ARRAY, size, d);
                    assertEquals(array, PayloadSpec.carriedBy(array.operation()), array.operation());
                    assertTrue(ScenarioValidator.IDL_OPERATIONS.contains(array.operation()), array.operation());
                }
            }
        }
        assertEquals(PayloadSpec.NONE, PayloadSpec.carriedBy("call"));
        assertNull(PayloadSpec.carriedBy("ping"));
        assertNull(PayloadSpec.carriedBy("in_double_array_100"));
        assertNull(PayloadSpec.carriedBy("in_string_seq"));
        assertFalse(ScenarioValidator.IDL_OPERATIONS.contains("in_octet_array"));
        assertEquals(4 + 2 * 10 + 2 * 9 * 5, ScenarioValidator.IDL_OPERATIONS.size(),
                "ping, call, post, forward, the sequences, the arrays and the bound strings");
    }

    @Test
    void anOperationThatDoesNotCarryThePayloadIsRefusedAtTheOperation() {
        ScenarioException e = refused("sync", "{object: o, operation: in_octet_seq, payload: {type: double, size: 240}}");
        assertEquals("client.processes[0].targets[0].operation", e.field());
        assertTrue(e.getMessage().startsWith("s.yaml:10:"), e.getMessage());
        assertTrue(e.problem().startsWith("operation in_octet_seq does not carry a payload of type double"), e.problem());
        assertTrue(refused("sync", "{object: o, operation: in_double_seq, payload: {type: double, direction: inout}}")
                .problem().startsWith("operation in_double_seq does not carry a payload of direction inout"));
        assertTrue(refused("sync", "{object: o, operation: in_double_array_240, payload: {shape: sequence}}")
                .problem().startsWith("operation in_double_array_240 does not carry a payload of shape sequence"));
        assertTrue(refused("sync", "{object: o, operation: in_double_array_240, payload: {size: 2400}}")
                .problem().startsWith("operation in_double_array_240 does not carry a payload of size 2400"));
        assertTrue(refused("sync", "{object: o, operation: call, payload: {type: long}}")
                .problem().startsWith("operation call does not carry a payload of type long"));
        ScenarioException ping = refused("sync", "{object: o, operation: ping, payload: {size: 8}}");
        assertEquals("operation ping carries no payload", ping.problem());
    }

    @Test
    void anArrayOfASizeTheIdlHasNotIsRefusedListingTheSizes() {
        ScenarioException e = refused("sync", "{object: o, payload: {type: float, shape: array, size: 100}}");
        assertEquals("client.processes[0].targets[0].payload.size", e.field());
        assertTrue(e.getMessage().matches("s\\.yaml:10:\\d+: .*"), e.getMessage());
        assertEquals("an array payload has one of the IDL's array sizes, 24, 240, 2400, 24000, 240000 octets, not 100",
                e.problem());
        assertTrue(refused("sync", "{object: o, payload: {type: any, shape: array, size: 24}}").problem()
                .startsWith("type any has no array shape"));
        assertTrue(refused("sync", "{object: o, payload: {size: -1}}").problem().contains("must not be negative"));
    }

    @Test
    void aBoundStringTakesTheSmallestBoundThatHoldsItAndNoLongerString() throws Exception {
        PayloadSpec exact = new PayloadSpec(Type.STRING, Shape.ARRAY, 2400, Direction.INOUT);
        assertEquals("inout_string_2400", exact.operation());
        assertEquals("String2400", exact.idlType());
        assertEquals(exact, PayloadSpec.carriedBy("inout_string_2400"));
        PayloadSpec shorter = target("sync", "{object: o, payload: {type: string, shape: array, size: 100}}").payload();
        assertEquals("in_string_240", shorter.operation());
        assertEquals(100, shorter.elements());
        PayloadSpec named = target("sync", "{object: o, operation: in_string_24000, payload: {size: 10}}").payload();
        assertEquals(new PayloadSpec(Type.STRING, Shape.ARRAY, 10, Direction.IN), named);
        assertNull(PayloadSpec.carriedBy("in_string_100"));
        assertNull(PayloadSpec.carriedBy("in_string_array_24"));

        ScenarioException longer = refused("sync", "{object: o, operation: in_string_24, payload: {size: 25}}");
        assertEquals("client.processes[0].targets[0].operation", longer.field());
        assertEquals("operation in_string_24 carries a string bound to 24 characters; a payload of 25 characters is "
                + "longer than its bound", longer.problem());
        ScenarioException tooLong = refused("sync", "{object: o, payload: {type: string, shape: array, size: 240001}}");
        assertEquals("client.processes[0].targets[0].payload.size", tooLong.field());
        assertEquals("a bound string payload has at most 240000 characters, the IDL's largest bound, not 240001 "
                + "(shape sequence sends an unbound string)", tooLong.problem());
        assertTrue(refused("sync", "{object: o, operation: in_string_240, payload: {shape: sequence}}").problem()
                .startsWith("operation in_string_240 does not carry a payload of shape sequence (it carries string "
                        + "array bound to 240 characters, in)"));
    }

    @Test
    void invocationStylesRefuseOperationsTheyCannotSend() {
        assertTrue(refused("oneway", "{object: o, operation: ping}").problem()
                .startsWith("invocation oneway sends the IDL's oneway operation post; operation ping is two-way"));
        assertTrue(refused("oneway", "{object: o, payload: {type: double, size: 24}}").problem()
                .startsWith("operation post does not carry a payload of type double (invocation oneway sends post"));
        assertTrue(refused("ami", "{object: o, operation: post}").problem()
                .startsWith("operation post is oneway: invocation ami waits for a reply"));
        assertTrue(refused("deferred", "{object: o, operation: post}").problem()
                .startsWith("operation post is oneway: invocation deferred waits for a reply"));
    }

    @Test
    void aRenamedOperationSuggestsItsNewName() {
        ScenarioException e = refused("sync", "{object: o, operation: in_octet_array}");
        assertTrue(e.problem().contains("did you mean 'in_octet_array_24'?"), e.problem());
    }

    @Test
    void diiAndDeferredAreInvocationStyles() throws Exception {
        assertEquals(Invocation.DEFERRED, ScenarioLoader.parse("s.yaml", scenario("deferred", "{object: o}"))
                .client().invocation());
        assertEquals("post", target("dii", "{object: o, operation: post}").operation(Invocation.DII));
    }
}
