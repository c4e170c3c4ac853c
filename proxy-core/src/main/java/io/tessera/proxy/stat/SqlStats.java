package io.tessera.proxy.stat;

import io.tessera.admin.SqlStatsView;
import io.tessera.proxy.session.StatementWatch;
import io.tessera.router.parse.SqlShape;
import io.tessera.router.parse.StatementType;
import io.tessera.router.parse.TableReference;
import io.tessera.router.plan.ShardStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Predicate;

/**
 * Records MyCat's SQL statistics for the statements the data nodes run: per user the last statements, the slowest
 * ones, the largest SELECTs, the statements by text (how often, how long, how big their answers), reads, writes and
 * bytes; per logical table reads, writes and the tables named with it. Lives as long as the
 * server (a reload keeps what was recorded).
 *
 * <p>Off, it costs the pipeline one volatile read per statement ({@link #recording()}). On, a statement costs three
 * small objects, a few striped counter updates ({@link java.util.concurrent.atomic.LongAdder}) and a short lock on
 * its text's counts ({@link Frequencies}); a slow or large statement, or one naming several tables, takes another
 * lock, held for a few field updates. Nothing logs, nothing waits for I/O. Memory is
 * bounded: per user {@value UserStats#RECENT} recent, {@code sqlRecordCount} slow and {@value UserStats#LARGEST}
 * large statements and {@value Frequencies#MAX_TEXTS} texts each for {@code show @@sql.high} and
 * {@code show @@sql.resultset}; at most {@value #MAX_TABLES} tables with at most {@value TableStats#MAX_RELATED}
 * related tables each; users are those of server.xml, who alone can log in.
 */
public final class SqlStats implements SqlStatsView {

    /** Tables tracked at most: a table first seen beyond this is not counted (MyCat has no bound). */
    static final int MAX_TABLES = 1024;


    private final int slowPerUser;
    private final long bigResultBytes;
    private final TimeZone zone = TimeZone.getDefault(); // MyCat's TIME_COUNT hours are the server's
    private final ConcurrentMap<String, UserStats> users = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, TableStats> tables = new ConcurrentHashMap<>();
    private volatile boolean recording;
    private volatile long slowMillis = 100; // MyCat's UserStat.SQL_SLOW_TIME

    /**
     * @param recording   server.xml {@code useSqlStat}
     * @param slowPerUser server.xml {@code sqlRecordCount}: slow statements kept per user
     * @param bigResultBytes server.xml {@code maxResultSet}: an answer of at least this many bytes is big
     */
    public SqlStats(boolean recording, int slowPerUser, long bigResultBytes) {
        if (slowPerUser < 1) {
            throw new IllegalArgumentException("slowPerUser: " + slowPerUser + " (expected: >= 1)");
        }
        if (bigResultBytes < 1) {
            throw new IllegalArgumentException("bigResultBytes: " + bigResultBytes + " (expected: >= 1)");
        }
        this.recording = recording;
        this.slowPerUser = slowPerUser;
        this.bigResultBytes = bigResultBytes;
    }

    /**
     * A statement starts on its data nodes; the returned watch records it when it ends well. Call only when
     * {@link #recording()}.
     *
     * @param bytesIn the bytes of the client's command
     * @param bytesSent the bytes written to the client on its connection before this statement's answer
     */
    public StatementWatch started(String user, String ip, String schema, StatementRun statement, long bytesIn,
            long bytesSent) {
        UserStats stats = users.computeIfAbsent(user,
                name -> new UserStats(name, slowPerUser, bigResultBytes, zone));
        stats.started();
        return new Running(stats, ip, schema, statement, bytesIn, bytesSent, System.currentTimeMillis(),
                System.nanoTime());
    }

    @Override
    public boolean recording() {
        return recording;
    }

    @Override
    public void recording(boolean on) {
        recording = on;
    }

    @Override
    public long slowMillis() {
        return slowMillis;
    }

    @Override
    public void slowMillis(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("millis: " + millis + " (expected: >= 0)");
        }
        slowMillis = millis;
        users.values().forEach(UserStats::clearSlow);
    }

    @Override
    public List<Executed> recent(boolean clear) {
        List<Executed> all = new ArrayList<>();
        users.values().forEach(u -> all.addAll(u.recent(clear)));
        return all;
    }

    @Override
    public List<Slow> slow(boolean clear) {
        List<Slow> all = new ArrayList<>();
        users.values().forEach(u -> all.addAll(u.slow(clear)));
        return all;
    }

    @Override
    public int clearSlow(Predicate<Slow> which) {
        int forgotten = 0;
        for (UserStats user : users.values()) {
            forgotten += user.clearSlow(which);
        }
        return forgotten;
    }

    @Override
    public List<UserSum> users(boolean clear) {
        List<UserSum> all = new ArrayList<>();
        users.values().forEach(u -> all.add(u.sum(clear)));
        return all;
    }

    @Override
    public List<TableSum> tables(boolean clear) {
        List<TableSum> all = new ArrayList<>();
        tables.values().forEach(t -> all.add(t.sum(clear)));
        return all;
    }

    @Override
    public List<Frequent> frequent(boolean clear) {
        List<Frequent> all = new ArrayList<>();
        users.values().forEach(u -> all.addAll(u.frequent(clear)));
        return all;
    }

    @Override
    public List<Large> large(boolean clear) {
        List<Large> all = new ArrayList<>();
        users.values().forEach(u -> all.addAll(u.large(clear)));
        return all;
    }

    @Override
    public List<BigResult> bigResults(boolean clear) {
        List<BigResult> all = new ArrayList<>();
        users.values().forEach(u -> all.addAll(u.bigResults(clear)));
        return all;
    }

    @Override
    public long bigResultBytes() {
        return bigResultBytes;
    }

    /** Counts the statement once for each distinct table it names. */
    private void countTables(List<TableReference> named, StatementType type, long endMillis) {
        if (named.isEmpty()) {
            return;
        }
        if (named.size() == 1) { // the common case: no list, no related tables
            TableStats stats = table(named.get(0).table().toLowerCase(Locale.ROOT));
            if (stats != null) {
                stats.add(type, List.of(), endMillis);
            }
            return;
        }
        List<String> names = new ArrayList<>(named.size());
        for (TableReference table : named) {
            String name = table.table().toLowerCase(Locale.ROOT);
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        for (String name : names) {
            TableStats stats = table(name);
            if (stats != null) {
                stats.add(type, names, endMillis);
            }
        }
    }

    /** The table's statistics, or null when it is new and {@value #MAX_TABLES} tables are counted already. */
    private TableStats table(String name) {
        TableStats stats = tables.get(name);
        if (stats == null && tables.size() < MAX_TABLES) {
            stats = tables.computeIfAbsent(name, TableStats::new);
        }
        return stats;
    }

    /** One statement running: what it needs to be recorded when it ends. */
    private final class Running implements StatementWatch {

        private final UserStats user;
        private final String ip;
        private final String schema;
        private final StatementRun statement;
        private final long bytesIn;
        private final long bytesSentBefore;
        private final long startMillis;
        private final long startNanos;

        Running(UserStats user, String ip, String schema, StatementRun statement, long bytesIn,
                long bytesSentBefore, long startMillis, long startNanos) {
            this.user = user;
            this.ip = ip;
            this.schema = schema;
            this.statement = statement;
            this.bytesIn = bytesIn;
            this.bytesSentBefore = bytesSentBefore;
            this.startMillis = startMillis;
            this.startNanos = startNanos;
        }

        @Override
        public void succeeded(long bytesSent, long rows) {
            long executeMillis = (System.nanoTime() - startNanos) / 1_000_000;
            long endMillis = startMillis + executeMillis;
            String sql = statement.sql();
            StatementType type = statement.type();
            Slow slow = null;
            long threshold = slowMillis;
            if (executeMillis >= threshold) {
                slow = new Slow(user.name(), dataNodes(), startMillis, executeMillis, sql, ip, schema);
            }
            Large large = null;
            if (type == StatementType.SELECT && rows > LARGE_ROWS) {
                large = new Large(user.name(), rows, startMillis, executeMillis, sql, ip);
            }
            String shape = statement.shape() != null ? statement.shape() : SqlShape.of(sql);
            user.ended(new Ended(type, new Executed(user.name(), startMillis, executeMillis, sql, ip), shape, slow,
                    large, bytesIn, bytesSent - bytesSentBefore, endMillis));
            countTables(statement.tables(), type, endMillis);
        }

        @Override
        public void abandoned() {
            user.abandoned();
        }

        private String dataNodes() {
            StringBuilder nodes = new StringBuilder();
            for (ShardStatement shard : statement.shards()) {
                if (nodes.length() > 0) {
                    nodes.append(',');
                }
                nodes.append(shard.dataNode());
            }
            return nodes.toString();
        }
    }
}
