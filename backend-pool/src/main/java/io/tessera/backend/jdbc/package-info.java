/**
 * Servers of {@code dbDriver="jdbc"} data hosts: {@link io.tessera.backend.jdbc.JdbcServerPool} keeps one server's
 * JDBC connections in HikariCP, and {@link io.tessera.backend.jdbc.JdbcConnection} runs the commands the proxy sends
 * on one of them, on the business executor, re-encoding each answer as MySQL wire frames with MySQL column types
 * ({@link io.tessera.backend.jdbc.JdbcColumns}, {@link io.tessera.backend.jdbc.MysqlText}). Only {@code java.sql} and
 * HikariCP are used here: the drivers ship with the distribution.
 */
package io.tessera.backend.jdbc;
