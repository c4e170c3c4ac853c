package io.tessera.backend.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.backend.QueryResult;
import io.tessera.backend.health.ReplicationState.Condition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading heartbeat answers: MySQL's and MariaDB's {@code show slave status} and Galera's wsrep status. */
class HeartbeatCheckTest {

    private static final List<String> SLAVE_COLUMNS = List.of("Slave_IO_State", "Master_Host", "Slave_IO_Running",
            "Slave_SQL_Running", "Last_Error", "Seconds_Behind_Master", "Last_IO_Error");

    private static QueryResult slaveStatus(String io, String sql, String behind) {
        return new QueryResult(SLAVE_COLUMNS, List.of(Arrays.asList("Waiting for master to send event", "127.0.0.1",
                io, sql, "", behind, "")), 0, 0, 0, 2);
    }

    @Test
    void readsTheReplicaRowByColumnName() {
        QueryResult answer = new QueryResult(List.of("Slave_IO_State", "Master_Host", "Master_User", "Master_Port",
                "Connect_Retry", "Slave_IO_Running", "Slave_SQL_Running", "Last_SQL_Errno", "Last_SQL_Error",
                "Seconds_Behind_Master", "Last_IO_Error"), List.of(Arrays.asList("Waiting for master", "10.0.0.1",
                "repl", "3306", "60", "Yes", "No", "1146", "Error 'x'", null, "")), 0, 0, 0, 2);
        HeartbeatCheck.Reading reading = HeartbeatCheck.of(2, 2, "show slave status").read(answer);
        assertThat(reading.replica()).isEqualTo(new ReplicaStatus("10.0.0.1", 3306, "repl", -1, "Yes", "No",
                "Waiting for master", 60, "", "Error 'x'", 1146));
        assertThat(HeartbeatCheck.of(2, 2, "show slave status").read(new QueryResult(List.of("Slave_IO_Running"),
                List.of(), 0, 0, 0, 2)).replica()).isNull();
        assertThat(HeartbeatCheck.PLAIN.read(answer).replica()).isNull();
    }

    private static QueryResult wsrep(String... namesAndValues) {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            rows.add(List.of(namesAndValues[i], namesAndValues[i + 1]));
        }
        return new QueryResult(List.of("Variable_name", "Value"), rows, 0, 0, 0, 2);
    }

    private static ReplicationState replication(QueryResult answer) {
        HeartbeatCheck.Reading reading = HeartbeatCheck.of(2, 2, "show slave status").read(answer);
        assertThat(reading.error()).isNull(); // replication never fails the heartbeat: the server answered
        return reading.replication();
    }

    @Test
    void recognisesTheStatementsAsMyCatDoesWithTheirSwitchTypeOnly() {
        assertThat(HeartbeatCheck.of(2, 2, "SHOW  SLAVE\nSTATUS").readsReplication()).isTrue();
        assertThat(HeartbeatCheck.of(2, -1, "show slave status").readsReplication()).isTrue();
        assertThat(HeartbeatCheck.of(1, 2, "show slave status")).isSameAs(HeartbeatCheck.PLAIN);
        assertThat(HeartbeatCheck.of(2, 2, "select user()")).isSameAs(HeartbeatCheck.PLAIN);
        assertThat(HeartbeatCheck.of(3, -1, "show status like 'wsrep%'").toString()).contains("GALERA");
        assertThat(HeartbeatCheck.of(2, -1, "show status like 'wsrep%'")).isSameAs(HeartbeatCheck.PLAIN);
    }

    @Test
    void bothThreadsRunningBelowTheThresholdIsInSync() {
        assertThat(replication(slaveStatus("Yes", "Yes", "1"))).isEqualTo(new ReplicationState(Condition.IN_SYNC, 1));
        assertThat(replication(slaveStatus("Yes", "Yes", "0")).describe()).isEqualTo("in sync, 0 s behind");
    }

    @Test
    void aLagAtTheThresholdOrUnknownIsLagging() {
        assertThat(replication(slaveStatus("Yes", "Yes", "2"))).isEqualTo(new ReplicationState(Condition.LAGGING, 2));
        assertThat(replication(slaveStatus("Yes", "Yes", null)))
                .isEqualTo(new ReplicationState(Condition.LAGGING, -1));
    }

    @Test
    void withoutThresholdAnyLagIsInSync() {
        ReplicationState state = HeartbeatCheck.of(2, -1, "show slave status").read(slaveStatus("Yes", "Yes", "3600"))
                .replication();

        assertThat(state).isEqualTo(new ReplicationState(Condition.IN_SYNC, 3600));
    }

    @Test
    void aStoppedOrBrokenThreadIsStopped() {
        assertThat(replication(slaveStatus("Yes", "No", null))).isEqualTo(new ReplicationState(Condition.STOPPED, -1));
        assertThat(replication(slaveStatus("Connecting", "Yes", "0")).condition()).isEqualTo(Condition.STOPPED);
        assertThat(replication(slaveStatus("No", "No", null)).condition().replicates()).isTrue();
    }

    @Test
    void theLastRunningLagIsKeptWhileTheThreadsDoNotRun() {
        ReplicationState inSync = replication(slaveStatus("Yes", "Yes", "0"));
        ReplicationState stopped = replication(slaveStatus("Connecting", "Yes", null)).after(inSync);
        ReplicationState unknown = replication(slaveStatus("Yes", "Yes", null)).after(stopped);
        ReplicationState lagging = replication(slaveStatus("Yes", "Yes", "7")).after(unknown);

        assertThat(inSync.lastRunningLag()).isZero();
        assertThat(stopped).isEqualTo(new ReplicationState(Condition.STOPPED, -1, 0));
        assertThat(unknown).isEqualTo(new ReplicationState(Condition.LAGGING, -1, 0));
        assertThat(lagging).isEqualTo(new ReplicationState(Condition.LAGGING, 7, 7));
        assertThat(replication(slaveStatus("No", "No", null)).after(lagging).lastRunningLag()).isEqualTo(7);
        ReplicationState primary = replication(new QueryResult(SLAVE_COLUMNS, List.of(), 0, 0, 0, 2));
        assertThat(primary.after(lagging).lastRunningLag()).isEqualTo(-1); // replicates from nothing now
    }

    @Test
    void anEmptyAnswerIsAPrimary() {
        ReplicationState state = replication(new QueryResult(SLAVE_COLUMNS, List.of(), 0, 0, 0, 2));

        assertThat(state.condition()).isEqualTo(Condition.NOT_A_REPLICA);
        assertThat(state.condition().replicates()).isFalse();
    }

    @Test
    void aPlainHeartbeatReadsNothing() {
        HeartbeatCheck.Reading reading = HeartbeatCheck.PLAIN.read(slaveStatus("No", "No", null));

        assertThat(reading.error()).isNull();
        assertThat(reading.replication()).isEqualTo(ReplicationState.NOT_CHECKED);
    }

    @Test
    void aGaleraNodeInThePrimaryComponentConnectedAndReadyAnswers() {
        HeartbeatCheck galera = HeartbeatCheck.of(3, -1, "show status like 'wsrep%'");

        assertThat(galera.read(wsrep("wsrep_cluster_status", "Primary", "wsrep_connected", "ON",
                "wsrep_local_state_comment", "Synced", "wsrep_ready", "ON")).error()).isNull();
        // As MyCat: a donor still takes statements
        assertThat(galera.read(wsrep("wsrep_cluster_status", "Primary", "wsrep_connected", "ON",
                "wsrep_local_state_comment", "Donor/Desynced", "wsrep_ready", "ON")).error()).isNull();
    }

    @Test
    void aGaleraNodeOutOfThePrimaryComponentDisconnectedOrNotReadyIsAnError() {
        HeartbeatCheck galera = HeartbeatCheck.of(3, -1, "show status like 'wsrep%'");

        assertThat(galera.read(wsrep("wsrep_cluster_status", "non-Primary", "wsrep_connected", "ON",
                "wsrep_ready", "ON")).error()).isEqualTo("Galera node not usable: wsrep_cluster_status=non-Primary,"
                        + " wsrep_connected=ON, wsrep_ready=ON, wsrep_local_state_comment=null (expected: Primary, ON,"
                        + " ON)");
        assertThat(galera.read(wsrep("wsrep_cluster_status", "Primary", "wsrep_connected", "OFF",
                "wsrep_ready", "ON")).error()).contains("wsrep_connected=OFF");
        assertThat(galera.read(wsrep("wsrep_cluster_status", "Primary", "wsrep_connected", "ON",
                "wsrep_ready", "OFF")).error()).contains("wsrep_ready=OFF");
        // MariaDB without a wsrep provider, as the server on 127.0.0.1:3306 answers
        assertThat(galera.read(wsrep("wsrep", "0", "wsrep_cluster_status", "Disconnected", "wsrep_connected", "OFF",
                "wsrep_ready", "OFF")).error()).contains("wsrep_cluster_status=Disconnected");
        // a server that has no wsrep status at all
        assertThat(galera.read(wsrep()).error()).contains("wsrep_cluster_status=null");
    }
}
