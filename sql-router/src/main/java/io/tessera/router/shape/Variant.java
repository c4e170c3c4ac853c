package io.tessera.router.shape;

import io.tessera.router.function.SqlValue;
import io.tessera.router.parse.SqlShape;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import io.tessera.router.shard.PlacementTrace;
import java.util.ArrayList;
import java.util.List;

/**
 * One plan of a shape, and the statements of that shape it serves: those whose fixed literals are written as when it
 * was learnt, and whose placements give the same answers. The router reads nothing else of a statement's values
 * (see {@link VariantLearner}), so for such a statement it would plan the same, with the other literals where they
 * stand in the data nodes' texts. Immutable.
 */
final class Variant {

    /**
     * A placement the router asked for, and where its values come from: {@code literals[i]} is the client literal
     * of value {@code i}, or {@code -1} for the value as it was (one the shape or a fixed literal gives).
     */
    record Placement(PlacementTrace.Placed placed, int[] literals) {
    }

    private final int[] fixed;
    private final String[] fixedTexts;
    private final List<Placement> placements;
    private final ShardText[] shards;
    private final boolean replicated;
    private final PlanNode plan;

    Variant(int[] fixed, String[] fixedTexts, List<Placement> placements, ShardText[] shards, PlanNode plan) {
        this.fixed = fixed;
        this.fixedTexts = fixedTexts;
        this.placements = List.copyOf(placements);
        this.shards = shards;
        this.replicated = plan.route().replicated();
        this.plan = plan;
    }

    /** The plan {@code statement} gets, or {@code null} when this variant does not serve it. */
    PlanNode bind(SqlShape.Lexed statement) {
        for (int i = 0; i < fixed.length; i++) {
            if (!statement.textEquals(fixed[i], fixedTexts[i])) {
                return null;
            }
        }
        for (Placement placement : placements) {
            if (!sameAnswer(placement, statement)) {
                return null;
            }
        }
        List<ShardStatement> bound = new ArrayList<>(shards.length);
        for (ShardText shard : shards) {
            bound.add(shard.bind(statement));
        }
        Route route = new Route(bound, replicated);
        return plan instanceof Route ? route : RouteReplacer.replace(plan, route);
    }

    private static boolean sameAnswer(Placement placement, SqlShape.Lexed statement) {
        List<SqlValue> learnt = placement.placed().values();
        List<SqlValue> values = new ArrayList<>(learnt.size());
        for (int i = 0; i < learnt.size(); i++) {
            int literal = placement.literals()[i];
            SqlValue value = literal < 0 ? learnt.get(i) : ShapeLiteral.valueOf(statement, literal);
            if (value == null) {
                return false;
            }
            values.add(value);
        }
        return placement.placed().answer().equals(placement.placed().answerFor(values));
    }
}
