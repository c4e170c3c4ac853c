package io.tessera.backend.jdbc;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The physical connections HikariCP pools: opened with {@link DriverManager} (whatever driver the URL names is on the
 * class path), each running every {@code <connectionInitSql>} statement in order before it is used. HikariCP's own
 * {@code connectionInitSql} takes a single statement.
 */
final class DriverDataSource implements DataSource {

    private final String url;
    private final Properties properties;
    private final List<String> initSql;
    private volatile int loginTimeoutSeconds;

    /** @param properties the driver's properties, {@code user} and {@code password} included; copied */
    DriverDataSource(String url, Properties properties, List<String> initSql) {
        this.url = url;
        this.properties = new Properties();
        this.properties.putAll(properties);
        this.initSql = List.copyOf(initSql);
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection connection = DriverManager.getConnection(url, properties);
        try (Statement statement = connection.createStatement()) {
            for (String sql : initSql) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
        return connection;
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        throw new SQLFeatureNotSupportedException("the user comes from schema.xml");
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        // DriverManager logs as the JVM is told to
    }

    @Override
    public void setLoginTimeout(int seconds) {
        loginTimeoutSeconds = seconds; // HikariCP sets it; DriverManager's timeout is global, so it is not passed on
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeoutSeconds;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper of " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
