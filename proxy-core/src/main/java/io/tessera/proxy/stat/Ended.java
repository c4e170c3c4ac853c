package io.tessera.proxy.stat;

import io.tessera.admin.SqlStatsView.Executed;
import io.tessera.admin.SqlStatsView.Large;
import io.tessera.admin.SqlStatsView.Slow;
import io.tessera.router.parse.StatementType;

/**
 * How one statement that ended well went, for its user's statistics.
 *
 * @param shape    its text with {@code ?} for each literal, which {@code show @@sql.high} groups by
 * @param slow     null unless it was slow
 * @param large    null unless it was a large SELECT
 * @param bytesIn  the bytes of the client's command
 * @param bytesOut the bytes of its answer
 * @param endMillis when it ended, epoch milliseconds
 */
record Ended(StatementType type, Executed executed, String shape, Slow slow, Large large, long bytesIn,
        long bytesOut, long endMillis) {
}
