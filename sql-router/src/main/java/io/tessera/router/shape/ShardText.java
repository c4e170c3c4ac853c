package io.tessera.router.shape;

import io.tessera.router.parse.SqlShape;
import io.tessera.router.plan.ShardStatement;
import java.util.Arrays;
import java.util.Map;

/**
 * The text one data node runs, as pieces between the client's literals that a {@link Variant} binds: the client's
 * text itself when the node runs it as written, else the node's text cut at each such literal. Literals the variant
 * fixes, and those the router wrote itself, stay in the pieces.
 */
final class ShardText {

    private final String dataNode;
    private final boolean rewritten;
    private final String[] pieces;
    private final int[] literals;

    private ShardText(String dataNode, boolean rewritten, String[] pieces, int[] literals) {
        this.dataNode = dataNode;
        this.rewritten = rewritten;
        this.pieces = pieces;
        this.literals = literals;
    }

    /**
     * The shard's text cut at the client's literals named in {@code bound} (text to literal index, texts all
     * distinct), or {@code null} when it cannot be: a literal of {@code bound} that the node's text does not hold
     * exactly once, or a text with a backslash.
     */
    static ShardText of(ShardStatement shard, SqlShape.Lexed client, Map<String, Integer> bound) {
        if (shard.sql().equals(client.sql())) {
            return new ShardText(shard.dataNode(), shard.rewritten(), null, null);
        }
        SqlShape.Lexed own = SqlShape.lex(shard.sql());
        if (own == null) {
            return null;
        }
        int[] order = new int[bound.size()];
        String[] pieces = new String[bound.size() + 1];
        boolean[] seen = new boolean[client.count()];
        int cuts = 0;
        int from = 0;
        for (int i = 0; i < own.count(); i++) {
            Integer literal = bound.get(own.text(i));
            if (literal == null) {
                continue; // a fixed literal, or one the router wrote
            }
            if (seen[literal]) {
                return null;
            }
            seen[literal] = true;
            pieces[cuts] = shard.sql().substring(from, own.start(i));
            order[cuts++] = literal;
            from = own.end(i);
        }
        if (cuts != bound.size()) {
            return null;
        }
        pieces[cuts] = shard.sql().substring(from);
        return new ShardText(shard.dataNode(), shard.rewritten(), pieces, order);
    }

    ShardStatement bind(SqlShape.Lexed client) {
        if (pieces == null) {
            return new ShardStatement(dataNode, client.sql(), rewritten);
        }
        StringBuilder sql = new StringBuilder(client.sql().length() + 64);
        for (int i = 0; i < literals.length; i++) {
            sql.append(pieces[i]).append(client.sql(), client.start(literals[i]), client.end(literals[i]));
        }
        return new ShardStatement(dataNode, sql.append(pieces[literals.length]).toString(), rewritten);
    }

    @Override
    public String toString() {
        return dataNode + ": " + (pieces == null ? "<as written>" : String.join("?", pieces))
                + (literals == null ? "" : " " + Arrays.toString(literals));
    }
}
