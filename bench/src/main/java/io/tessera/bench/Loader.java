package io.tessera.bench;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.SplittableRandom;

/**
 * {@code --prepare}: drops and creates the workload's table on every URL of every target, then writes the rows the
 * workload reads, in batches that Connector/J sends as multi-row INSERTs (which Tessera splits by data node).
 */
final class Loader {

    private static final int BATCH = 1_000;

    private Loader() {
    }

    static void prepare(Workload workload, String table, List<Target> targets, PrintStream out) throws SQLException {
        List<String> create = workload.createTable();
        Workload.LoadPlan plan = workload.load();
        for (Target target : targets) {
            for (String url : target.urls()) {
                long started = System.nanoTime();
                try (Connection c = DriverManager.getConnection(StatementMode.TEXT.apply(url)
                        + "&rewriteBatchedStatements=true"); Statement s = c.createStatement()) {
                    s.execute("DROP TABLE IF EXISTS " + table);
                    for (String sql : create) {
                        s.execute(sql);
                    }
                    if (plan.rows() > 0) {
                        load(c, plan);
                    }
                }
                out.printf("prepared %s on %s: %d rows in %.1f s%n", table, target.name(), plan.rows(),
                        (System.nanoTime() - started) / 1e9);
            }
        }
    }

    private static void load(Connection c, Workload.LoadPlan plan) throws SQLException {
        SplittableRandom random = new SplittableRandom(42);
        try (PreparedStatement insert = c.prepareStatement(plan.insertSql())) {
            for (long i = 0; i < plan.rows(); i++) {
                long id = plan.ids().idAt(i);
                insert.setLong(1, id);
                Travelrecord.bindColumns(insert, 2, id, random);
                insert.addBatch();
                if ((i + 1) % BATCH == 0 || i + 1 == plan.rows()) {
                    insert.executeBatch();
                }
            }
        }
    }
}
