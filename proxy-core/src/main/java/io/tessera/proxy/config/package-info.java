/**
 * Tessera's configuration: reads {@code server.xml}, {@code schema.xml} and {@code rule.xml} from a
 * {@code conf/} directory in MyCat 1.6 format (namespace {@code http://io.mycat/} or the older
 * {@code http://org.opencloudb/}), binds them with Jackson's XML module, checks them as a whole and maps them
 * onto immutable records, the model the rest of the proxy reads. {@link io.tessera.proxy.config.ConfigLoader}
 * is the entry point; every problem it finds is reported at once in one
 * {@link io.tessera.proxy.config.ConfigException}, each naming the file, line, element and rule broken, and
 * nothing is silently corrected. Attributes and elements that MyCat 1.6 accepts but Tessera does not use are
 * logged at DEBUG; unknown ones, and settings Tessera reads but does not act on yet
 * ({@link io.tessera.proxy.config.NotHonoured}), are warnings, logged at WARN and printed by {@code bin/tessera check}.
 * Secrets never appear in {@code toString()} or in error messages.
 * The user documentation is {@code docs/configuration.md}.
 */
package io.tessera.proxy.config;
