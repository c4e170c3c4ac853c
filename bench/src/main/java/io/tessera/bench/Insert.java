package io.tessera.bench;

import java.sql.PreparedStatement;
import java.util.List;

/**
 * MyCat's insert test: {@code INSERT INTO travelrecord} with consecutive ids, each thread in its own slice of
 * {@code --ranges} (one range per data node, so every node takes inserts). The table is emptied before each run.
 */
final class Insert implements Workload {

    private final String table;
    private final IdSpace ids;
    private final String sql;

    Insert(String table, IdSpace ids) {
        this.table = table;
        this.ids = ids;
        this.sql = String.format(Travelrecord.INSERT, table);
    }

    @Override
    public List<String> createTable() {
        return Travelrecord.createTable(table);
    }

    @Override
    public List<String> beforeEachRun() {
        return List.of("TRUNCATE TABLE " + table);
    }

    @Override
    public Operation operation(int thread, int threads) {
        IdSpace.Range slice = ids.slice(thread, threads);
        long[] next = {slice.first()};
        return (connection, random) -> {
            if (next[0] > slice.last()) {
                return false;
            }
            long id = next[0]++;
            try (PreparedStatement insert = connection.prepareStatement(sql)) {
                insert.setLong(1, id);
                Travelrecord.bindColumns(insert, 2, id, random);
                insert.executeUpdate();
            }
            return true;
        };
    }
}
