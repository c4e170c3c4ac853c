package io.tessera.proxy.exec;

import io.tessera.backend.BackendConnection;
import java.util.Map;

/** The session settings Tessera has put on a backend connection, as {@code show @@backend} reads them. */
public final class BackendSettings {

    private BackendSettings() {
    }

    /**
     * The session variables set on {@code connection} beyond its login baseline (utf8mb4, autocommit on), as SQL
     * literals by name, e.g. {@code tx_isolation -> 'READ-COMMITTED'}; empty when it has the baseline. Safe from
     * any thread: the map is replaced whole, never changed, and published through the connection's attribute.
     */
    public static Map<String, String> of(BackendConnection connection) {
        return BackendSync.applied(connection);
    }
}
