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
 * @param slaveThreshold most {@code Seconds_Behind_Master} for a read host to serve reads with
 *     {@link SwitchType#SLAVE_STATUS}; -1 for none
 * @param writeHosts the {@code <writeHost>}s in document order, at least one
 */
public record DataHostSettings(String name, Balance balance, WriteType writeType, SwitchType switchType,
        int slaveThreshold, List<WriteHostSettings> writeHosts) {

    public DataHostSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(balance, "balance");
        Objects.requireNonNull(writeType, "writeType");
        Objects.requireNonNull(switchType, "switchType");
        writeHosts = List.copyOf(writeHosts);
        if (writeHosts.isEmpty()) {
            throw new IllegalArgumentException("writeHosts: [] (expected: at least one)");
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
}
