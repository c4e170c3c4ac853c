package io.tessera.proxy.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.config.SystemConfig.DistributedTransactions;
import io.tessera.proxy.exec.xa.Xids;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** LOCK TABLES and UNLOCK TABLES against recording data hosts: what each node is sent, and what the session keeps. */
class TableLocksTest {

    private static final Route ORDERS_READ = new Route(List.of(
            new ShardStatement("dn1", "LOCK TABLES `orders` READ", true),
            new ShardStatement("dn2", "LOCK TABLES `orders` READ", true)));

    private final FakeClient client = new FakeClient(0);
    private final RecordingSource host1 = new RecordingSource();
    private final RecordingSource host2 = new RecordingSource();
    private final RecordingBackend dn1Connection = new RecordingBackend(11, client.channel().eventLoop());
    private final RecordingBackend dn2Connection = new RecordingBackend(21, client.channel().eventLoop());
    private final Executor executor = new Executor(new DataNodes(List.of(
            new DataNode("dn1", "host1", host1, "db1"),
            new DataNode("dn2", "host2", host2, "db2")),
            Map.of("dn1", List.of("TESTDB"), "dn2", List.of("TESTDB"))),
            new TransactionCoordinator(DistributedTransactions.ALLOW, new Xids(1, 1), null), 1 << 20,
            Duration.ZERO, Duration.ZERO, null);
    private final TableLocks locks = new TableLocks(executor);

    {
        client.client().databases(executor.dataNodes().physicalDatabases());
        client.session().statementBinds(true); // ParseStatement: LOCK TABLES binds its connections
    }

    private <T> CompletableFuture<T> settled(CompletableFuture<T> future) {
        client.channel().runPendingTasks();
        return future;
    }

    @Test
    void locksEveryNodeOnConnectionsTheSessionKeeps() {
        host1.lend(dn1Connection);
        host2.lend(dn2Connection);

        assertThat(settled(locks.lock(client.client(), ORDERS_READ))).isCompleted();

        assertThat(dn1Connection.sent()).containsExactly("LOCK TABLES `orders` READ");
        assertThat(dn2Connection.sent()).containsExactly("LOCK TABLES `orders` READ");
        assertThat(host1.borrows()).containsExactly("db1/WRITE");
        assertThat(client.session().tableLocks()).containsExactlyInAnyOrder("dn1", "dn2");
        assertThat(client.session().pinned()).containsOnlyKeys("dn1", "dn2");
        assertThat(dn1Connection.released()).isZero();
    }

    @Test
    void aNodeThatRefusesUnlocksTheNodesLockedBeforeIt() {
        TesseraException unknown = new TesseraException(1146, "42S02", "Table 'db2.orders' doesn't exist");
        host1.lend(dn1Connection);
        host2.lend(dn2Connection.fail("LOCK TABLES `orders` READ", unknown));

        CompletableFuture<Void> lock = settled(locks.lock(client.client(), ORDERS_READ));

        assertThat(lock).isCompletedExceptionally();
        assertThat(dn1Connection.sent()).containsExactly("LOCK TABLES `orders` READ", "UNLOCK TABLES");
        assertThat(client.session().tableLocks()).isEmpty();
    }

    @Test
    void unlockReleasesEveryNodeAndAnotherLockReleasesTheFirst() {
        host1.lend(dn1Connection);
        host2.lend(dn2Connection);
        settled(locks.lock(client.client(), ORDERS_READ));

        settled(locks.lock(client.client(), Route.single(new ShardStatement("dn1", "LOCK TABLES `notes` READ",
                true))));

        assertThat(dn1Connection.sent()).containsExactly("LOCK TABLES `orders` READ", "UNLOCK TABLES",
                "LOCK TABLES `notes` READ");
        assertThat(dn2Connection.sent()).containsExactly("LOCK TABLES `orders` READ", "UNLOCK TABLES");
        assertThat(client.session().tableLocks()).containsExactly("dn1");

        client.session().statementBinds(false);
        assertThat(settled(locks.unlock(client.client()))).isCompleted();
        assertThat(dn1Connection.sent()).last().isEqualTo("UNLOCK TABLES");
        assertThat(client.session().tableLocks()).isEmpty();
        assertThat(settled(locks.unlock(client.client()))).isCompleted(); // none held: nothing sent
        assertThat(dn1Connection.sent()).hasSize(4);
    }

    @Test
    void theSessionsEndResetsItsLockedConnectionsBeforeTheyGoBack() {
        host1.lend(dn1Connection);
        host2.lend(dn2Connection);
        settled(locks.lock(client.client(), ORDERS_READ));

        executor.abandonTransaction(client.session());

        assertThat(dn1Connection.sent()).last().isEqualTo("COM_RESET_CONNECTION");
        assertThat(dn2Connection.sent()).last().isEqualTo("COM_RESET_CONNECTION");
        assertThat(client.session().tableLocks()).isEmpty();
    }
}
