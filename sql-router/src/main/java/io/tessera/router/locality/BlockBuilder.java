package io.tessera.router.locality;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLName;
import com.alibaba.druid.sql.ast.SQLObject;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOpExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOperator;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLInSubQueryExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLDeleteStatement;
import com.alibaba.druid.sql.ast.statement.SQLExprTableSource;
import com.alibaba.druid.sql.ast.statement.SQLJoinTableSource;
import com.alibaba.druid.sql.ast.statement.SQLSelect;
import com.alibaba.druid.sql.ast.statement.SQLSelectQuery;
import com.alibaba.druid.sql.ast.statement.SQLSelectQueryBlock;
import com.alibaba.druid.sql.ast.statement.SQLSubqueryTableSource;
import com.alibaba.druid.sql.ast.statement.SQLTableSource;
import com.alibaba.druid.sql.ast.statement.SQLUnionOperator;
import com.alibaba.druid.sql.ast.statement.SQLUnionQuery;
import com.alibaba.druid.sql.ast.statement.SQLUnionQueryTableSource;
import com.alibaba.druid.sql.ast.statement.SQLUpdateStatement;
import com.alibaba.druid.sql.ast.statement.SQLValuesTableSource;
import com.alibaba.druid.sql.ast.statement.SQLWithSubqueryClause;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlDeleteStatement;
import com.alibaba.druid.sql.dialect.mysql.visitor.MySqlASTVisitorAdapter;
import io.tessera.router.error.RouteException;
import io.tessera.router.parse.TableReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Builds the {@link Unit}s of a statement from Druid's tree: each query block with its sources (tables resolved,
 * derived tables and CTE references with their own units), its outer joins, the column equalities of its WHERE and
 * ON clauses, and the subqueries of its expressions, each a unit of its own.
 */
final class BlockBuilder {

    /** The common table expressions in scope, innermost first. */
    private record Ctes(String name, Unit unit, boolean recursive, List<String> columns, Ctes next) {

        static final Ctes NONE = new Ctes(null, null, false, List.of(), null);

        Ctes with(String cteName, Unit body, boolean isRecursive, List<String> columnNames) {
            return new Ctes(cteName, body, isRecursive, columnNames, this);
        }

        Ctes find(String cteName) {
            for (Ctes c = this; c.name != null; c = c.next) {
                if (c.name.equals(cteName)) {
                    return c;
                }
            }
            return null;
        }
    }

    /** A join whose ON or USING is read once every source of the block is known. */
    private record PendingJoin(SQLJoinTableSource join, List<Source> left, List<Source> right,
            List<Source> nullSupplying) {
    }

    private final Function<TableReference, ResolvedTable> resolver;

    /** @param resolver a table's resolution; {@code null} for tables of MySQL's own databases, which are skipped */
    BlockBuilder(Function<TableReference, ResolvedTable> resolver) {
        this.resolver = resolver;
    }

    Unit select(SQLSelect select) {
        return select(select, null, Ctes.NONE);
    }

    Block update(SQLUpdateStatement update) {
        Ctes ctes = with(update.getWith(), null, Ctes.NONE);
        Block block = new Block(null, null);
        List<PendingJoin> joins = new ArrayList<>();
        from(update.getTableSource(), block, ctes, joins);
        block.where(update.getWhere());
        List<SQLObject> expressions = new ArrayList<>(update.getItems());
        addIfPresent(expressions, update.getWhere());
        addIfPresent(expressions, update.getOrderBy());
        finish(block, ctes, joins, expressions);
        return block;
    }

    Block delete(SQLDeleteStatement delete) {
        Ctes ctes = with(delete.getWith(), null, Ctes.NONE);
        Block block = new Block(null, null);
        SQLTableSource tables = delete.getFrom() != null ? delete.getFrom()
                : delete.getUsing() != null ? delete.getUsing() : delete.getTableSource();
        List<PendingJoin> joins = new ArrayList<>();
        from(tables, block, ctes, joins);
        block.where(delete.getWhere());
        List<SQLObject> expressions = new ArrayList<>();
        addIfPresent(expressions, delete.getWhere());
        if (delete instanceof MySqlDeleteStatement mysql) {
            addIfPresent(expressions, mysql.getOrderBy());
        }
        finish(block, ctes, joins, expressions);
        return block;
    }

    /** A block without tables holding the subqueries of {@code expressions} (an INSERT's VALUES, say). */
    Block expressions(List<? extends SQLObject> expressions) {
        Block block = new Block(null, null);
        finish(block, Ctes.NONE, List.of(), new ArrayList<>(expressions));
        return block;
    }

    private Unit select(SQLSelect select, Block outer, Ctes ctes) {
        Ctes scope = with(select.getWithSubQuery(), outer, ctes);
        return query(select.getQuery(), outer, scope);
    }

    private Ctes with(SQLWithSubqueryClause with, Block outer, Ctes ctes) {
        if (with == null) {
            return ctes;
        }
        boolean recursive = Boolean.TRUE.equals(with.getRecursive());
        Ctes scope = ctes;
        for (SQLWithSubqueryClause.Entry entry : with.getEntries()) {
            String name = lower(entry.getAlias());
            List<String> columns = names(entry.getColumns());
            // a recursive CTE reads its own rows: inside its body it stands for a table-less block
            Ctes inner = recursive ? scope.with(name, new Block(outer, null), true, columns) : scope;
            scope = scope.with(name, select(entry.getSubQuery(), outer, inner), recursive, columns);
        }
        return scope;
    }

    private Unit query(SQLSelectQuery query, Block outer, Ctes ctes) {
        if (query instanceof SQLUnionQuery union) {
            return union(union, outer, ctes);
        }
        if (query instanceof SQLSelectQueryBlock block) {
            return block(block, outer, ctes);
        }
        return new Block(outer, null); // VALUES rows: no table
    }

    private UnionUnit union(SQLUnionQuery union, Block outer, Ctes ctes) {
        List<SQLSelectQuery> queries = new ArrayList<>();
        List<SQLUnionOperator> operators = new ArrayList<>();
        flatten(union, queries, operators);
        List<Unit> branches = new ArrayList<>(queries.size());
        for (SQLSelectQuery query : queries) {
            branches.add(query(query, outer, ctes));
        }
        boolean unionsOnly = operators.stream().allMatch(op -> isDistinctUnion(op) || op == SQLUnionOperator.UNION_ALL);
        boolean distinct = isDistinctUnion(operators.get(operators.size() - 1));
        boolean mixed = !distinct && operators.stream().anyMatch(BlockBuilder::isDistinctUnion);
        return new UnionUnit(union, branches, queries, distinct, unionsOnly, mixed);
    }

    /** The branches of one union level and the operators between them, left to right. */
    private static void flatten(SQLUnionQuery union, List<SQLSelectQuery> queries, List<SQLUnionOperator> operators) {
        List<SQLSelectQuery> relations = union.getRelations();
        for (int i = 0; i < relations.size(); i++) {
            if (i > 0) {
                operators.add(union.getOperator());
            }
            SQLSelectQuery relation = relations.get(i);
            if (relation instanceof SQLUnionQuery nested && !nested.isParenthesized() && nested.getOrderBy() == null
                    && nested.getLimit() == null) {
                flatten(nested, queries, operators);
            } else {
                queries.add(relation);
            }
        }
    }

    private static boolean isDistinctUnion(SQLUnionOperator operator) {
        return operator == SQLUnionOperator.UNION || operator == SQLUnionOperator.DISTINCT;
    }

    private Block block(SQLSelectQueryBlock query, Block outer, Ctes ctes) {
        Block block = new Block(outer, query);
        List<PendingJoin> joins = new ArrayList<>();
        from(query.getFrom(), block, ctes, joins);
        block.where(query.getWhere());
        List<SQLObject> expressions = new ArrayList<>(query.getSelectList());
        addIfPresent(expressions, query.getWhere());
        addIfPresent(expressions, query.getGroupBy());
        addIfPresent(expressions, query.getOrderBy());
        finish(block, ctes, joins, expressions);
        return block;
    }

    /** Links from the joins and the WHERE clause, then the subqueries of the block's expressions and ON clauses. */
    private void finish(Block block, Ctes ctes, List<PendingJoin> joins, List<SQLObject> expressions) {
        for (PendingJoin join : joins) {
            linkJoin(block, join);
            addIfPresent(expressions, join.join().getCondition());
        }
        addLinks(block, block.where(), null);
        SubqueryFinder finder = new SubqueryFinder(block, ctes, conjuncts(block.where(), new ArrayList<>()));
        for (SQLObject expression : expressions) {
            expression.accept(finder);
        }
    }

    private List<Source> from(SQLTableSource tableSource, Block block, Ctes ctes, List<PendingJoin> joins) {
        if (tableSource == null) {
            return List.of();
        }
        if (tableSource instanceof SQLJoinTableSource join) {
            List<Source> left = from(join.getLeft(), block, ctes, joins);
            List<Source> right = from(join.getRight(), block, ctes, joins);
            List<Source> nullSupplying = switch (join.getJoinType()) {
                case LEFT_OUTER_JOIN, NATURAL_LEFT_JOIN -> right;
                case RIGHT_OUTER_JOIN, NATURAL_RIGHT_JOIN -> left;
                case FULL_OUTER_JOIN -> throw RouteException.notSupported("FULL OUTER JOIN is not supported");
                default -> null;
            };
            if (nullSupplying != null) {
                block.addOuterJoin(new OuterJoin(nullSupplying == right ? left : right, nullSupplying));
            }
            joins.add(new PendingJoin(join, left, right, nullSupplying));
            List<Source> both = new ArrayList<>(left);
            both.addAll(right);
            return both;
        }
        Source source = source(tableSource, block, ctes);
        if (source == null) {
            return List.of();
        }
        block.addSource(source);
        return List.of(source);
    }

    private Source source(SQLTableSource tableSource, Block block, Ctes ctes) {
        String alias = tableSource.getAlias() == null ? null : SQLUtils.normalize(tableSource.getAlias());
        if (tableSource instanceof SQLExprTableSource table) {
            ResolvedTable resolved;
            if (table.getExpr() instanceof SQLIdentifierExpr id) {
                String name = SQLUtils.normalize(id.getName());
                Ctes cte = ctes.find(name.toLowerCase(Locale.ROOT));
                if (cte != null) {
                    return new DerivedTable(lower(alias != null ? alias : name), cte.unit(), block, cte.recursive(),
                            cte.columns());
                }
                if (name.equalsIgnoreCase("dual")) {
                    return null;
                }
                resolved = resolver.apply(new TableReference(null, name, alias));
            } else if (table.getExpr() instanceof SQLPropertyExpr property
                    && property.getOwner() instanceof SQLIdentifierExpr owner) {
                resolved = resolver.apply(new TableReference(SQLUtils.normalize(owner.getName()),
                        SQLUtils.normalize(property.getName()), alias));
            } else {
                throw RouteException.notSupported("table source " + SQLUtils.toMySqlString(table)
                        + " is not supported");
            }
            return resolved == null ? null : new TableOccurrence(resolved, block);
        }
        // a derived table sees the sources of the blocks around its block, not those of its own block
        if (tableSource instanceof SQLSubqueryTableSource subquery) {
            return new DerivedTable(lower(alias), select(subquery.getSelect(), block.outer(), ctes), block, false,
                    names(subquery.getColumns()));
        }
        if (tableSource instanceof SQLUnionQueryTableSource union) {
            return new DerivedTable(lower(alias), union(union.getUnion(), block.outer(), ctes), block, false,
                    names(union.getColumns()));
        }
        if (tableSource instanceof SQLValuesTableSource) {
            return new DerivedTable(lower(alias), new Block(block.outer(), null), block, false, List.of());
        }
        throw RouteException.notSupported("table source " + SQLUtils.toMySqlString(tableSource) + " is not supported");
    }

    /** The equalities of a join's ON (or its USING columns) that hold for the rows it yields. */
    private static void linkJoin(Block block, PendingJoin join) {
        addLinks(block, join.join().getCondition(), join.nullSupplying());
        if (join.left().size() == 1 && join.right().size() == 1) {
            for (SQLExpr column : join.join().getUsing()) {
                if (column instanceof SQLIdentifierExpr id) {
                    String name = SQLUtils.normalize(id.getName());
                    block.addLink(new Link(new ColumnRef(join.left().get(0), name),
                            new ColumnRef(join.right().get(0), name)));
                }
            }
        }
    }

    /**
     * The {@code a.x = b.y} of a condition's AND chain. In an outer join's ON ({@code nullSupplying} not null) an
     * equality holds only for the rows of the NULL-supplying side: one that names none of its sources filters nothing.
     */
    private static void addLinks(Block block, SQLExpr condition, List<Source> nullSupplying) {
        if (!(condition instanceof SQLBinaryOpExpr binary)) {
            return;
        }
        if (binary.getOperator() == SQLBinaryOperator.BooleanAnd) {
            addLinks(block, binary.getLeft(), nullSupplying);
            addLinks(block, binary.getRight(), nullSupplying);
        } else if (binary.getOperator() == SQLBinaryOperator.Equality) {
            ColumnRef left = block.resolve(binary.getLeft());
            ColumnRef right = block.resolve(binary.getRight());
            if (left != null && right != null && left.source() != right.source() && (nullSupplying == null
                    || nullSupplying.contains(left.source()) || nullSupplying.contains(right.source()))) {
                block.addLink(new Link(left, right));
            }
        }
    }

    /** The terms of a condition's AND chain. */
    private static List<SQLExpr> conjuncts(SQLExpr condition, List<SQLExpr> out) {
        if (condition instanceof SQLBinaryOpExpr binary && binary.getOperator() == SQLBinaryOperator.BooleanAnd) {
            conjuncts(binary.getLeft(), out);
            conjuncts(binary.getRight(), out);
        } else if (condition != null) {
            out.add(condition);
        }
        return out;
    }

    private static void addIfPresent(List<SQLObject> expressions, SQLObject expression) {
        if (expression != null) {
            expressions.add(expression);
        }
    }

    private static List<String> names(List<? extends SQLName> names) {
        List<String> out = new ArrayList<>(names.size());
        for (SQLName name : names) {
            out.add(SQLUtils.normalize(name.getSimpleName()));
        }
        return out;
    }

    private static String lower(String name) {
        return name == null ? null : SQLUtils.normalize(name).toLowerCase(Locale.ROOT);
    }

    /** Makes a unit of every query nested in the expressions it visits; never enters one itself. */
    private final class SubqueryFinder extends MySqlASTVisitorAdapter {

        private final Block block;
        private final Ctes ctes;
        private final List<SQLExpr> whereTerms;

        SubqueryFinder(Block block, Ctes ctes, List<SQLExpr> whereTerms) {
            this.block = block;
            this.ctes = ctes;
            this.whereTerms = whereTerms;
        }

        @Override
        public boolean visit(SQLInSubQueryExpr in) {
            in.getExpr().accept(this);
            boolean filtering = !in.isNot() && whereTerms.stream().anyMatch(term -> term == in);
            block.addSubquery(new Subquery(select(in.getSubQuery(), block, ctes), block.resolve(in.getExpr()),
                    filtering));
            return false;
        }

        @Override
        public boolean visit(SQLSelect select) {
            block.addSubquery(new Subquery(select(select, block, ctes), null, false));
            return false;
        }
    }
}
