package org.orbscope.agent;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Advice parameter bound to the trace class id of the instrumented type (allocation events), a constant in the inlined code. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
@interface ClassId {
}
