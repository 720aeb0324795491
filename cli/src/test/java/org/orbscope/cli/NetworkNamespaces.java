package org.orbscope.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A private LAN of Linux network namespaces for tests: one namespace per node, each with a veth pair whose other
 * end sits on a bridge in a namespace of its own, so nothing of the machine's own network is touched. Node
 * {@code i} (from 1) has address {@code 10.213.0.i/24} on {@code eth0}. Every namespace carries a random tag in its
 * name; {@link #close()} kills what still runs in them and removes them.
 */
final class NetworkNamespaces implements AutoCloseable {
    static final String SUBNET = "10.213.0.";

    private final String tag = "orbscope-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 24));
    private final String bridge = tag + "-br";
    private final Map<String, String> namespaces = new LinkedHashMap<>();
    private final Map<String, String> addresses = new LinkedHashMap<>();
    private boolean bridgeMade;

    /**
     * Why namespaces cannot be made here (not root, no {@code ip}, no kernel support), or null when they can.
     */
    static String unavailable() {
        String probe = "orbscope-probe-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 24));
        try {
            String why = ip("netns", "add", probe);
            if (why != null) {
                return "`ip netns add` fails here (" + why.strip() + "): network namespaces need root and iproute2";
            }
            ip("netns", "del", probe);
            return null;
        } catch (IOException e) {
            return "no `ip` command (iproute2): " + e.getMessage();
        }
    }

    /** Makes the bridge and one namespace per node, in order, addresses 10.213.0.1, .2, ... */
    static NetworkNamespaces create(List<String> nodes) throws IOException {
        NetworkNamespaces n = new NetworkNamespaces();
        try {
            n.must("netns", "add", n.bridge);
            n.bridgeMade = true;
            n.must("-n", n.bridge, "link", "add", "br0", "type", "bridge");
            n.must("-n", n.bridge, "link", "set", "br0", "up");
            for (int i = 0; i < nodes.size(); i++) {
                String ns = n.tag + "-" + nodes.get(i);
                String address = SUBNET + (i + 1);
                n.must("netns", "add", ns);
                n.namespaces.put(nodes.get(i), ns);
                n.must("-n", ns, "link", "add", "eth0", "type", "veth", "peer", "name", "p" + (i + 1), "netns",
                        n.bridge);
                n.must("-n", n.bridge, "link", "set", "p" + (i + 1), "master", "br0", "up");
                n.must("-n", ns, "addr", "add", address + "/24", "dev", "eth0");
                n.must("-n", ns, "link", "set", "eth0", "up");
                n.must("-n", ns, "link", "set", "lo", "up");
                n.addresses.put(nodes.get(i), address);
            }
            return n;
        } catch (IOException | RuntimeException e) {
            n.close();
            throw e;
        }
    }

    /** The namespace of a node. */
    String namespace(String node) {
        return namespaces.get(node);
    }

    String address(String node) {
        return addresses.get(node);
    }

    /** The words that run a command inside a node's namespace. */
    String[] exec(String node) {
        return new String[] {"ip", "netns", "exec", namespace(node)};
    }

    /** Kills every process in a node's namespace at once, as a machine that loses power. */
    void killAll(String node) throws IOException {
        for (String pid : pids(namespace(node))) {
            ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /**
     * Stops every process in a node's namespace (SIGSTOP), as a machine that hangs: it neither calls nor answers,
     * and {@link #close()} still kills it.
     */
    void freezeAll(String node) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("kill", "-STOP"));
        cmd.addAll(pids(namespace(node)));
        if (cmd.size() > 2) {
            run(cmd);
        }
    }

    /** The namespaces of this LAN that exist. */
    List<String> existing() throws IOException {
        List<String> out = new ArrayList<>();
        String list = run(List.of("ip", "netns", "list"));
        for (String line : list.split("\n")) {
            String name = line.split(" ")[0];
            if (name.startsWith(tag + "-")) {
                out.add(name);
            }
        }
        return out;
    }

    /** Kills what runs in the namespaces and removes them (the veth pairs and the bridge go with them). */
    @Override
    public void close() throws IOException {
        List<String> all = new ArrayList<>(namespaces.values());
        if (bridgeMade) {
            all.add(bridge);
        }
        for (String ns : all) {
            for (String pid : pids(ns)) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
        for (String ns : all) {
            ip("netns", "del", ns);
        }
    }

    private static List<String> pids(String ns) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : run(List.of("ip", "netns", "pids", ns)).split("\n")) {
            if (line.strip().matches("[0-9]+")) {
                out.add(line.strip());
            }
        }
        return out;
    }

    private void must(String... args) throws IOException {
        String why = ip(args);
        if (why != null) {
            throw new IOException("ip " + String.join(" ", args) + ": " + why.strip());
        }
    }

    /** Runs {@code ip ARGS}: null when it succeeded, else what it printed. */
    private static String ip(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = output(p);
        return p.exitValue() == 0 ? null : out.isBlank() ? "exit " + p.exitValue() : out;
    }

    private static String run(List<String> cmd) throws IOException {
        return output(new ProcessBuilder(cmd).redirectErrorStream(true).start());
    }

    /** What a short command printed, once it ended (killed after 30 s). */
    private static String output(Process p) throws IOException {
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                return "did not end within 30 s";
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }
}
