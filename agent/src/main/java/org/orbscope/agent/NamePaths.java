package org.orbscope.agent;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Advice parameter bound to a constant: the {@link KeyPaths} ids of the {@code operation=} path's fields (high 16 bits)
 * and the {@code object=} path's (low 16 bits); 0 reads the source object itself.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
@interface NamePaths {
}
