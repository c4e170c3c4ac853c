package io.tessera.backend.pool;

import io.netty.channel.EventLoop;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The idle connections of one pool, one list per event loop, most recently returned first (so that the oldest
 * age out). Lookups try the borrower's event loop first, then scan the others (STYLE rule 17). Not thread-safe: the
 * pool's lock guards it.
 */
final class ConnectionBag {

    private final Map<EventLoop, ArrayDeque<PooledConnection>> byLoop = new IdentityHashMap<>();
    private int size;

    int size() {
        return size;
    }

    void add(PooledConnection c) {
        byLoop.computeIfAbsent(c.loop, l -> new ArrayDeque<>()).addFirst(c);
        size++;
    }

    boolean remove(PooledConnection c) {
        ArrayDeque<PooledConnection> list = byLoop.get(c.loop);
        if (list != null && list.remove(c)) {
            size--;
            return true;
        }
        return false;
    }

    /**
     * Takes a usable idle connection with this CLIENT_FOUND_ROWS flag, preferring one of {@code loop} and, within
     * an event loop, one already on {@code database}; {@code null} when there is none.
     */
    PooledConnection take(EventLoop loop, boolean foundRows, String database) {
        ArrayDeque<PooledConnection> local = byLoop.get(loop);
        PooledConnection found = local == null ? null : find(local, foundRows, database);
        if (found == null) {
            for (ArrayDeque<PooledConnection> list : byLoop.values()) {
                if (list != local && (found = find(list, foundRows, database)) != null) {
                    break;
                }
            }
        }
        if (found != null) {
            remove(found);
        }
        return found;
    }

    /** Takes the oldest idle connection of any kind, or {@code null}. */
    PooledConnection takeOldest() {
        PooledConnection oldest = null;
        for (ArrayDeque<PooledConnection> list : byLoop.values()) {
            PooledConnection last = list.peekLast();
            if (last != null && (oldest == null || last.idleSince < oldest.idleSince)) {
                oldest = last;
            }
        }
        if (oldest != null) {
            remove(oldest);
        }
        return oldest;
    }

    /** Takes every idle connection out, oldest first. */
    List<PooledConnection> takeAll() {
        List<PooledConnection> all = new ArrayList<>(size);
        for (ArrayDeque<PooledConnection> list : byLoop.values()) {
            all.addAll(list);
            list.clear();
        }
        size = 0;
        all.sort(Comparator.comparingLong(c -> c.idleSince));
        return all;
    }

    private static PooledConnection find(ArrayDeque<PooledConnection> list, boolean foundRows, String database) {
        PooledConnection candidate = null;
        for (PooledConnection c : list) {
            if (c.foundRows != foundRows || !c.connection.isUsable()) {
                continue; // an unusable one is removed when its close is reported
            }
            if (database == null || Objects.equals(database, c.connection.database())) {
                return c;
            }
            if (candidate == null) {
                candidate = c;
            }
        }
        return candidate;
    }
}
