package io.tessera.admin.server;

import java.util.Objects;

/**
 * One account that may log in to the admin port: its name and clear-text password (server.xml's {@code <user>}).
 * An empty password means the client must send an empty auth response.
 */
public record AdminUser(String name, String password) {

    public AdminUser {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(password, "password");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("name: \"\" (expected: a non-empty user name)");
        }
    }

    @Override
    public String toString() {
        return "AdminUser[name=" + name + ", password=" + (password.isEmpty() ? "<empty>" : "****") + "]";
    }
}
