package io.tessera.proxy.exec;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks code that runs for every packet or row: no Stream API, no string concatenation, no boxing collections,
 * no log message built unless its level is on (STYLE rule 16).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface HotPath {
}
