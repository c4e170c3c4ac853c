package io.tessera.bench;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The workloads that read or change rows of a {@code travelrecord} table which {@code --prepare} creates and fills
 * with the first {@code rows} ids of {@code --ranges}; they pick a random one of those rows.
 */
abstract class LoadedTravelrecord implements Workload {

    private final String table;
    private final IdSpace ids;
    private final long rows;

    LoadedTravelrecord(String table, IdSpace ids, long rows) {
        this.table = table;
        this.ids = ids;
        this.rows = rows;
    }

    @Override
    public final List<String> createTable() {
        return Travelrecord.createTable(table);
    }

    @Override
    public final LoadPlan load() {
        return new LoadPlan(String.format(Travelrecord.INSERT, table), ids, rows);
    }

    /** The id of a random loaded row. */
    final long randomId(RandomGenerator random) {
        return ids.idAt(random.nextLong(rows));
    }
}
