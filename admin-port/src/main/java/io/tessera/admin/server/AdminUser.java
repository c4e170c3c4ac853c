package io.tessera.admin.server;

import java.util.Objects;
import java.util.function.Predicate;

/**
 * One account that may log in to the admin port: its name, its clear-text password (server.xml's {@code <user>}),
 * and the client addresses it may log in from (server.xml's {@code <firewall><whitehost>}). An empty password means
 * the client must send an empty auth response.
 *
 * @param allowedFrom whether a client from an address ({@code InetAddress.getHostAddress()}) may log in as the user
 */
public record AdminUser(String name, String password, Predicate<String> allowedFrom) {

    public AdminUser {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(allowedFrom, "allowedFrom");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("name: \"\" (expected: a non-empty user name)");
        }
    }

    /** An account that may log in from any address. */
    public AdminUser(String name, String password) {
        this(name, password, host -> true);
    }

    @Override
    public String toString() {
        return "AdminUser[name=" + name + ", password=" + (password.isEmpty() ? "<empty>" : "****") + "]";
    }
}
