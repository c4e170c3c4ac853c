package io.tessera.admin.server;

import java.util.Objects;
import java.util.function.Predicate;

/**
 * One account that may log in to the admin port: its name, its clear-text password (server.xml's {@code <user>}),
 * the client addresses it may log in from (server.xml's {@code <firewall><whitehost>}), and whether it may run the
 * commands that change the server. An empty password means the client must send an empty auth response.
 *
 * @param allowedFrom whether a client from an address ({@code InetAddress.getHostAddress()}) may log in as the user
 * @param manager     whether it may run control commands ({@code reload}, {@code switch}, {@code kill},
 *                    {@code offline}, ...); every user may run the {@code show} commands
 */
public record AdminUser(String name, String password, Predicate<String> allowedFrom, boolean manager) {

    public AdminUser {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(allowedFrom, "allowedFrom");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("name: \"\" (expected: a non-empty user name)");
        }
    }

    /** A manager that may log in from any address. */
    public AdminUser(String name, String password) {
        this(name, password, host -> true, true);
    }

    /** A manager that may log in from the addresses {@code allowedFrom} accepts. */
    public AdminUser(String name, String password, Predicate<String> allowedFrom) {
        this(name, password, allowedFrom, true);
    }

    @Override
    public String toString() {
        return "AdminUser[name=" + name + ", password=" + (password.isEmpty() ? "<empty>" : "****") + ", manager="
                + manager + "]";
    }
}
