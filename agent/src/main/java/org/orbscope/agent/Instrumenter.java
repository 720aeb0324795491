package org.orbscope.agent;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.Nexus;
import net.bytebuddy.dynamic.scaffold.MethodGraph;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.matcher.ElementMatchers;
import net.bytebuddy.utility.JavaModule;

/**
 * Installs a recording's instrumentation units as one class file transformer, which also retransforms the classes
 * already loaded (so attaching works) and is reset at stop, restoring their original bytecode.
 *
 * <p>The retransformation itself loads classes: describing a loaded class reflects on its methods, which loads
 * the types of their parameters (on a fresh Yoko server, the class of the method where requests arrive). Such a
 * class loads on the thread that is inside the transformer, whose circularity guard lets it pass untransformed.
 * So the loaded classes are looked up again after each pass ({@code DiscoveryStrategy.Reiterating}) until a pass
 * finds none new, and those loaded meanwhile are retransformed like the rest.
 */
final class Instrumenter {
    private Instrumenter() {
    }

    /** The units the settings turn on, in the order a class several of them match gets their changes. */
    static List<InstrumentationUnit> units(Settings settings, MethodSelection selection, AdviceBindings bindings,
            MonitorTable monitors) {
        List<InstrumentationUnit> units = new ArrayList<>();
        if (settings.threads) {
            units.add(new ThreadUnit(bindings));
        }
        if (settings.park) {
            units.add(new ParkUnit(bindings));
        }
        if (settings.monitors) {
            units.add(new MonitorUnit(selection, bindings, monitors));
        }
        if (settings.alloc) {
            units.add(new AllocationUnit(selection, bindings));
        }
        units.add(new MethodUnit(selection, bindings)); // profile entries are instrumented whatever the events
        if (selection.namesRequests()) {
            units.add(new RequestNameUnit(selection, bindings));
        }
        return units;
    }

    /**
     * Installs the units; {@code transformed} counts the classes they change (loaded ones as this retransforms
     * them, and each class loaded afterwards).
     */
    static ResettableClassFileTransformer install(Instrumentation inst, List<InstrumentationUnit> units, AgentErrors errors,
            LongAdder transformed) {
        // Without this ByteBuddy prepares its "Nexus" class injection up front, through sun.misc.Unsafe, which
        // JDK 24+ warns about on the application's stderr; the agent never uses it (NoOp initialisation, Advice only).
        if (System.getProperty(Nexus.PROPERTY) == null) {
            System.setProperty(Nexus.PROPERTY, "true");
        }
        // The units only add code to the methods a class declares, so the type's hierarchy is never compiled into a
        // method graph (which reads the class files of its superclasses and interfaces for every class changed).
        ByteBuddy byteBuddy = new ByteBuddy().with(TypeValidation.DISABLED).with(MethodGraph.Compiler.ForDeclaredMethods.INSTANCE);
        AgentBuilder builder = new AgentBuilder.Default(byteBuddy)
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(new ByName(units))
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .with(new ErrorCounter(errors, transformed))
                .ignore(ElementMatchers.nameStartsWith("org.orbscope.").or(ElementMatchers.nameStartsWith("net.bytebuddy.")));
        for (InstrumentationUnit unit : units) {
            builder = builder.type(unit.types()).transform((b, type, loader, module, domain) -> unit.transform(b, type, loader));
        }
        return builder.installOn(inst);
    }

    /**
     * The loaded classes an attach retransforms: those whose names some unit may match, found as
     * {@code DiscoveryStrategy.Reiterating} finds them (again after each pass, until a pass finds none new). Only
     * these are described and matched; a server's thousands of other loaded classes cost a name test each.
     */
    static final class ByName implements AgentBuilder.RedefinitionStrategy.DiscoveryStrategy {
        private final List<InstrumentationUnit> units;

        ByName(List<InstrumentationUnit> units) {
            this.units = units;
        }

        boolean mayMatch(String className) {
            for (InstrumentationUnit unit : units) {
                if (unit.mayMatch(className)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public Iterable<Iterable<Class<?>>> resolve(Instrumentation instrumentation) {
            Iterable<Iterable<Class<?>>> passes = AgentBuilder.RedefinitionStrategy.DiscoveryStrategy.Reiterating.INSTANCE
                    .resolve(instrumentation);
            return new Iterable<Iterable<Class<?>>>() {
                @Override
                public Iterator<Iterable<Class<?>>> iterator() {
                    Iterator<Iterable<Class<?>>> next = passes.iterator();
                    return new Iterator<Iterable<Class<?>>>() {
                        @Override
                        public boolean hasNext() {
                            return next.hasNext();
                        }

                        @Override
                        public Iterable<Class<?>> next() {
                            List<Class<?>> named = new ArrayList<>();
                            for (Class<?> type : next.next()) {
                                if (mayMatch(type.getName())) {
                                    named.add(type);
                                }
                            }
                            return named;
                        }
                    };
                }
            };
        }
    }

    /** Counts instrumentation failures (a class the agent cannot transform stays as it was), and the classes changed. */
    private static final class ErrorCounter extends AgentBuilder.Listener.Adapter {
        private final AgentErrors errors;
        private final LongAdder transformed;

        ErrorCounter(AgentErrors errors, LongAdder transformed) {
            this.errors = errors;
            this.transformed = transformed;
        }

        @Override
        public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
                DynamicType dynamicType) {
            transformed.increment();
        }

        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable throwable) {
            errors.add();
            System.err.println("orbscope agent: cannot instrument " + typeName + ": " + throwable);
        }
    }
}
