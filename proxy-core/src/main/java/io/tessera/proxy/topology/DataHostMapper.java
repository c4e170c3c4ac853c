package io.tessera.proxy.topology;

import io.tessera.backend.host.BalanceType;
import io.tessera.backend.host.DataHostSettings;
import io.tessera.backend.host.ReadHostSettings;
import io.tessera.backend.host.WriteHostSettings;
import io.tessera.backend.mysql.BackendTls;
import io.tessera.backend.pool.ServerSettings;
import io.tessera.proxy.config.ConfigException;
import io.tessera.proxy.config.DataHostConfig;
import io.tessera.proxy.config.DataHostConfig.DbDriver;
import io.tessera.proxy.config.HostTlsConfig;
import io.tessera.proxy.config.ReadHostConfig;
import io.tessera.proxy.config.SystemConfig;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.proxy.config.WriteHostConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLException;

/**
 * Maps schema.xml's {@code <dataHost>}s onto backend-pool's {@link DataHostSettings}: every {@code <writeHost>} and
 * {@code <readHost>} becomes a server with its {@code weight}, the data host's pool bounds, heartbeat and
 * {@code connectionInitSql}, and server.xml's wait, idle and packet limits; a server of a {@code dbDriver="jdbc"}
 * data host keeps its JDBC URL and is reached through the driver the URL names. A server's {@code sslMode} gets its
 * TLS context here, once: a CA file that holds no certificate stops the start (and {@code bin/tessera check}).
 */
public final class DataHostMapper {

    /** The port of a {@code jdbc:mysql://} URL that leaves it out. */
    private static final int MYSQL_PORT = 3306;

    private DataHostMapper() {
    }

    /**
     * The data hosts Tessera reaches, by name in schema.xml order: every one (a native data host is MySQL or MariaDB,
     * the configuration checks it; a JDBC one is whatever its driver reaches).
     *
     * @throws ConfigException when an {@code sslCa} file holds no PEM certificate
     */
    public static Map<String, DataHostSettings> settings(TesseraConfig config) {
        Map<String, DataHostSettings> hosts = new LinkedHashMap<>();
        for (DataHostConfig host : config.dataHosts().values()) {
            hosts.put(host.name(), settings(host, config.system()));
        }
        return hosts;
    }

    private static DataHostSettings settings(DataHostConfig host, SystemConfig system) {
        List<WriteHostSettings> writeHosts = new ArrayList<>();
        for (WriteHostConfig write : host.writeHosts()) {
            List<ReadHostSettings> readHosts = new ArrayList<>();
            for (ReadHostConfig read : write.readHosts()) {
                readHosts.add(new ReadHostSettings(read.host(), server(host, system, read.url(), read.hostName(),
                        read.port(), read.user(), read.password(), tls(host, read.host(), read.tls())),
                        read.weight()));
            }
            writeHosts.add(new WriteHostSettings(write.host(), server(host, system, write.url(), write.hostName(),
                    write.port(), write.user(), write.password(), tls(host, write.host(), write.tls())),
                    write.weight(), readHosts));
        }
        return new DataHostSettings(host.name(), host.balance(), host.writeType(), host.switchType(),
                host.slaveThreshold(), writeHosts, host.maxRetryCount(), BalanceType.of(host.balanceType()),
                host.tempReadHostAvailable());
    }

    private static ServerSettings server(DataHostConfig host, SystemConfig system, String url, String address,
            int port, String user, String password, BackendTls tls) {
        return new ServerSettings(host.name(), address, port > 0 ? port : MYSQL_PORT, user, password,
                host.minCon(), host.maxCon(), system.poolMaxWait().toMillis(), system.idleTimeout().toMillis(),
                system.dataNodeIdleCheckPeriod().toMillis(), host.heartbeatSql(),
                system.dataNodeHeartbeatPeriod().toMillis(), host.connectionInitSql(), system.maxPacketSize(),
                host.dbDriver() == DbDriver.JDBC ? url.trim() : null, tls);
    }

    private static BackendTls tls(DataHostConfig host, String server, HostTlsConfig config) {
        try {
            return BackendTls.of(config.mode(), config.caFile() == null ? null : config.caFile().toFile());
        } catch (SSLException | IllegalArgumentException e) {
            // the message names the file's problem, never its content
            throw new ConfigException(List.of("schema.xml <dataHost name=\"" + host.name() + "\"> server \"" + server
                    + "\": sslCa " + config.caFile() + ": not a PEM CA certificate (" + e.getMessage() + ")"));
        }
    }
}
