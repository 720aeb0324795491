package org.orbscope.agent;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

/**
 * Defines the two dispatch classes ({@code org.orbscope.agent.boot}) in the bootstrap loader, so advice inlined
 * into any class can call them, while everything else stays in the agent's own loader.
 *
 * <p>Why not {@code appendToBootstrapClassLoaderSearch}: the JVM then turns class data sharing off for all
 * non-boot classes and prints a warning into the application's output. Why not ByteBuddy's
 * {@code ClassInjector.UsingUnsafe}: it goes through {@code sun.misc.Unsafe} memory methods, which JDK 24+
 * warns about. So: JDK 9+ exports {@code jdk.internal.misc} to the agent (an agent may) and defines the
 * classes with its {@code Unsafe.defineClass}; JDK 8 uses {@code sun.misc.Unsafe.defineClass}; if neither
 * works, the boot class path is appended with a small jar of just these classes.
 */
final class BootInjector {
    static final List<String> CLASSES = Collections.unmodifiableList(Arrays.asList("org.orbscope.agent.boot.Sink",
            "org.orbscope.agent.boot.Dispatch"));

    private BootInjector() {
    }

    static boolean injected() {
        try {
            Class.forName(CLASSES.get(1), false, null);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    static void inject(Instrumentation inst) throws Exception {
        if (injected()) {
            return; // an earlier recording of this JVM (attach, stop, attach again)
        }
        Map<String, byte[]> classes = new LinkedHashMap<>();
        for (String name : CLASSES) {
            classes.put(name, read(name));
        }
        Throwable unsafeFailure;
        try {
            Object unsafe = openUnsafe(inst);
            Method define = unsafe.getClass().getMethod("defineClass", String.class, byte[].class, int.class, int.class,
                    ClassLoader.class, java.security.ProtectionDomain.class);
            for (Map.Entry<String, byte[]> e : classes.entrySet()) {
                define.invoke(unsafe, e.getKey(), e.getValue(), 0, e.getValue().length, null, null);
            }
            return;
        } catch (Throwable t) {
            unsafeFailure = t;
        }
        if (injected()) {
            throw new IllegalStateException("dispatch classes half defined", unsafeFailure);
        }
        appendJar(inst, classes);
    }

    /** jdk.internal.misc.Unsafe (JDK 9+, exported to this module first) or sun.misc.Unsafe (JDK 8). */
    private static Object openUnsafe(Instrumentation inst) throws Exception {
        Class<?> internal;
        try {
            internal = Class.forName("jdk.internal.misc.Unsafe");
        } catch (ClassNotFoundException jdk8) {
            Field f = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return f.get(null);
        }
        // Instrumentation.redefineModule and Class.getModule are JDK 9 API; this class is compiled for 8.
        Method getModule = Class.class.getMethod("getModule");
        Object javaBase = getModule.invoke(Object.class);
        Object self = getModule.invoke(BootInjector.class);
        Class<?> moduleClass = Class.forName("java.lang.Module");
        Method redefine = Instrumentation.class.getMethod("redefineModule", moduleClass, Set.class, Map.class, Map.class,
                Set.class, Map.class);
        Map<String, Set<Object>> exports = new HashMap<>();
        exports.put("jdk.internal.misc", Collections.singleton(self));
        redefine.invoke(inst, javaBase, Collections.emptySet(), exports, Collections.emptyMap(), Collections.emptySet(),
                Collections.emptyMap());
        return internal.getMethod("getUnsafe").invoke(null);
    }

    private static void appendJar(Instrumentation inst, Map<String, byte[]> classes) throws IOException {
        File jar = File.createTempFile("orbscope-boot", ".jar");
        jar.deleteOnExit();
        try (JarOutputStream out = new JarOutputStream(new FileOutputStream(jar))) {
            for (Map.Entry<String, byte[]> e : classes.entrySet()) {
                out.putNextEntry(new JarEntry(e.getKey().replace('.', '/') + ".class"));
                out.write(e.getValue());
                out.closeEntry();
            }
        }
        inst.appendToBootstrapClassLoaderSearch(new JarFile(jar));
    }

    private static byte[] read(String className) throws IOException {
        String resource = "/" + className.replace('.', '/') + ".class";
        try (InputStream in = BootInjector.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("missing from the agent jar: " + resource);
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) > 0) {
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        }
    }
}
