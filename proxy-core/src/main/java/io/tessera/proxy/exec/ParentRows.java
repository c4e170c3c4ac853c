package io.tessera.proxy.exec;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.SqlLiterals;
import io.tessera.router.CacheCounters;
import io.tessera.router.ParentLocator;
import io.tessera.router.ParentRowsNeeded;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Where ER parent rows live, found by asking the parent table's data nodes in turn ({@code SELECT 1 FROM parent
 * WHERE parentKey = v LIMIT 1}) and remembered in a bounded cache, like MyCat's ER_SQL2PARENTID. A parent row does
 * not move between nodes (its sharding column cannot be updated), so an answer stays true until the row is
 * deleted; a child inserted after that is refused by the data node's own constraints or lands with its old siblings.
 */
public final class ParentRows implements ParentLocator {

    /** The parent rows it remembers at most. */
    public static final long MAX_ENTRIES = 100_000;

    private final Cache<String, Integer> nodes = Caffeine.newBuilder()
            .maximumSize(MAX_ENTRIES)
            .executor(Runnable::run)
            .build();
    private final CacheCounters counters = new CacheCounters();
    private final Executor executor;

    public ParentRows(Executor executor) {
        this.executor = executor;
    }

    @Override
    public Integer nodeOf(String schema, String parentTable, String parentKey, String value) {
        Integer node = nodes.getIfPresent(key(schema, parentTable, parentKey, value));
        counters.accessed(node != null);
        return node;
    }

    /** The parent rows it remembers now. */
    public long size() {
        return nodes.estimatedSize();
    }

    /** Its lookups, hits and puts ({@code show @@cache}). */
    public CacheCounters counters() {
        return counters;
    }

    /**
     * Finds every parent row {@code needed} names, remembers where, and completes with each value's node index;
     * fails naming the first one found on no node.
     */
    public CompletableFuture<Map<String, Integer>> lookUp(ClientChannel client, ParentRowsNeeded needed) {
        Map<String, Integer> found = new LinkedHashMap<>();
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (String value : needed.values()) {
            chain = chain.thenCompose(ignored -> find(client, needed, value, 0)
                    .thenAccept(node -> found.put(value, node)));
        }
        return chain.thenApply(ignored -> found);
    }

    private CompletableFuture<Integer> find(ClientChannel client, ParentRowsNeeded needed, String value, int index) {
        if (index == needed.dataNodes().size()) {
            return CompletableFuture.failedFuture(new TesseraException(ErrorCode.UNKNOWN_ERROR, "no row of "
                    + needed.schema() + "." + needed.parentTable() + " has " + needed.parentKey() + " = " + value
                    + ": its child row cannot be placed"));
        }
        String sql = "SELECT 1 FROM " + SqlLiterals.identifier(needed.parentTable()) + " WHERE "
                + SqlLiterals.identifier(needed.parentKey()) + " = " + SqlLiterals.literal(value) + " LIMIT 1";
        return executor.query(client, needed.dataNodes().get(index), sql).thenCompose(result -> {
            if (!result.rows().isEmpty()) {
                nodes.put(key(needed.schema(), needed.parentTable(), needed.parentKey(), value), index);
                counters.put();
                return CompletableFuture.completedFuture(index);
            }
            return find(client, needed, value, index + 1);
        });
    }

    private static String key(String schema, String table, String column, String value) {
        return schema + '\u0000' + table.toUpperCase(Locale.ROOT) + '\u0000' + column.toLowerCase(Locale.ROOT)
                + '\u0000' + value;
    }
}
