package io.tessera.backend.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.tessera.backend.fake.LocalMariaDb;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Heartbeats that read replication and Galera state, against the MariaDB on 127.0.0.1:3306: a server that replicates
 * from nothing and has no wsrep provider, so that the real answers' shapes (column names, NULLs) are what the checks
 * read.
 */
class HeartbeatIT {

    private static EventLoopGroup group;

    private Heartbeat heartbeat;

    @BeforeAll
    static void startLoops() {
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    }

    @AfterAll
    static void stopLoops() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @AfterEach
    void stopHeartbeat() {
        heartbeat.close();
    }

    private HeartbeatStatus check(String sql, HeartbeatCheck check) throws Exception {
        heartbeat = new Heartbeat(LocalMariaDb.connector(List.of()), sql, 60_000, 10_000, group.next(),
                Clock.systemUTC(), check, status -> { });
        return heartbeat.check().get(20, TimeUnit.SECONDS);
    }

    @Test
    void aServerThatReplicatesFromNothingAnswersShowSlaveStatusWithNoRow() throws Exception {
        HeartbeatStatus status = check("show slave status", HeartbeatCheck.of(2, 2, "show slave status"));

        assertThat(status.status()).isEqualTo(HeartbeatStatus.Status.OK);
        assertThat(status.replication()).isEqualTo(new ReplicationState(ReplicationState.Condition.NOT_A_REPLICA, -1));
    }

    @Test
    void aServerWithoutWsrepProviderFailsTheGaleraHeartbeat() throws Exception {
        HeartbeatStatus status = check("show status like 'wsrep%'", HeartbeatCheck.of(3, -1,
                "show status like 'wsrep%'"));

        assertThat(status.status()).isEqualTo(HeartbeatStatus.Status.ERROR);
        assertThat(status.lastError()).startsWith("Galera node not usable: wsrep_cluster_status=")
                .contains("wsrep_ready=OFF");
    }

    @Test
    void theSameStatementUnderAnotherSwitchTypeIsAPlainHeartbeat() throws Exception {
        HeartbeatStatus status = check("show status like 'wsrep%'", HeartbeatCheck.of(1, -1,
                "show status like 'wsrep%'"));

        assertThat(status.status()).isEqualTo(HeartbeatStatus.Status.OK);
        assertThat(status.replication()).isEqualTo(ReplicationState.NOT_CHECKED);
    }
}
