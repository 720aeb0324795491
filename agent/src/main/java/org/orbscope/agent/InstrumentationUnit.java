package org.orbscope.agent;

import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * One instrumented target: the classes it transforms and what it puts in them, matcher and advice together (the
 * OpenTelemetry Java agent's unit per target). Each unit's advice only calls the bootstrap bridge
 * ({@link org.orbscope.agent.boot.Dispatch}) and neither adds nor removes fields or methods, so a class can be
 * transformed after it was loaded (attach) and restored at stop. A class several units match gets their changes in
 * the order the units are installed ({@link Instrumenter}).
 */
interface InstrumentationUnit {
    /** The classes this unit transforms. */
    ElementMatcher<? super TypeDescription> types();

    /**
     * Whether {@link #types} may match a class of this name: false only for classes it surely leaves alone. An
     * attach looks at a loaded class only when some unit may match its name, so no other class is described.
     */
    boolean mayMatch(String className);

    /**
     * Adds this unit's advice and rewriting to the class {@code type} that {@code builder} is remaking, defined by
     * {@code loader} (null: the bootstrap loader).
     */
    DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader);
}
