package org.orbscope.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.omg.CORBA.ORB;
import org.omg.CORBA.SystemException;
import org.orbscope.run.ServerDirectory;
import org.orbscope.scenario.CallSpec;
import org.orbscope.scenario.ObjectSpec;
import org.orbscope.scenario.OperationSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.workload.Target;
import org.orbscope.workload.TargetHelper;

/**
 * Resolves the objects a server's servants call: its own objects by their references in this ORB (collocated),
 * another server's by the IOR files in that server's directory. A server starts after the servers it calls, so their
 * references exist; each is reached once here, which opens its connection before the first request and fails the
 * start, naming the object, when that server does not answer.
 */
final class CallWiring {
    private CallWiring() {
    }

    static void wire(Scenario scenario, ServerSpec server, ORB orb, Map<String, String> ownIors,
                     Map<String, TargetServant> servants, Map<String, Path> peers) throws IOException {
        Map<String, Target> stubs = new HashMap<>();
        int objectIndex = 0;
        for (ObjectSpec o : server.objects()) {
            objectIndex++;
            Map<String, ServantCalls> calls = new HashMap<>();
            for (Map.Entry<String, OperationSpec> op : o.operations().entrySet()) {
                if (op.getValue() == null || op.getValue().calls().isEmpty()) {
                    continue;
                }
                List<ServantCalls.Call> list = new ArrayList<>();
                for (CallSpec c : op.getValue().calls()) {
                    List<Target> copies = new ArrayList<>();
                    for (Scenario.Ref ref : scenario.callees(c)) {
                        String key = ref.server().name() + "/" + ref.object().id();
                        Target t = stubs.get(key);
                        if (t == null) {
                            t = stub(orb, server, ref, ownIors, peers);
                            stubs.put(key, t);
                        }
                        copies.add(t);
                    }
                    list.add(new ServantCalls.Call(c, copies.toArray(new Target[0])));
                }
                // Each operation's draws (whether a call is made, which copy) come from a stream of its own.
                long seed = server.seed() * 1_000_003L + 7919L * objectIndex + op.getKey().hashCode();
                calls.put(op.getKey(), new ServantCalls(list, orb, seed));
            }
            servants.get(o.id()).wire(calls, orb);
        }
    }

    private static Target stub(ORB orb, ServerSpec server, Scenario.Ref ref, Map<String, String> ownIors,
                               Map<String, Path> peers) throws IOException {
        String name = ref.server().name() + "/" + ref.object().id();
        if (ref.server().name().equals(server.name())) {
            return TargetHelper.unchecked_narrow(orb.string_to_object(ownIors.get(ref.object().id())));
        }
        Path dir = peers.get(ref.server().name());
        if (dir == null) {
            throw new IOException("the servants call " + name + " but the directory of server '"
                    + ref.server().name() + "' was not given (--peer " + ref.server().name() + "=DIR)");
        }
        Path file = new ServerDirectory(dir).ior(ref.object().id());
        if (!Files.isRegularFile(file)) {
            throw new IOException("no IOR file for " + name + ": " + file);
        }
        String ior = Files.readString(file, StandardCharsets.UTF_8).trim();
        Target t;
        try {
            t = TargetHelper.unchecked_narrow(orb.string_to_object(ior));
            if (t._non_existent()) {
                throw new IOException(name + " does not exist on server '" + ref.server().name() + "'");
            }
        } catch (SystemException e) {
            throw new IOException("cannot reach " + name + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"));
        }
        return t;
    }
}
