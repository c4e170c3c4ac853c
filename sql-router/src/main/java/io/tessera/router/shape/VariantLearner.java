package io.tessera.router.shape;

import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLObject;
import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.expr.SQLBetweenExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOpExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOperator;
import com.alibaba.druid.sql.ast.expr.SQLCharExpr;
import com.alibaba.druid.sql.ast.expr.SQLHexExpr;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLInListExpr;
import com.alibaba.druid.sql.ast.expr.SQLIntegerExpr;
import com.alibaba.druid.sql.ast.expr.SQLNumberExpr;
import com.alibaba.druid.sql.ast.expr.SQLNumericLiteralExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.expr.SQLTextLiteralExpr;
import com.alibaba.druid.sql.ast.statement.SQLDeleteStatement;
import com.alibaba.druid.sql.ast.statement.SQLSelectQueryBlock;
import com.alibaba.druid.sql.ast.statement.SQLSelectStatement;
import com.alibaba.druid.sql.ast.statement.SQLUpdateSetItem;
import com.alibaba.druid.sql.ast.statement.SQLUpdateStatement;
import com.alibaba.druid.sql.dialect.mysql.visitor.MySqlASTVisitorAdapter;
import io.tessera.router.function.SqlValue;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlShape;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.ShardStatement;
import io.tessera.router.shard.Literals;
import io.tessera.router.shard.PlacementTrace;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Learns a {@link Variant} from one planning of a SELECT, UPDATE or DELETE. Each literal of the text is matched to
 * its node in Druid's tree (same count, same order, same kind and value) and takes one of two parts:
 * <ul>
 *   <li><b>bound</b>: a value a WHERE clause compares a column with ({@code =}, {@code <>}, {@code <}, ...,
 *   {@code LIKE}, {@code BETWEEN}, {@code IN}) or an UPDATE sets a column to, which the router read in no other way
 *   than through a placement ({@link PlacementTrace}), or not at all. Tessera never evaluates a WHERE clause or a SET
 *   value itself, the data nodes do: such a literal reaches the plan only through the placements' answers, and as
 *   text in the data nodes' statements, where a binding writes the new statement's literal;</li>
 *   <li><b>fixed</b>: any other literal ({@code LIMIT}, select list, HAVING, ORDER BY positions, function arguments,
 *   a value read but placed by no placement), which the next statement must write exactly so.</li>
 * </ul>
 * The router may plan a copy of the tree, so the values it read are matched to literals by value: every literal's
 * value is distinct, and a placement's value that equals a bound literal's is taken as that literal's. Taking a fixed
 * value for a bound one can only make a variant serve fewer statements (the placement, asked again with the new
 * value, must still give the answer it gave), never serve one wrongly. A text whose literals cannot be matched so,
 * rows placed by value (INSERT), a tree the router abridged, and data node texts that do not hold each bound literal
 * exactly once learn nothing: the statement stays with the text-keyed cache.
 */
final class VariantLearner {

    /** What the tree says of the literals, taken before the router plans (and may rewrite the tree). */
    static final class Snapshot {

        private final SqlShape.Lexed lexed;
        private final SqlValue[] values;
        private final boolean[] bindable;

        private Snapshot(SqlShape.Lexed lexed, SqlValue[] values, boolean[] bindable) {
            this.lexed = lexed;
            this.values = values;
            this.bindable = bindable;
        }

        String sql() {
            return lexed.sql();
        }
    }

    private VariantLearner() {
    }

    /** Whether a statement of this kind may teach its shape a variant: a whole SELECT, UPDATE or DELETE. */
    static boolean learnsFrom(ParsedStatement statement) {
        SQLStatement ast = statement.ast();
        return !statement.abridged() && (ast instanceof SQLSelectStatement || ast instanceof SQLUpdateStatement
                || ast instanceof SQLDeleteStatement);
    }

    /** The literals of {@code statement} matched to its tree, or {@code null} when this shape learns nothing. */
    static Snapshot snapshot(SqlShape.Lexed lexed, ParsedStatement statement) {
        SQLStatement ast = statement.ast();
        List<SQLExpr> exprs = new ArrayList<>(lexed.count());
        ast.accept(new MySqlASTVisitorAdapter() {
            @Override
            public void preVisit(SQLObject x) {
                if (x instanceof SQLNumericLiteralExpr || x instanceof SQLTextLiteralExpr || x instanceof SQLHexExpr
                        || x instanceof SQLBinaryExpr) {
                    exprs.add((SQLExpr) x);
                }
            }
        });
        if (exprs.size() != lexed.count()) {
            return null;
        }
        boolean[] bindable = new boolean[exprs.size()];
        SqlValue[] values = new SqlValue[exprs.size()];
        Set<String> texts = new HashSet<>();
        Set<SqlValue> distinct = new HashSet<>();
        for (int i = 0; i < exprs.size(); i++) {
            if (!texts.add(lexed.text(i))) {
                return null; // two literals alike: a data node's text could not tell them apart
            }
            values[i] = ShapeLiteral.valueOf(lexed, i);
            if (values[i] == null) {
                continue; // fixed
            }
            SQLExpr expr = exprs.get(i);
            if (!sameKind(lexed.kind(i), expr) || !values[i].equals(Literals.untracedValueOf(expr))
                    || !distinct.add(values[i])) {
                return null; // matched to another literal, or two values a placement could not tell apart
            }
            bindable[i] = isComparedOrSetValue(expr);
        }
        return new Snapshot(lexed, values, bindable);
    }

    /** The variant the snapshot's statement planned as {@code plan}, or {@code null}. */
    static Variant learn(Snapshot snapshot, PlanNode plan, PlacementTrace trace) {
        if (trace.placedRows()) {
            return null;
        }
        SqlShape.Lexed lexed = snapshot.lexed;
        Map<SqlValue, Integer> bindableByValue = new HashMap<>();
        for (int i = 0; i < lexed.count(); i++) {
            if (snapshot.bindable[i]) {
                bindableByValue.put(snapshot.values[i], i);
            }
        }
        Set<SqlValue> placedValues = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Variant.Placement> placements = new ArrayList<>();
        for (PlacementTrace.Placed p : trace.placed()) {
            int[] literals = new int[p.values().size()];
            for (int v = 0; v < literals.length; v++) {
                literals[v] = bindableByValue.getOrDefault(p.values().get(v), -1);
                placedValues.add(p.values().get(v));
            }
            placements.add(new Variant.Placement(p, literals));
        }
        boolean[] bound = snapshot.bindable.clone();
        for (SqlValue read : trace.reads()) {
            Integer literal = bindableByValue.get(read);
            if (literal != null && !placedValues.contains(read)) {
                bound[literal] = false; // read for something other than a placement
            }
        }
        Map<String, Integer> boundTexts = new HashMap<>();
        List<Integer> fixed = new ArrayList<>();
        for (int i = 0; i < lexed.count(); i++) {
            if (bound[i]) {
                boundTexts.put(lexed.text(i), i);
            } else {
                fixed.add(i);
            }
        }
        if (boundTexts.isEmpty()) {
            return null; // every literal fixed: the text-keyed cache serves it as well
        }
        List<ShardStatement> shards = plan.route().shards();
        ShardText[] texts = new ShardText[shards.size()];
        for (int s = 0; s < texts.length; s++) {
            texts[s] = ShardText.of(shards.get(s), lexed, boundTexts);
            if (texts[s] == null) {
                return null;
            }
        }
        int[] fixedLiterals = fixed.stream().mapToInt(Integer::intValue).toArray();
        String[] fixedTexts = new String[fixedLiterals.length];
        for (int i = 0; i < fixedLiterals.length; i++) {
            fixedTexts[i] = lexed.text(fixedLiterals[i]);
        }
        return new Variant(fixedLiterals, fixedTexts, placements, texts, plan);
    }

    private static boolean sameKind(char kind, SQLExpr expr) {
        return switch (kind) {
            case SqlShape.INTEGER -> expr instanceof SQLIntegerExpr;
            case SqlShape.DECIMAL -> expr instanceof SQLNumberExpr;
            case SqlShape.STRING -> expr instanceof SQLCharExpr;
            default -> false;
        };
    }

    /**
     * A literal a WHERE clause compares a column with, or that an UPDATE sets a column to: the data nodes read it,
     * the router only through a placement.
     */
    private static boolean isComparedOrSetValue(SQLExpr literal) {
        SQLObject parent = literal.getParent();
        if (parent instanceof SQLUpdateSetItem item) {
            return item.getValue() == literal && item.getParent() instanceof SQLUpdateStatement;
        }
        boolean compared = parent instanceof SQLBinaryOpExpr op && isComparison(op.getOperator())
                && isColumn(op.getLeft() == literal ? op.getRight() : op.getLeft())
                || parent instanceof SQLBetweenExpr between && between.getTestExpr() != literal
                && isColumn(between.getTestExpr())
                || parent instanceof SQLInListExpr in && in.getExpr() != literal && isColumn(in.getExpr());
        return compared && inWhere((SQLExpr) parent);
    }

    /** Whether {@code condition} is a WHERE clause or a term of one joined by AND and OR. */
    private static boolean inWhere(SQLExpr condition) {
        SQLObject child = condition;
        SQLObject parent = condition.getParent();
        while (parent instanceof SQLBinaryOpExpr op && (op.getOperator() == SQLBinaryOperator.BooleanAnd
                || op.getOperator() == SQLBinaryOperator.BooleanOr)) {
            child = parent;
            parent = parent.getParent();
        }
        return parent instanceof SQLSelectQueryBlock block && block.getWhere() == child
                || parent instanceof SQLUpdateStatement update && update.getWhere() == child
                || parent instanceof SQLDeleteStatement delete && delete.getWhere() == child;
    }

    private static boolean isComparison(SQLBinaryOperator op) {
        return switch (op) {
            case Equality, NotEqual, LessThanOrGreater, GreaterThan, GreaterThanOrEqual, LessThan, LessThanOrEqual,
                    LessThanOrEqualOrGreaterThan, Like, NotLike -> true;
            default -> false;
        };
    }

    private static boolean isColumn(SQLExpr expr) {
        return expr instanceof SQLIdentifierExpr || expr instanceof SQLPropertyExpr;
    }
}
