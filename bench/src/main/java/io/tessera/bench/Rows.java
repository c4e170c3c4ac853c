package io.tessera.bench;

import java.sql.ResultSet;
import java.sql.SQLException;

/** Reading results as an application does. */
final class Rows {

    private Rows() {
    }

    /** Reads every row: a merged result is done only when its last row has arrived. */
    static void drain(ResultSet rows) throws SQLException {
        try (rows) {
            while (rows.next()) {
                // the rows themselves are not needed
            }
        }
    }
}
