package org.orbscope.postprocess.stages;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Which methods mark which stage boundary: "class.method(descriptor)" (or without descriptor) -> role.
 * Used when the trace's method table has no role labels; the JacORB map ships as a resource.
 */
public final class RoleMap {
    private final Map<String, Role> byFullName = new HashMap<>();
    private final Map<String, Role> byName = new HashMap<>();

    public static RoleMap jacorb() {
        try (InputStream in = RoleMap.class.getResourceAsStream("/org/orbscope/postprocess/profiles/jacorb.roles")) {
            if (in == null) {
                throw new IllegalStateException("jacorb.roles resource missing from the postprocess jar");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), "jacorb.roles");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static RoleMap parse(BufferedReader r, String source) throws IOException {
        RoleMap m = new RoleMap();
        String line;
        int n = 0;
        while ((line = r.readLine()) != null) {
            n++;
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int eq = line.lastIndexOf('=');
            Role role = eq < 0 ? null : Role.ofLabel(line.substring(eq + 1).strip());
            if (role == null) {
                throw new IllegalArgumentException(source + ":" + n + ": expected '<class>.<method>[(desc)] = <role>'");
            }
            String method = line.substring(0, eq).strip();
            int paren = method.indexOf('(');
            if (paren < 0) {
                m.byName.put(method, role);
            } else {
                m.byFullName.put(method, role);
            }
        }
        return m;
    }

    /** The role of a method, or null. {@code descriptor} may be null or empty when the trace lacks it. */
    public Role roleOf(String className, String method, String descriptor) {
        String name = className.replace('/', '.') + "." + method;
        if (descriptor != null && !descriptor.isEmpty()) {
            Role r = byFullName.get(name + descriptor);
            if (r != null) {
                return r;
            }
        } else {
            for (Map.Entry<String, Role> e : byFullName.entrySet()) {
                if (e.getKey().startsWith(name + "(")) {
                    return e.getValue();
                }
            }
        }
        return byName.get(name);
    }
}
