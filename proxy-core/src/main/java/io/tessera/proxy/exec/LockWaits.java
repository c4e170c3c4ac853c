package io.tessera.proxy.exec;

import io.tessera.backend.BackendConnection;
import io.tessera.backend.QueryResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The InnoDB transactions of one MySQL or MariaDB server, by the thread that runs each: which thread waits for a row
 * lock held by which, and how many rows each transaction has changed. MariaDB and MySQL 5.7 list the waits in
 * {@code information_schema.INNODB_LOCK_WAITS}, MySQL 8 in {@code performance_schema.data_lock_waits}; both list the
 * transactions in {@code information_schema.INNODB_TRX}. Reading them needs the PROCESS privilege.
 *
 * @param waits each waiting thread's blockers (a thread may wait for several, all holding the same row)
 * @param rowsChanged each transaction's {@code trx_rows_modified}, by thread
 */
record LockWaits(Map<Long, List<Long>> waits, Map<Long, Long> rowsChanged) {

    private static final String INNODB_LOCK_WAITS = "SELECT t.trx_mysql_thread_id, t.trx_rows_modified,"
            + " b.trx_mysql_thread_id FROM information_schema.INNODB_TRX t"
            + " LEFT JOIN information_schema.INNODB_LOCK_WAITS w ON w.requesting_trx_id = t.trx_id"
            + " LEFT JOIN information_schema.INNODB_TRX b ON b.trx_id = w.blocking_trx_id";

    private static final String DATA_LOCK_WAITS = "SELECT t.trx_mysql_thread_id, t.trx_rows_modified,"
            + " b.trx_mysql_thread_id FROM information_schema.INNODB_TRX t"
            + " LEFT JOIN performance_schema.data_lock_waits w ON w.REQUESTING_ENGINE_TRANSACTION_ID = t.trx_id"
            + " LEFT JOIN information_schema.INNODB_TRX b ON b.trx_id = w.BLOCKING_ENGINE_TRANSACTION_ID";

    /** Reads them over {@code connection}, a connection to the server that runs no transaction of its own. */
    static CompletableFuture<LockWaits> read(BackendConnection connection) {
        return connection.query(statementFor(connection.serverVersion())).thenApply(LockWaits::of);
    }

    /** The statement for a server of {@code version}: MySQL 8 and later moved the lock waits. */
    static String statementFor(String version) {
        if (version.contains("MariaDB")) {
            return INNODB_LOCK_WAITS;
        }
        int dot = version.indexOf('.');
        boolean mysql8 = dot > 0 && version.substring(0, dot).chars().allMatch(Character::isDigit)
                && Integer.parseInt(version.substring(0, dot)) >= 8;
        return mysql8 ? DATA_LOCK_WAITS : INNODB_LOCK_WAITS;
    }

    /** From the rows of {@link #statementFor}'s statement: thread, rows modified, blocking thread (or NULL). */
    static LockWaits of(QueryResult result) {
        Map<Long, List<Long>> waits = new HashMap<>();
        Map<Long, Long> rows = new HashMap<>();
        for (List<String> row : result.rows()) {
            if (row.get(0) == null) {
                continue; // a transaction no thread runs: a prepared XA branch whose connection has gone
            }
            long thread = Long.parseLong(row.get(0));
            rows.put(thread, Long.parseLong(row.get(1)));
            if (row.get(2) != null) {
                waits.computeIfAbsent(thread, t -> new ArrayList<>()).add(Long.parseLong(row.get(2)));
            }
        }
        return new LockWaits(waits, rows);
    }
}
