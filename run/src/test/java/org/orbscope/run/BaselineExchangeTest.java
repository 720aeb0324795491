package org.orbscope.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;

/** The user-level octets of a call each way, the one rule the socket baseline and the report's bytes/s read. */
class BaselineExchangeTest {
    private static Scenario proxy(String... overrides) throws Exception {
        return ScenarioLoader.loadDocument(Path.of("../scenarios/proxy-pattern-buffers.yaml"), List.of(overrides))
                .scenario();
    }

    @Test
    void aForwardAnswersWithTheReplyOfTheForwardItMakes() throws Exception {
        Scenario s = proxy();
        // The proxy's forward hands back its backend's reply: replySize 1.
        assertEquals(new BaselineRunner.Exchange(4096, 1),
                BaselineRunner.exchange(s, s.client().processes().get(0).targets().get(0)));
    }

    @Test
    void aForwardWithoutAReplySizeEchoesWhatItWasSent() throws Exception {
        Scenario s = proxy("servers[0].objects[0].operations.forward.replySize=0");
        assertEquals(new BaselineRunner.Exchange(4096, 4096),
                BaselineRunner.exchange(s, s.client().processes().get(0).targets().get(0)));
        // The other pairs' backends still answer with one octet.
        assertEquals(new BaselineRunner.Exchange(4096, 1),
                BaselineRunner.exchange(s, s.client().processes().get(1).targets().get(0)));
    }
}
