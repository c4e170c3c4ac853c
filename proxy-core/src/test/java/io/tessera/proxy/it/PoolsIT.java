package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.druid.pool.DruidDataSource;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The pools of docs/clients.md (HikariCP and Alibaba Druid's DruidDataSource, over Connector/J 9) with the settings
 * it recommends: they validate through Tessera, and after Tessera is killed and restarted every borrow hands out a
 * working connection again without the application seeing an error, because the pool validates idle connections
 * before lending them.
 */
@Tag("integration")
class PoolsIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/fixed-port").inOwnJvm();

    @Test
    void hikariRecoversAcrossATesseraRestart() throws Exception {
        try (HikariDataSource pool = hikari()) {
            borrowAndQuery(pool, 5);
            tessera.killAndRestart();
            borrowAndQuery(pool, 5);
        }
    }

    @Test
    void druidRecoversAcrossATesseraRestart() throws Exception {
        try (DruidDataSource pool = druid()) {
            borrowAndQuery(pool, 5);
            tessera.killAndRestart();
            borrowAndQuery(pool, 5);
        }
    }

    /** Connector/J's isValid (COM_PING) is Hikari's default check; keep-alive at its minimum of 30 s. */
    private static HikariDataSource hikari() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(tessera.jdbcUrl("TESTDB") + "?useSSL=false");
        config.setUsername(RunningTessera.USER);
        config.setPassword(RunningTessera.PASSWORD);
        config.setMinimumIdle(2);
        config.setMaximumPoolSize(4);
        config.setKeepaliveTime(30_000);
        config.setConnectionTimeout(10_000);
        return new HikariDataSource(config);
    }

    /**
     * testOnBorrow: testWhileIdle alone checks only connections idle longer than timeBetweenEvictionRunsMillis
     * (60 s by default), so right after a restart it would lend a dead one.
     */
    private static DruidDataSource druid() throws SQLException {
        DruidDataSource pool = new DruidDataSource();
        pool.setDriverClassName("com.mysql.cj.jdbc.Driver");
        pool.setUrl(tessera.jdbcUrl("TESTDB") + "?useSSL=false");
        pool.setUsername(RunningTessera.USER);
        pool.setPassword(RunningTessera.PASSWORD);
        pool.setInitialSize(2);
        pool.setMinIdle(2);
        pool.setMaxActive(4);
        pool.setMaxWait(10_000);
        pool.setValidationQuery("SELECT 1");
        pool.setTestOnBorrow(true);
        pool.setTestWhileIdle(true);
        pool.setKeepAlive(true);
        pool.init();
        return pool;
    }

    private static void borrowAndQuery(DataSource pool, int times) throws SQLException {
        for (int i = 0; i < times; i++) {
            try (Connection c = pool.getConnection(); Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT 1")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(1);
            }
        }
    }
}
