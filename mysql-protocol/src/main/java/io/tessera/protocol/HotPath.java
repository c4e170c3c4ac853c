package io.tessera.protocol;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks code that runs for every packet or row: no Stream API, no string concatenation, no boxing collections,
 * no log message built unless its level is on (STYLE rule 16).
 *
 * <p>It lives in the module every other one depends on, so that any package on the per-query path (the executor,
 * its merge operators, later the codecs and the backend client) can carry it without depending on another
 * package of its own module: {@code proxy.exec} and {@code proxy.exec.merge} both do.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface HotPath {
}
