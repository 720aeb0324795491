package org.orbscope.agent;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Advice parameter bound to a constant: this method's {@link org.orbscope.agent.boot.Sink#CPU_ENTER},
 * {@link org.orbscope.agent.boot.Sink#CPU_EXIT} and {@link org.orbscope.agent.boot.Sink#FRAGMENT} flags.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
@interface CpuFlag {
}
