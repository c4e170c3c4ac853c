package io.tessera.backend.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.DefaultAttributeMap;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.BackendException;
import io.tessera.backend.pool.ConnectionPool;
import io.tessera.backend.pool.PoolStats;
import io.tessera.backend.pool.ServerSettings;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;

/**
 * One server of a {@code dbDriver="jdbc"} data host: its connections pooled by HikariCP, {@code minCon} as
 * {@code minimumIdle} and {@code maxCon} as {@code maximumPoolSize}. Every blocking JDBC call runs on the business
 * executor; borrowers never block: they take one of {@code maxCon} slots ({@link Permits}), waiting at most
 * {@code maxWait}, and get their connection on the business executor.
 *
 * <p>A MySQL connection's {@code CLIENT_FOUND_ROWS} is fixed at login, and MySQL drivers set it by default: for a
 * {@code jdbc:mysql:} or {@code jdbc:mariadb:} URL there are two HikariCP pools, one per setting
 * ({@code useAffectedRows}), sharing the {@code maxCon} slots; the second opens on first use. At most {@code maxCon}
 * connections are lent at once, but while clients of both kinds come, the idle connections of one pool add to those
 * of the other until they age out ({@code idleTimeout}), and {@code minCon} are kept idle in the first only. Such
 * URLs also get
 * {@code tinyInt1isBit=true} and {@code transformedBitIsBoolean=true}, so that the driver names a TINYINT(1) column
 * BOOLEAN, told apart from TINYINT and BIT(1) (otherwise it reports TINYINT(1)'s display width as 3).
 *
 * <p>Thread safety: everything may be called from any thread.
 */
public final class JdbcServerPool implements ConnectionPool {

    /** HikariCP's least {@code connectionTimeout}. */
    private static final long MIN_CONNECTION_TIMEOUT_MILLIS = 250;
    /** HikariCP's least {@code idleTimeout}. */
    private static final long MIN_IDLE_TIMEOUT_MILLIS = 10_000;

    private final ServerSettings settings;
    private final Executor executor;
    private final EventLoopGroup group;
    private final String dataHost;
    private final boolean mysqlUrl;
    private final Permits permits;
    private final HikariDataSource affectedRows;
    private final DriverDataSource unpooled;
    private final LongAdder executeCount = new LongAdder();
    /** Physical connection -> what stays with it; weak, so that the ones HikariCP closes go. Guarded by itself. */
    private final Map<Connection, Session> sessions = new WeakHashMap<>();
    private volatile HikariDataSource foundRows; // a MySQL URL's second pool, opened on first use
    private volatile boolean closed;
    private volatile boolean draining;

    /** @param business the business executor, where every blocking JDBC call runs */
    public JdbcServerPool(ServerSettings settings, Executor business, EventLoopGroup group) {
        if (!settings.isJdbc()) {
            throw new IllegalArgumentException("settings: " + settings.describe() + " (expected: a JDBC URL)");
        }
        this.settings = settings;
        this.executor = business;
        this.group = group;
        this.dataHost = settings.describe();
        String url = settings.jdbcUrl().toLowerCase(Locale.ROOT);
        this.mysqlUrl = url.startsWith("jdbc:mysql:") || url.startsWith("jdbc:mariadb:");
        this.permits = new Permits(settings.maxCon());
        this.unpooled = new DriverDataSource(settings.jdbcUrl(), properties(false), settings.connectionInitSql());
        this.affectedRows = dataSource(false, settings.minCon());
    }

    private Properties properties(boolean found) {
        Properties properties = new Properties();
        properties.setProperty("user", settings.user());
        properties.setProperty("password", settings.password());
        if (mysqlUrl) {
            properties.setProperty("useAffectedRows", Boolean.toString(!found));
            properties.setProperty("tinyInt1isBit", "true");
            properties.setProperty("transformedBitIsBoolean", "true");
        }
        return properties;
    }

    private HikariDataSource dataSource(boolean found, int minIdle) {
        HikariConfig config = new HikariConfig();
        config.setDataSource(new DriverDataSource(settings.jdbcUrl(), properties(found),
                settings.connectionInitSql()));
        config.setPoolName("tessera-" + settings.name() + (found ? "-foundRows" : ""));
        config.setMaximumPoolSize(settings.maxCon());
        config.setMinimumIdle(minIdle);
        config.setConnectionTimeout(Math.max(MIN_CONNECTION_TIMEOUT_MILLIS, settings.maxWaitMillis()));
        config.setIdleTimeout(Math.max(MIN_IDLE_TIMEOUT_MILLIS, settings.idleTimeoutMillis()));
        config.setInitializationFailTimeout(-1); // a server that is down must not stop Tessera: borrows retry
        config.setAutoCommit(true);
        return new HikariDataSource(config);
    }

    /** Opens one connection to see the server answers; HikariCP keeps {@code minCon} open from then on. */
    @Override
    public CompletableFuture<Void> start() {
        return CompletableFuture.runAsync(() -> {
            try (Connection c = affectedRows.getConnection()) {
                session(c);
            } catch (SQLException e) {
                throw new CompletionException(JdbcErrors.backendException(dataHost, e, false));
            }
        }, executor);
    }

    /**
     * A connection logged in to {@code database}. The future completes on {@code preferred} (or an event loop of the
     * group), failing with a {@link BackendException} 1105 after {@code maxWait} ("no connection within 5000 ms
     * (active=10/10, waiting=3)") or with the driver's error.
     */
    @Override
    public CompletableFuture<BackendConnection> borrow(String database, boolean foundRows, EventLoop preferred) {
        EventLoop loop = preferred != null ? preferred : group.next();
        if (closed) {
            return CompletableFuture.failedFuture(new BackendException(dataHost, "pool closed"));
        }
        CompletableFuture<BackendConnection> lent = new CompletableFuture<>();
        permits.acquire(loop, settings.maxWaitMillis()).whenComplete((ok, error) -> {
            if (error != null) {
                lent.completeExceptionally(error instanceof TimeoutException ? exhausted() : error);
                return;
            }
            try {
                executor.execute(() -> open(database, foundRows, loop, lent));
            } catch (RuntimeException e) { // the executor is shut down
                permits.release();
                lent.completeExceptionally(new BackendException(dataHost, "cannot borrow: " + e));
            }
        });
        return lent; // cancelled meanwhile, open() gives the connection back
    }

    /** On the business executor: a pooled connection, switched to {@code database}. */
    private void open(String database, boolean found, EventLoop loop, CompletableFuture<BackendConnection> lent) {
        Connection c = null;
        try {
            if (closed) {
                throw new BackendException(dataHost, "pool closed");
            }
            c = dataSource(found).getConnection();
            Session session = session(c);
            JdbcConnection connection = new JdbcConnection(this, c, session, loop, found);
            connection.useDatabase(database);
            if (!lent.complete(connection)) {
                connection.release(); // cancelled meanwhile
            }
        } catch (SQLException | RuntimeException e) {
            if (c != null) {
                giveBack(c, found, true);
            } else {
                permits.release();
            }
            lent.completeExceptionally(e instanceof SQLException sql ? JdbcErrors.backendException(dataHost, sql,
                    false) : e);
        }
    }

    private HikariDataSource dataSource(boolean found) {
        if (!found || !mysqlUrl) {
            return affectedRows;
        }
        HikariDataSource pool = foundRows;
        if (pool == null) {
            synchronized (this) {
                pool = foundRows;
                if (pool == null) {
                    pool = dataSource(true, 0);
                    foundRows = pool;
                    if (closed) {
                        pool.close();
                    }
                }
            }
        }
        return pool;
    }

    /** The session kept with {@code c}'s physical connection, read from the server the first time. */
    private Session session(Connection c) throws SQLException {
        Connection physical = c.unwrap(Connection.class);
        synchronized (sessions) {
            Session known = sessions.get(physical);
            if (known != null) {
                return known;
            }
        }
        DatabaseMetaData meta = c.getMetaData();
        String product = meta.getDatabaseProductName().toLowerCase(Locale.ROOT);
        boolean mysql = product.contains("mysql") || product.contains("mariadb");
        long id = 0;
        if (mysql) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT CONNECTION_ID()")) {
                id = rs.next() ? rs.getLong(1) : 0;
            }
        }
        // Connector/J reads a whole result into memory unless the fetch size is Integer.MIN_VALUE (its streaming)
        boolean streams = meta.getDriverName().contains("MySQL Connector");
        Session session = new Session(new DefaultAttributeMap(), id, meta.getDatabaseProductVersion(), mysql,
                streams);
        synchronized (sessions) {
            sessions.put(physical, session);
        }
        return session;
    }

    /**
     * On the business executor: gives a connection back to HikariCP, or ({@code evict}) closes it for good, and frees
     * its slot.
     */
    void giveBack(Connection c, boolean found, boolean evict) {
        try {
            if (evict) {
                dataSource(found).evictConnection(c);
            }
            c.close();
        } catch (SQLException | RuntimeException e) {
            // the connection is gone either way; HikariCP has dropped it
        } finally {
            permits.release();
            if (draining && permits.taken() == 0) {
                closePools();
            }
        }
    }

    /**
     * A connection of its own for the heartbeat, outside the pool (so that a full pool never delays it), with the
     * same properties and {@code <connectionInitSql>}; blocking, for the business executor.
     */
    public Connection openUnpooled() throws SQLException {
        return unpooled.getConnection();
    }

    /** Swaps {@code c} for a fresh connection of the same pool (COM_RESET_CONNECTION's effect), on the executor. */
    Connection replace(Connection c, boolean found) throws SQLException {
        HikariDataSource pool = dataSource(found);
        pool.evictConnection(c);
        c.close();
        return pool.getConnection();
    }

    Session sessionOf(Connection c) throws SQLException {
        return session(c);
    }

    Executor executor() {
        return executor;
    }

    String dataHost() {
        return dataHost;
    }

    void querySent() {
        executeCount.increment();
    }

    private BackendException exhausted() {
        PoolStats s = stats();
        return new BackendException(dataHost, "no connection within " + settings.maxWaitMillis() + " ms (active="
                + s.active() + "/" + settings.maxCon() + ", idle=" + s.idle() + ", waiting=" + s.waiting() + ")");
    }

    /** ACTIVE and IDLE as HikariCP's pool MXBeans count them, over both pools of a MySQL URL. */
    @Override
    public PoolStats stats() {
        int active = 0;
        int idle = 0;
        int total = 0;
        int waiting = permits.waiting();
        for (HikariDataSource pool : new HikariDataSource[] {affectedRows, foundRows}) {
            HikariPoolMXBean bean = pool == null ? null : pool.getHikariPoolMXBean();
            if (bean != null) {
                active += bean.getActiveConnections();
                idle += bean.getIdleConnections();
                total += bean.getTotalConnections();
                waiting += bean.getThreadsAwaitingConnection();
            }
        }
        return new PoolStats(active, idle, total, waiting, settings.maxCon(), settings.minCon(),
                executeCount.sum(), 0, 0);
    }

    /** Closes both pools; HikariCP aborts the connections still lent. */
    @Override
    public void close() {
        closed = true;
        permits.failWaiting(new BackendException(dataHost, "pool closed"));
        closePools();
    }

    /** No more borrows; the pools close once the last lent connection is back. */
    @Override
    public void drain() {
        closed = true;
        draining = true;
        permits.failWaiting(new BackendException(dataHost, "pool closed"));
        if (permits.taken() == 0) {
            closePools();
        }
    }

    private synchronized void closePools() {
        affectedRows.close();
        if (foundRows != null) {
            foundRows.close();
        }
    }

    @Override
    public String toString() {
        return "JdbcServerPool[" + dataHost + ", " + stats() + "]";
    }
}
