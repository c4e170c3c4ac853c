package io.tessera.backend.mysql;

import java.util.List;
import java.util.Objects;

/**
 * How to reach and log in to one data host.
 *
 * @param name the data host's name in schema.xml, used in every error and log line
 * @param connectionInitSql statements run once on every new connection, in order
 * @param maxPacketSize the largest packet Tessera accepts, announced to the server at login
 * @param connectTimeoutMillis the limit for TCP connect and login together
 * @param tls TLS to the server; {@link BackendTls#DISABLED} for plain TCP
 */
public record ConnectOptions(String name, String host, int port, String user, String password,
        List<String> connectionInitSql, int maxPacketSize, long connectTimeoutMillis, BackendTls tls) {

    public ConnectOptions {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(tls, "tls");
        password = password == null ? "" : password;
        connectionInitSql = connectionInitSql == null ? List.of() : List.copyOf(connectionInitSql);
        if (port < 1 || port > 0xFFFF) {
            throw new IllegalArgumentException("port: " + port + " (expected: 1..65535)");
        }
        if (maxPacketSize < 1) {
            throw new IllegalArgumentException("maxPacketSize: " + maxPacketSize + " (expected: >= 1)");
        }
        if (connectTimeoutMillis < 1) {
            throw new IllegalArgumentException("connectTimeoutMillis: " + connectTimeoutMillis + " (expected: >= 1)");
        }
    }

    /** Options for plain TCP. */
    public ConnectOptions(String name, String host, int port, String user, String password,
            List<String> connectionInitSql, int maxPacketSize, long connectTimeoutMillis) {
        this(name, host, port, user, password, connectionInitSql, maxPacketSize, connectTimeoutMillis,
                BackendTls.DISABLED);
    }

    /** "data host host1 (127.0.0.1:3306)": how errors and logs name this data host. */
    public String describe() {
        return "data host " + name + " (" + host + ":" + port + ")";
    }

    @Override
    public String toString() {
        return "ConnectOptions[" + describe() + ", user=" + user + ", password=" + (password.isEmpty() ? "" : "****")
                + ", connectionInitSql=" + connectionInitSql + ", maxPacketSize=" + maxPacketSize
                + ", connectTimeoutMillis=" + connectTimeoutMillis + ", tls=" + tls + "]";
    }
}
