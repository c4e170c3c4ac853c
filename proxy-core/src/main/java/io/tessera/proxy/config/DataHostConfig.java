package io.tessera.proxy.config;

import io.tessera.backend.host.Balance;
import io.tessera.backend.host.SwitchType;
import io.tessera.backend.host.WriteType;
import java.util.List;
import java.util.Objects;

/**
 * A schema.xml {@code <dataHost>}: a group of MySQL servers (write hosts, each with read hosts), with its
 * pool bounds, heartbeat, read balancing and failover settings. The numbers and enums keep MyCat 1.6's meanings.
 *
 * @param name the data host name
 * @param maxCon most backend connections per host of the group
 * @param minCon connections kept open per host
 * @param balance where reads go (balance 0..3)
 * @param balanceType 0 random, 1 weighted round robin, 2 least active; default 0
 * @param writeType where writes go (writeType 0..2); default {@link WriteType#ONE_NODE}
 * @param switchType when the active write host is given up (switchType -1..3); default {@link SwitchType#NEVER}
 * @param slaveThreshold most {@code Seconds_Behind_Master} for a read host to serve reads with switchType 2;
 *     default -1 (none)
 * @param dbType {@code mysql}, or another database MyCat reaches over JDBC
 * @param dbDriver how backends are reached
 * @param heartbeatSql the {@code <heartbeat>} statement, trimmed; may be empty
 * @param connectionInitSql the {@code <connectionInitSql>} statements, trimmed, in document order (MyCat 1.6
 *     runs only the first)
 * @param writeHosts the write hosts in document order, the first being the initially active one
 * @param tempReadHostAvailable read hosts stay usable while their write host is down
 * @param maxRetryCount MyCat's {@code maxRetryCount}; default 3
 */
public record DataHostConfig(
        String name,
        int maxCon,
        int minCon,
        Balance balance,
        int balanceType,
        WriteType writeType,
        SwitchType switchType,
        int slaveThreshold,
        String dbType,
        DbDriver dbDriver,
        String heartbeatSql,
        List<String> connectionInitSql,
        List<WriteHostConfig> writeHosts,
        boolean tempReadHostAvailable,
        int maxRetryCount) {

    public DataHostConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(balance, "balance");
        Objects.requireNonNull(writeType, "writeType");
        Objects.requireNonNull(switchType, "switchType");
        Objects.requireNonNull(dbType, "dbType");
        Objects.requireNonNull(dbDriver, "dbDriver");
        Objects.requireNonNull(heartbeatSql, "heartbeatSql");
        connectionInitSql = List.copyOf(connectionInitSql);
        writeHosts = List.copyOf(writeHosts);
        if (maxCon < 1 || minCon < 0 || minCon > maxCon) {
            throw new IllegalArgumentException("minCon/maxCon: " + minCon + "/" + maxCon
                    + " (expected: 0 <= minCon <= maxCon, maxCon >= 1)");
        }
        if (writeHosts.isEmpty()) {
            throw new IllegalArgumentException("writeHosts: [] (expected: at least one)");
        }
    }

    /** {@code dbDriver}. */
    public enum DbDriver {
        /** Tessera's own MySQL client over Netty; {@code url} is {@code host:port}. */
        NATIVE,
        /** A JDBC driver; {@code url} is a JDBC URL. */
        JDBC
    }
}
