package io.tessera.bench;

import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * MyCat's test table {@code travelrecord (id, user_id, traveldate, fee, days)}, sharded by id in MyCat's sample
 * configuration (and in bench/conf/), and how the workloads fill its columns.
 */
final class Travelrecord {

    static final String INSERT = "INSERT INTO %s (id, user_id, traveldate, fee, days) VALUES (?, ?, ?, ?, ?)";
    static final int MAX_DAYS = 30;
    private static final LocalDate FIRST_DAY = LocalDate.of(2014, 1, 1);

    private Travelrecord() {
    }

    static List<String> createTable(String table) {
        return List.of("CREATE TABLE " + table + " (id BIGINT NOT NULL PRIMARY KEY, user_id VARCHAR(100),"
                + " traveldate DATE, fee DECIMAL(10, 2), days INT)");
    }

    /** Binds user_id, traveldate, fee and days from parameter {@code first} on. */
    static void bindColumns(PreparedStatement statement, int first, long id, RandomGenerator random)
            throws SQLException {
        statement.setString(first, "user" + id % 10_000);
        statement.setDate(first + 1, Date.valueOf(FIRST_DAY.plusDays(random.nextInt(730))));
        statement.setLong(first + 2, 1 + random.nextInt(10_000));
        statement.setInt(first + 3, 1 + random.nextInt(MAX_DAYS));
    }
}
