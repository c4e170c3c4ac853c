package io.tessera.router.plan;

import java.util.List;

/**
 * Sends statements to data nodes and returns what they answer. A leaf of every plan.
 *
 * @param replicated every node holds the same rows (global tables): a read needs only one of them, which the
 *     executor picks at run time to spread the load; a write's affected rows are those of one copy, not their sum
 */
public record Route(List<ShardStatement> shards, boolean replicated) implements PlanNode {

    public Route {
        shards = List.copyOf(shards);
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("shards: [] (expected: at least one)");
        }
    }

    public Route(List<ShardStatement> shards) {
        this(shards, false);
    }

    public static Route single(ShardStatement shard) {
        return new Route(List.of(shard));
    }

    public boolean isSingleNode() {
        return shards.size() == 1;
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of();
    }

    @Override
    public Route route() {
        return this;
    }

    @Override
    public String describe() {
        StringBuilder sb = new StringBuilder(replicated ? "Route (replicated)" : "Route");
        for (ShardStatement s : shards) {
            sb.append(' ').append(s.dataNode()).append(": ").append(s.sql()).append(';');
        }
        sb.setLength(sb.length() - 1);
        return sb.toString();
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visitRoute(this);
    }
}
