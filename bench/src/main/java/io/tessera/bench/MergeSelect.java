package io.tessera.bench;

import java.sql.PreparedStatement;

/**
 * MyCat's merge-select test: {@code SELECT sum(fee) total_fee, days, count(id), max(fee), min(fee) FROM travelrecord
 * GROUP BY days ORDER BY days DESC LIMIT ?}, which every data node answers and Tessera merges (re-aggregating the
 * groups, then ordering and limiting them). The limit is random in 1..{@value Travelrecord#MAX_DAYS}, the number of
 * groups.
 */
final class MergeSelect extends LoadedTravelrecord {

    private final String sql;

    MergeSelect(String table, IdSpace ids, long rows) {
        super(table, ids, rows);
        this.sql = "SELECT sum(fee) total_fee, days, count(id), max(fee), min(fee) FROM " + table
                + " GROUP BY days ORDER BY days DESC LIMIT ?";
    }

    @Override
    public Operation operation(int thread, int threads) {
        return (connection, random) -> {
            try (PreparedStatement select = connection.prepareStatement(sql)) {
                select.setInt(1, 1 + random.nextInt(Travelrecord.MAX_DAYS));
                Rows.drain(select.executeQuery());
            }
            return true;
        };
    }
}
