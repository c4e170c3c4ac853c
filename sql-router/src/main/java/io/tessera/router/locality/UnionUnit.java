package io.tessera.router.locality;

import com.alibaba.druid.sql.ast.statement.SQLSelectQuery;
import com.alibaba.druid.sql.ast.statement.SQLUnionQuery;
import java.util.List;

/**
 * A UNION (or INTERSECT, EXCEPT) and its branches, left to right. Branches of one union level are flattened; a
 * parenthesized union inside stays one branch.
 *
 * @param branchQueries each branch as parsed, in the order of {@code branches}
 * @param distinct the rows are made distinct in the end: the last operator is a DISTINCT union, which in MySQL
 *     overrides every ALL union to its left
 * @param unionsOnly no INTERSECT or EXCEPT takes part
 * @param mixed a DISTINCT union stands left of an ALL one: some branches are made distinct, others not
 */
record UnionUnit(SQLUnionQuery query, List<Unit> branches, List<SQLSelectQuery> branchQueries, boolean distinct,
        boolean unionsOnly, boolean mixed) implements Unit {

    UnionUnit {
        branches = List.copyOf(branches);
        branchQueries = List.copyOf(branchQueries);
    }
}
