package org.orbscope.agent;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ShippedOrbs;

/**
 * Waits for the JVM to load the first class of an ORB a shipped profile describes ({@link ShippedOrbs}), watching
 * class loads without changing any class, and then hands the ORB's profile to its listener once, on a thread of its
 * own: the loading thread may hold class loading locks, and the listener may start a recording, which retransforms
 * classes. Another ORB than {@code except}'s (a profile's own package) is what it waits for.
 */
final class OrbWatch implements ClassFileTransformer {
    private final Instrumentation inst;
    private final Consumer<OrbProfile> listener;
    /** Internal-name prefixes of the watched ORBs' packages ({@code org/apache/yoko/orb/}) and their profiles. */
    private final List<String> prefixes = new ArrayList<>();
    private final List<OrbProfile> profiles = new ArrayList<>();
    private final AtomicBoolean done = new AtomicBoolean();

    private OrbWatch(Instrumentation inst, String except, Consumer<OrbProfile> listener) {
        this.inst = inst;
        this.listener = listener;
        for (OrbProfile p : ShippedOrbs.profiles()) {
            String pkg = ShippedOrbs.packageOf(p);
            if (!pkg.isEmpty() && !pkg.equals(except)) {
                prefixes.add(pkg.replace('.', '/') + '/');
                profiles.add(p);
            }
        }
    }

    /**
     * Calls {@code listener} with the profile of the first ORB the JVM loads a class of, other than the ORB in the
     * package {@code except} (null: any).
     */
    static OrbWatch start(Instrumentation inst, String except, Consumer<OrbProfile> listener) {
        OrbWatch w = new OrbWatch(inst, except, listener);
        inst.addTransformer(w, false);
        return w;
    }

    /** Stops watching; the listener is not called after this returns unless it already runs. */
    void cancel() {
        done.set(true);
        inst.removeTransformer(this);
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
            byte[] classfile) {
        if (className == null || done.get()) {
            return null;
        }
        for (int i = 0; i < prefixes.size(); i++) {
            if (className.startsWith(prefixes.get(i)) && done.compareAndSet(false, true)) {
                OrbProfile seen = profiles.get(i);
                Thread t = new Thread(() -> {
                    inst.removeTransformer(this);
                    listener.accept(seen);
                }, "orbscope-orb-watch");
                t.setDaemon(true);
                t.start();
                return null;
            }
        }
        return null;
    }
}
