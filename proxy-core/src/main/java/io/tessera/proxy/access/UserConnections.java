package io.tessera.proxy.access;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.config.UserConfig;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The logged-in client connections of each user, and server.xml's {@code benchmark}: the most a user may hold at
 * once (MyCat's "degrade" check, made at login after the password). One per server; any thread.
 */
public final class UserConnections {

    /** By user name; an entry stays once made (a server has few users). */
    private final Map<String, AtomicInteger> open = new ConcurrentHashMap<>();

    /**
     * Counts a login of {@code user}, or refuses it when the user already holds its {@code benchmark} connections;
     * every admitted login must be {@linkplain #left left} once.
     *
     * @throws TesseraException 1040 Too many connections, naming the user and its limit
     */
    public void admit(UserConfig user) {
        AtomicInteger count = open.computeIfAbsent(user.name(), name -> new AtomicInteger());
        int now = count.incrementAndGet();
        if (user.benchmark() > 0 && now > user.benchmark()) {
            count.decrementAndGet();
            throw new TesseraException(ErrorCode.CON_COUNT_ERROR.code(), ErrorCode.CON_COUNT_ERROR.sqlState(),
                    "Too many connections: user '" + user.name() + "' may hold " + user.benchmark()
                            + " at once (benchmark in server.xml)");
        }
    }

    /** A connection of {@code user} that {@link #admit} counted has closed. */
    public void left(String user) {
        AtomicInteger count = open.get(user);
        if (count != null) {
            count.decrementAndGet();
        }
    }

    /** The user's logged-in connections now. */
    public int count(String user) {
        AtomicInteger count = open.get(user);
        return count == null ? 0 : count.get();
    }
}
