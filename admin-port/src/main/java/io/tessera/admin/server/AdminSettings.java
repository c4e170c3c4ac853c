package io.tessera.admin.server;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * How the admin port listens and whom it lets in.
 *
 * @param bindIp            address to listen on, e.g. {@code 0.0.0.0} (server.xml {@code bindIp}) or {@code 127.0.0.1}
 * @param port              TCP port (server.xml {@code managerPort}, MyCat's default 9066); 0 picks a free port,
 *                          which {@link AdminServer#port()} then reports
 * @param maxPacketSize     largest command payload accepted, in bytes ({@code max_allowed_packet}); a larger one is
 *                          answered with ERR 1153 and the connection is closed
 * @param authTimeoutMillis milliseconds a new connection has to complete the login before it is closed
 *                          (server.xml {@code authTimeout})
 * @param users             the accounts that may log in; names must be unique
 */
public record AdminSettings(String bindIp, int port, int maxPacketSize, long authTimeoutMillis,
        List<AdminUser> users) {

    /** The smallest {@code maxPacketSize} accepted: room for any admin statement a person types. */
    public static final int MIN_PACKET_SIZE = 1024;

    public AdminSettings {
        Objects.requireNonNull(bindIp, "bindIp");
        users = List.copyOf(users);
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port: " + port + " (expected: 0..65535)");
        }
        if (maxPacketSize < MIN_PACKET_SIZE) {
            throw new IllegalArgumentException("maxPacketSize: " + maxPacketSize + " (expected: >= "
                    + MIN_PACKET_SIZE + ")");
        }
        if (authTimeoutMillis < 1) {
            throw new IllegalArgumentException("authTimeoutMillis: " + authTimeoutMillis + " (expected: >= 1)");
        }
        checkUsers(users);
    }

    /** @throws IllegalArgumentException when {@code users} is empty or names a user twice */
    static void checkUsers(List<AdminUser> users) {
        if (users.isEmpty()) {
            throw new IllegalArgumentException("users: [] (expected: at least one user)");
        }
        Set<String> names = new HashSet<>();
        for (AdminUser user : users) {
            if (!names.add(user.name())) {
                throw new IllegalArgumentException("users: " + user.name() + " twice (expected: unique names)");
            }
        }
    }
}
