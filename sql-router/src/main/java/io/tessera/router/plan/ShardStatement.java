package io.tessera.router.plan;

import java.util.Objects;

/**
 * The SQL one data node runs.
 *
 * @param rewritten false when {@code sql} is the client's text unchanged, so the front end may forward the
 *     client's own payload without encoding it again
 */
public record ShardStatement(String dataNode, String sql, boolean rewritten) {

    public ShardStatement {
        Objects.requireNonNull(dataNode, "dataNode");
        Objects.requireNonNull(sql, "sql");
    }
}
