package io.tessera.router.locality;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLSelectQueryBlock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One query block: a SELECT's FROM, WHERE and the rest, or the tables and WHERE of an UPDATE or DELETE. Built once
 * by {@link BlockBuilder}; read-only afterwards.
 */
final class Block implements Unit {

    private final Block outer;
    private final SQLSelectQueryBlock query;
    private final List<Source> sources = new ArrayList<>();
    private final Set<Source> nullSupplying = new HashSet<>();
    private final List<OuterJoin> outerJoins = new ArrayList<>();
    private final List<Link> links = new ArrayList<>();
    private final List<Subquery> subqueries = new ArrayList<>();
    private SQLExpr where;

    /**
     * @param outer the block this one is nested in (a subquery's), whose sources its columns may name
     * @param query the SELECT block, or {@code null} for an UPDATE's or DELETE's tables
     */
    Block(Block outer, SQLSelectQueryBlock query) {
        this.outer = outer;
        this.query = query;
    }

    Block outer() {
        return outer;
    }

    SQLSelectQueryBlock query() {
        return query;
    }

    List<Source> sources() {
        return sources;
    }

    /** Sources on the NULL-supplying side of some outer join: their columns may be NULL in rows of any node. */
    boolean isNullSupplying(Source source) {
        return nullSupplying.contains(source);
    }

    List<OuterJoin> outerJoins() {
        return outerJoins;
    }

    List<Link> links() {
        return links;
    }

    List<Subquery> subqueries() {
        return subqueries;
    }

    SQLExpr where() {
        return where;
    }

    /** The source {@code qualifier} (lower-case) names here, or {@code null} when none or several do. */
    Source sourceNamed(String qualifier) {
        Source found = null;
        for (Source source : sources) {
            if (source.answersTo(qualifier)) {
                if (found != null) {
                    return null;
                }
                found = source;
            }
        }
        return found;
    }

    /**
     * The source and column {@code expr} names, looked up here and then in the enclosing blocks; {@code null} when
     * it is no column, or a bare name in a block of several sources (whose column it is, only the tables know).
     */
    ColumnRef resolve(SQLExpr expr) {
        if (expr instanceof SQLPropertyExpr property && property.getOwner() instanceof SQLIdentifierExpr owner) {
            String qualifier = SQLUtils.normalize(owner.getName()).toLowerCase(Locale.ROOT);
            for (Block block = this; block != null; block = block.outer) {
                Source source = block.sourceNamed(qualifier);
                if (source != null) {
                    return new ColumnRef(source, SQLUtils.normalize(property.getName()));
                }
            }
            return null;
        }
        if (expr instanceof SQLIdentifierExpr id && sources.size() == 1) {
            return new ColumnRef(sources.get(0), SQLUtils.normalize(id.getName()));
        }
        return null;
    }

    void addSource(Source source) {
        sources.add(source);
    }

    void addOuterJoin(OuterJoin join) {
        outerJoins.add(join);
        nullSupplying.addAll(join.nullSupplying());
    }

    void addLink(Link link) {
        links.add(link);
    }

    void addSubquery(Subquery subquery) {
        subqueries.add(subquery);
    }

    void where(SQLExpr condition) {
        this.where = condition;
    }
}
