package io.tessera.bench;

import java.sql.PreparedStatement;

/**
 * MyCat's select test, and sysbench's oltp_point_select: {@code SELECT * FROM T WHERE id = ?} for a random id among
 * the {@code rows} that {@code --prepare} loads. Through Tessera it reaches one data node, whose rows pass through.
 */
final class Select extends LoadedTravelrecord {

    private final String sql;

    Select(String table, IdSpace ids, long rows) {
        super(table, ids, rows);
        this.sql = "SELECT * FROM " + table + " WHERE id = ?";
    }

    @Override
    public Operation operation(int thread, int threads) {
        return (connection, random) -> {
            try (PreparedStatement select = connection.prepareStatement(sql)) {
                select.setLong(1, randomId(random));
                Rows.drain(select.executeQuery());
            }
            return true;
        };
    }
}
