package org.orbscope.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.UnaryOperator;

/**
 * The parts of a point that run on hosts, as scenario trees a workload JVM reads: a client host's part holds only
 * the processes that run there, and no placement (the JVMs it starts run one host's share, like JVMs of one
 * machine); the server's part advertises an address the hosts can reach.
 */
public final class HostParts {
    /** The JacORB property of the address a server listens on and writes into its references. */
    public static final String SERVER_ADDRESS_PROPERTY = "OAIAddr";

    private HostParts() {
    }

    /**
     * The point's scenario for the client JVMs of {@code host}: the processes of every host and those naming
     * {@code host}, with {@code client.hosts}, {@code server.host} and the processes' {@code host} removed.
     */
    public static ObjectNode clientPart(JsonNode pointTree, String host) {
        ObjectNode t = withoutPlacement(pointTree);
        JsonNode processes = pointTree.path("client").path("processes");
        ArrayNode kept = t.arrayNode();
        for (JsonNode p : processes) {
            JsonNode on = p.path("host");
            if (on.isMissingNode() || on.isNull() || on.asText().equals(host)) {
                ObjectNode copy = p.deepCopy();
                copy.remove("host");
                kept.add(copy);
            }
        }
        ((ObjectNode) t.path("client")).set("processes", kept);
        return t;
    }

    /**
     * The point's scenario with each server listening on, and advertising, the address of its host
     * ({@code addressOf} of its {@code host}, or of null for this machine), unless the scenario sets the server's
     * {@code orb.properties.OAIAddr} itself. Placement is kept: this is what the point ran.
     */
    public static ObjectNode serverAddresses(JsonNode pointTree, UnaryOperator<String> addressOf) {
        ObjectNode t = pointTree.deepCopy();
        if (t.has("server")) {
            serverAddress(t, "server", t.path("server"), addressOf);
        }
        for (int i = 0; i < t.path("servers").size(); i++) {
            serverAddress(t, "servers[" + i + "]", t.path("servers").path(i), addressOf);
        }
        return t;
    }

    private static void serverAddress(ObjectNode t, String server, JsonNode spec, UnaryOperator<String> addressOf) {
        if (spec.path("orb").path("properties").path(SERVER_ADDRESS_PROPERTY).isMissingNode()) {
            JsonNode host = spec.path("host");
            TreePaths.set(t, server + ".orb.properties." + SERVER_ADDRESS_PROPERTY,
                    t.textNode(addressOf.apply(host.isTextual() ? host.asText() : null)));
        }
    }

    /** The tree without any placement on hosts: what a JVM on a host reads. */
    public static ObjectNode withoutPlacement(JsonNode pointTree) {
        ObjectNode t = pointTree.deepCopy();
        JsonNode client = t.path("client");
        if (client instanceof ObjectNode c) {
            c.remove("hosts");
            for (JsonNode p : c.path("processes")) {
                if (p instanceof ObjectNode o) {
                    o.remove("host");
                }
            }
        }
        if (t.path("server") instanceof ObjectNode s) {
            s.remove("host");
        }
        for (JsonNode s : t.path("servers")) {
            if (s instanceof ObjectNode o) {
                o.remove("host");
            }
        }
        return t;
    }
}
