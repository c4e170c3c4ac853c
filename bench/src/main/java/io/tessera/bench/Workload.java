package io.tessera.bench;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * What a run repeats. Each bench thread gets its own {@link Operation}; the run borrows a pooled connection for
 * every statement, as an application does, and hands it to the operation.
 */
interface Workload {

    /** The table DDL that {@code --prepare} runs on every target (after dropping the table). */
    List<String> createTable();

    /** The rows {@code --prepare} loads after creating the table: none unless the workload reads them. */
    default LoadPlan load() {
        return LoadPlan.NONE;
    }

    /** Statements run on every target before each run: the inserts empty their table so ids never collide. */
    default List<String> beforeEachRun() {
        return List.of();
    }

    /** Thread {@code thread} of {@code threads}' operation. */
    Operation operation(int thread, int threads);

    /** One thread's statements. */
    interface Operation {

        /** Runs one statement on {@code connection}; false (running nothing) once the thread's work is used up. */
        boolean runOnce(Connection connection, RandomGenerator random) throws SQLException;
    }

    /** The travelrecord rows {@code --prepare} writes: one per id of the first {@code rows} of the id space. */
    record LoadPlan(String insertSql, IdSpace ids, long rows) {

        static final LoadPlan NONE = new LoadPlan("", null, 0);
    }
}
