package org.orbscope.agent;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Advice parameter bound to where the profile's {@code operation=} path starts: {@code this} or an argument (null: none). */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
@interface OperationSource {
}
