package io.tessera.router.parse;

import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.statement.SQLSelectQueryBlock;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlSelectQueryBlock;
import com.alibaba.druid.sql.dialect.mysql.visitor.MySqlASTVisitorAdapter;

/**
 * Whether a SELECT locks the rows it reads: {@code FOR UPDATE}, {@code FOR SHARE} or {@code LOCK IN SHARE MODE} in
 * any of its query blocks. Such a read must run on the write host (MyCat's {@code canRunInReadDB} is false for it):
 * a replica's locks protect nothing on the primary.
 */
final class LockingReads {

    private LockingReads() {
    }

    static boolean locksRows(String sql, SQLStatement ast) {
        if (ast == null || !mentionsLock(sql)) {
            return false; // every locking clause has UPDATE or SHARE in it: most SELECTs end here
        }
        Finder finder = new Finder();
        ast.accept(finder);
        return finder.found;
    }

    private static boolean mentionsLock(String sql) {
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if ((c == 'u' || c == 'U') && sql.regionMatches(true, i, "update", 0, 6)
                    || (c == 's' || c == 'S') && sql.regionMatches(true, i, "share", 0, 5)) {
                return true;
            }
        }
        return false;
    }

    /** Visits every query block, those of subqueries and unions included. */
    private static final class Finder extends MySqlASTVisitorAdapter {

        private boolean found;

        @Override
        public boolean visit(MySqlSelectQueryBlock block) {
            found |= block.isForUpdate() || block.isForShare() || block.isLockInShareMode();
            return !found;
        }

        @Override
        public boolean visit(SQLSelectQueryBlock block) {
            found |= block.isForUpdate() || block.isForShare();
            return !found;
        }
    }
}
