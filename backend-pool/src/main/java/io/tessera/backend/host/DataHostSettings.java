package io.tessera.backend.host;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A {@code <dataHost>} of schema.xml: its servers and the policies that say which of them a borrower gets. Validated
 * here; nothing is silently corrected.
 *
 * @param name the data host's name, e.g. {@code host1}
 * @param balance where reads go
 * @param writeType where writes go
 * @param switchType when the active write host is given up for the next
 * @param slaveThreshold with {@link SwitchType#SLAVE_STATUS} and the heartbeat {@code show slave status}, a replica
 *     takes reads only while both replication threads run and its {@code Seconds_Behind_Master} is below this; -1
 *     for no such check
 * @param writeHosts the {@code <writeHost>}s in document order, at least one
 * @param maxRetryCount how many heartbeats in a row the active write host fails before the data host switches to the
 *     next write host (MyCat's {@code maxRetryCount}; 0 counts as 1, as in MyCat)
 * @param balanceType how a read picks among the servers that may take it
 * @param tempReadHostAvailable the read hosts of a write host whose heartbeat fails keep taking reads
 */
public record DataHostSettings(String name, Balance balance, WriteType writeType, SwitchType switchType,
        int slaveThreshold, List<WriteHostSettings> writeHosts, int maxRetryCount, BalanceType balanceType,
        boolean tempReadHostAvailable) {

    /** MyCat's default {@code maxRetryCount}. */
    public static final int DEFAULT_MAX_RETRY_COUNT = 3;

    /** A data host with MyCat's default {@code maxRetryCount} of 3. */
    public DataHostSettings(String name, Balance balance, WriteType writeType, SwitchType switchType,
            int slaveThreshold, List<WriteHostSettings> writeHosts) {
        this(name, balance, writeType, switchType, slaveThreshold, writeHosts, DEFAULT_MAX_RETRY_COUNT);
    }

    /** A data host whose reads pick at random by weight, without {@code tempReadHostAvailable}. */
    public DataHostSettings(String name, Balance balance, WriteType writeType, SwitchType switchType,
            int slaveThreshold, List<WriteHostSettings> writeHosts, int maxRetryCount) {
        this(name, balance, writeType, switchType, slaveThreshold, writeHosts, maxRetryCount, BalanceType.RANDOM,
                false);
    }

    public DataHostSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(balance, "balance");
        Objects.requireNonNull(writeType, "writeType");
        Objects.requireNonNull(switchType, "switchType");
        Objects.requireNonNull(balanceType, "balanceType");
        writeHosts = List.copyOf(writeHosts);
        if (writeHosts.isEmpty()) {
            throw new IllegalArgumentException("writeHosts: [] (expected: at least one)");
        }
        if (maxRetryCount < 0) {
            throw new IllegalArgumentException("maxRetryCount: " + maxRetryCount + " (expected: >= 0)");
        }
        if (slaveThreshold < -1) {
            throw new IllegalArgumentException("slaveThreshold: " + slaveThreshold + " (expected: >= -1)");
        }
        Set<String> names = new HashSet<>();
        for (WriteHostSettings write : writeHosts) {
            if (!names.add(write.name())) {
                throw new IllegalArgumentException("writeHosts: '" + write.name()
                        + "' twice (expected: unique names)");
            }
            Set<String> readNames = new HashSet<>();
            for (ReadHostSettings read : write.readHosts()) {
                if (!readNames.add(read.name())) {
                    throw new IllegalArgumentException("readHosts of '" + write.name() + "': '" + read.name()
                            + "' twice (expected: unique names)");
                }
            }
        }
    }

    /** The heartbeat statement of its servers (one per data host in schema.xml); empty for none. */
    public String heartbeatSql() {
        return writeHosts.get(0).server().heartbeatSql();
    }
}
