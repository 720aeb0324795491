package org.orbscope.trace.tools.jvm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.orbscope.trace.Dictionary;

/**
 * The calls of every thread merged by call path, as a flame graph draws them: one node per distinct path from a
 * thread's outermost recorded call, holding the calls made along that path and their summed wall and CPU time. It
 * grows with the number of distinct paths, never with the number of calls. A recursive call is a path of its own
 * (a, a > a, ...), so a node's time always includes its children's.
 */
public final class CallTree {
    /** The root's name: every thread's outermost calls are its children. */
    public static final String ROOT = "all threads";
    /** Above this many children a node indexes them by method, so wide nodes cost no linear search per call. */
    private static final int INDEX_AT = 16;

    /** One call path. */
    public static final class Node {
        private final int method;
        private final Node parent;
        private String name;
        private final List<Node> children = new ArrayList<>(2);
        private Map<Integer, Node> index;
        long calls;
        long wallNanos;
        long cpuCalls;
        long cpuNanos;

        private Node(int method, Node parent) {
            this.method = method;
            this.parent = parent;
        }

        Node child(int m) {
            if (index != null) {
                Node n = index.get(m);
                if (n == null) {
                    n = add(m);
                    index.put(m, n);
                }
                return n;
            }
            for (Node n : children) {
                if (n.method == m) {
                    return n;
                }
            }
            Node n = add(m);
            if (children.size() > INDEX_AT) {
                index = new HashMap<>();
                children.forEach(c -> index.put(c.method, c));
            }
            return n;
        }

        private Node add(int m) {
            Node n = new Node(m, this);
            children.add(n);
            return n;
        }

        /** The method's full name ({@code pkg.Class#name(desc)}), or {@link #ROOT}. */
        public String name() {
            return name;
        }

        /** The calls that ended along this path. */
        public long calls() {
            return calls;
        }

        /** Summed wall time of those calls; for the root, of every thread's outermost calls. */
        public long wallNanos() {
            return wallNanos;
        }

        /** Wall time of this path not spent in a recorded call below it. */
        public long selfWallNanos() {
            long s = wallNanos;
            for (Node c : children) {
                s -= c.wallNanos;
            }
            return s;
        }

        /** The calls along this path that carry CPU times at both ends. */
        public long cpuCalls() {
            return cpuCalls;
        }

        public long cpuNanos() {
            return cpuNanos;
        }

        public List<Node> children() {
            return Collections.unmodifiableList(children);
        }

        /** The caller's path, or null for the root. */
        public Node parent() {
            return parent;
        }
    }

    private final Node root = new Node(0, null);
    private int size = 1;

    CallTree() {
    }

    Node child(Node parent, int method) {
        int before = parent.children.size();
        Node n = parent.child(method);
        if (parent.children.size() != before) {
            size++;
        }
        return n;
    }

    /** Names every node and sums the root's time from its children. */
    void finish(Dictionary d) {
        Map<Integer, String> names = new HashMap<>();
        root.name = ROOT;
        root.wallNanos = 0;
        root.cpuNanos = 0;
        for (Node c : root.children) {
            root.wallNanos += c.wallNanos;
            root.cpuNanos += c.cpuNanos;
        }
        Deque<Node> todo = new ArrayDeque<>(root.children);
        while (!todo.isEmpty()) {
            Node n = todo.pop();
            n.name = names.computeIfAbsent(n.method, d::method);
            todo.addAll(n.children);
        }
    }

    /** The root: its children are the outermost calls of all threads. */
    public Node top() {
        return root;
    }

    /** Nodes, the root included. */
    public int size() {
        return size;
    }
}
