package io.tessera.bench;

import java.sql.Date;
import java.sql.PreparedStatement;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * MyCat's global-table insert test: {@code INSERT INTO goods}, a table every data node holds whole, so each insert
 * is written on all of them. Ids are consecutive, shared by all threads and counted on across runs; the table is
 * emptied before each run.
 */
final class GlobalInsert implements Workload {

    private final String table;
    private final String sql;
    private final AtomicLong lastId = new AtomicLong();

    GlobalInsert(String table) {
        this.table = table;
        this.sql = "INSERT INTO " + table
                + " (id, name, good_type, good_img_url, good_created, good_desc, price) VALUES (?, ?, ?, ?, ?, ?, ?)";
    }

    @Override
    public List<String> createTable() {
        return List.of("CREATE TABLE " + table + " (id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(200),"
                + " good_type TINYINT, good_img_url VARCHAR(200), good_created DATE, good_desc VARCHAR(500),"
                + " price DOUBLE)");
    }

    @Override
    public List<String> beforeEachRun() {
        return List.of("TRUNCATE TABLE " + table);
    }

    @Override
    public Operation operation(int thread, int threads) {
        return (connection, random) -> {
            long id = lastId.incrementAndGet();
            try (PreparedStatement insert = connection.prepareStatement(sql)) {
                insert.setLong(1, id);
                insert.setString(2, "goods" + id);
                insert.setInt(3, random.nextInt(10));
                insert.setString(4, "http://img.example/" + id + ".jpg");
                insert.setDate(5, Date.valueOf(LocalDate.of(2015, 1, 1).plusDays(random.nextInt(365))));
                insert.setString(6, "goods number " + id);
                insert.setDouble(7, random.nextInt(100_000) / 100.0);
                insert.executeUpdate();
            }
            return true;
        };
    }
}
