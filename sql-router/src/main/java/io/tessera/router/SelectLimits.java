package io.tessera.router;

import com.alibaba.druid.sql.ast.SQLCommentHint;
import com.alibaba.druid.sql.ast.statement.SQLSelectStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlSelectQueryBlock;
import io.tessera.router.locality.ResolvedTable;
import java.util.List;
import java.util.Locale;

/** The LIMIT a SELECT over several data nodes gets when it has none: MyCat's {@code sqlMaxLimit}, or the session's. */
final class SelectLimits {

    private SelectLimits() {
    }

    /**
     * The rows {@code select} over {@code tables} may return at most: the session's {@code sql_select_limit}
     * ({@code selectLimit}) for a SELECT that asks for every row, else the smaller of it and the schema's
     * {@code sqlMaxLimit}; -1 for no limit.
     */
    static long of(SQLSelectStatement select, List<ResolvedTable> tables, long selectLimit) {
        return asksForEveryRow(select) ? selectLimit : implicitLimit(tables, selectLimit);
    }


    /**
     * The LIMIT of a SELECT over several data nodes that has none: the smaller of the schema's {@code sqlMaxLimit}
     * and the session's {@code sql_select_limit}; -1 for none.
     */
    private static long implicitLimit(List<ResolvedTable> tables, long selectLimit) {
        long maxLimit = maxLimit(tables);
        return maxLimit < 0 || selectLimit >= 0 && selectLimit < maxLimit ? selectLimit : maxLimit;
    }

    /**
     * Whether a SELECT says {@code SQL_NO_CACHE}, as mysqldump's {@code SELECT /*!40001 SQL_NO_CACHE *}{@code / * FROM
     * t} does: a dump reads every row on purpose, and MyCat's {@code sqlMaxLimit} cut dumped tables short without a
     * word, so such a SELECT gets no {@code sqlMaxLimit}.
     */
    private static boolean asksForEveryRow(SQLSelectStatement select) {
        if (!(select.getSelect().getQuery() instanceof MySqlSelectQueryBlock block)) {
            return false;
        }
        if (Boolean.FALSE.equals(block.getCache())) {
            return true;
        }
        List<SQLCommentHint> hints = block.getHintsDirect();
        return hints != null && hints.stream()
                .anyMatch(hint -> hint.getText().toUpperCase(Locale.ROOT).contains("SQL_NO_CACHE"));
    }

    /**
     * MyCat's {@code sqlMaxLimit}: the LIMIT of a SELECT over several data nodes that has none, unless a table of it
     * has {@code needAddLimit="false"}; -1 for none.
     */
    private static long maxLimit(List<ResolvedTable> tables) {
        for (ResolvedTable t : tables) {
            if (t.table() != null && !t.table().needAddLimit()) {
                return -1;
            }
        }
        int sqlMaxLimit = tables.get(0).schema().sqlMaxLimit();
        return sqlMaxLimit > 0 ? sqlMaxLimit : -1;
    }
}
