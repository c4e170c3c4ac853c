package io.tessera.backend.health;

import io.tessera.backend.QueryResult;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@code show status like 'wsrep%'} answer, with {@code switchType="3"} (MyCat's {@code MySQLDetector}): the node
 * counts as answering only when it is in the primary component ({@code wsrep_cluster_status=Primary}), connected
 * ({@code wsrep_connected=ON}) and ready for queries ({@code wsrep_ready=ON}). As in MyCat,
 * {@code wsrep_local_state_comment} is kept for the record but not required to be {@code Synced}. Unlike MyCat, an
 * answer without these variables (a server without a wsrep provider) does not count as answering.
 */
record GaleraState(String clusterStatus, String connected, String ready, String localState) {

    /** Reads the {@code Variable_name}, {@code Value} rows. */
    static GaleraState read(QueryResult answer) {
        Map<String, String> values = new HashMap<>();
        for (List<String> row : answer.rows()) {
            if (row.size() >= 2 && row.get(0) != null) {
                values.put(row.get(0).toLowerCase(Locale.ROOT), row.get(1));
            }
        }
        return new GaleraState(values.get("wsrep_cluster_status"), values.get("wsrep_connected"),
                values.get("wsrep_ready"), values.get("wsrep_local_state_comment"));
    }

    /** Whether the node may take statements. */
    boolean isOk() {
        return "Primary".equalsIgnoreCase(clusterStatus) && "ON".equalsIgnoreCase(connected)
                && "ON".equalsIgnoreCase(ready);
    }

    /** Why the node may not take statements, for the heartbeat's error. */
    String problem() {
        return "Galera node not usable: wsrep_cluster_status=" + clusterStatus + ", wsrep_connected=" + connected
                + ", wsrep_ready=" + ready + ", wsrep_local_state_comment=" + localState
                + " (expected: Primary, ON, ON)";
    }
}
