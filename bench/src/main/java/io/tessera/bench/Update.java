package io.tessera.bench;

import java.sql.PreparedStatement;

/** MyCat's update test: every column but the id of a random row among those {@code --prepare} loads. */
final class Update extends LoadedTravelrecord {

    private final String sql;

    Update(String table, IdSpace ids, long rows) {
        super(table, ids, rows);
        this.sql = "UPDATE " + table + " SET user_id = ?, traveldate = ?, fee = ?, days = ? WHERE id = ?";
    }

    @Override
    public Operation operation(int thread, int threads) {
        return (connection, random) -> {
            long id = randomId(random);
            try (PreparedStatement update = connection.prepareStatement(sql)) {
                Travelrecord.bindColumns(update, 1, id, random);
                update.setLong(5, id);
                update.executeUpdate();
            }
            return true;
        };
    }
}
