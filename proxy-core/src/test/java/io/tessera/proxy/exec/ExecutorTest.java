package io.tessera.proxy.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tessera.backend.QueryResult;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.error.DataHostError;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.OkPacket;
import io.tessera.proxy.config.SystemConfig.DistributedTransactions;
import io.tessera.proxy.exec.FakeClient.Received;
import io.tessera.proxy.exec.xa.Xids;
import io.tessera.router.parse.StatementType;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The executor against recording data hosts: which server kind each statement asks for, what each connection is
 * sent and in which order, when connections go back, and what the client is told when something fails.
 */
class ExecutorTest {

    private static final ScriptedResponse TWO_ROWS = ScriptedResponse.rows(List.of("id", "name"), 0,
            List.of("1", "one"), Arrays.asList("2", null));

    private final FakeClient client = new FakeClient(0);
    private final RecordingSource host1 = new RecordingSource();
    private final RecordingSource host2 = new RecordingSource();
    private final RecordingBackend dn1Connection = new RecordingBackend(11, client.channel().eventLoop());
    private final RecordingBackend dn2Connection = new RecordingBackend(21, client.channel().eventLoop());
    // XA is the XaCoordinator's and has its own tests; these sessions never turn it on.
    private final Executor executor = new Executor(new DataNodes(List.of(
            new DataNode("dn1", "host1", host1, "db1"),
            new DataNode("dn2", "host2", host2, "db2"),
            new DataNode("dn3", "mongoHost", null, "db3")),
            Map.of("dn1", List.of("TESTDB"), "dn2", List.of("TESTDB"))),
            new TransactionCoordinator(DistributedTransactions.ALLOW, new Xids(1, 1), null), 1 << 20,
            Duration.ZERO, Duration.ZERO, null);

    {
        client.client().databases(executor.dataNodes().physicalDatabases()); // as the front end does per command
    }

    private static ByteBuf comQuery(String sql) {
        return Unpooled.buffer().writeByte(0x03).writeBytes(sql.getBytes(StandardCharsets.UTF_8));
    }

    private static Route on(String dataNode, String sql) {
        return Route.single(new ShardStatement(dataNode, sql, false));
    }

    /** The client sends {@code sql}, routed to {@code route}; returns what it received. */
    private List<Received> run(Route route, String sql, StatementType type) {
        client.client().startCommand(1);
        executor.execute(client.client(), route, comQuery(sql), false, type);
        return client.received();
    }

    private static OkPacket ok(List<Received> received) {
        assertThat(received).hasSize(1);
        return OkPacket.read(new PayloadReader(Unpooled.wrappedBuffer(received.get(0).payload())));
    }

    private void beginTransaction() {
        client.session().beginTransaction("START TRANSACTION", false);
    }

    @Test
    void aReadOnOneNodeAsksItsDataHostForAReadConnectionStreamsTheAnswerAndGivesTheConnectionBack() {
        host1.lend(dn1Connection.answer(TWO_ROWS));

        List<Received> received = run(on("dn1", "SELECT id, name FROM t"), "SELECT id, name FROM t",
                StatementType.SELECT);

        assertThat(received).extracting(Received::payload).containsExactlyElementsOf(TWO_ROWS.payloads());
        assertThat(host1.borrows()).containsExactly("db1/READ");
        assertThat(dn1Connection.sent()).containsExactly("SELECT id, name FROM t");
        assertThat(dn1Connection.released()).isEqualTo(1);
        assertThat(client.commandsDone()).isEqualTo(1);
        assertThat(client.session().running()).isEmpty();
        assertThat(client.session().pinned()).isEmpty();
        assertThat(executor.dataNodes().get("dn1").reads()).isEqualTo(1);
        assertThat(host2.borrows()).isEmpty();
    }

    @Test
    void aReadThatMustBeOnTheWriteHostAsksForTheWriteHost() {
        host1.lend(dn1Connection.answer(TWO_ROWS));
        client.session().statementOnWriteHost(true); // FOR UPDATE, or a db_type=master hint (ParseStatement)

        run(on("dn1", "SELECT id, name FROM t FOR UPDATE"), "SELECT id, name FROM t FOR UPDATE", StatementType.SELECT);

        assertThat(host1.borrows()).containsExactly("db1/WRITE");
        assertThat(executor.dataNodes().get("dn1").reads()).isEqualTo(1);
        assertThat(dn1Connection.released()).isEqualTo(1);
    }

    @Test
    void theWriteHostIsForTheStatementOnly() {
        host1.lend(dn1Connection.answer(TWO_ROWS));
        client.session().statementOnWriteHost(true);
        client.session().commandEnded();

        run(on("dn1", "SELECT id, name FROM t"), "SELECT id, name FROM t", StatementType.SELECT);

        assertThat(host1.borrows()).containsExactly("db1/READ");
    }

    @Test
    void aKillReachesTheServerOfTheConnectionItKills() {
        host1.lend(dn1Connection.answer(ScriptedResponse.ok(0, 0, 0)));

        executor.killQuery(dn2Connection, "dn1");

        assertThat(host1.borrows()).containsExactly("beside:" + dn2Connection.connectionId());
        assertThat(dn1Connection.sent()).containsExactly("KILL QUERY " + dn2Connection.connectionId());
    }

    @Test
    void aWriteAsksForTheWriteHostAndCountsAsAWrite() {
        host1.lend(dn1Connection.answer(ScriptedResponse.ok(2, 0, 0)));

        OkPacket ok = ok(run(on("dn1", "UPDATE t SET v = 1"), "UPDATE t SET v = 1", StatementType.UPDATE));

        assertThat(ok.affectedRows()).isEqualTo(2);
        assertThat(host1.borrows()).containsExactly("db1/WRITE");
        assertThat(executor.dataNodes().get("dn1").writes()).isEqualTo(1);
        assertThat(executor.dataNodes().get("dn1").reads()).isZero();
        assertThat(dn1Connection.released()).isEqualTo(1);
    }

    @Test
    void insideATransactionEachNodeJoinsOnceKeepsItsConnectionAndCommitsAtTheEnd() {
        host1.lend(dn1Connection.answer(ScriptedResponse.ok(1, 0, 0)).answer(TWO_ROWS));
        host2.lend(dn2Connection.answer(ScriptedResponse.ok(1, 0, 0)));
        beginTransaction();

        run(on("dn1", "UPDATE t SET v = 1 WHERE id = 1"), "UPDATE t SET v = 1 WHERE id = 1", StatementType.UPDATE);
        run(on("dn1", "SELECT id, name FROM t"), "SELECT id, name FROM t", StatementType.SELECT);
        run(on("dn2", "UPDATE t SET v = 1 WHERE id = 2"), "UPDATE t SET v = 1 WHERE id = 2", StatementType.UPDATE);

        assertThat(host1.borrows()).containsExactly("db1/WRITE"); // a read in a transaction needs its write host
        assertThat(dn1Connection.sent()).containsExactly("START TRANSACTION", "UPDATE t SET v = 1 WHERE id = 1",
                "SELECT id, name FROM t");
        assertThat(dn2Connection.sent()).containsExactly("START TRANSACTION", "UPDATE t SET v = 1 WHERE id = 2");
        assertThat(dn1Connection.released() + dn2Connection.released()).isZero();
        assertThat(client.session().pinned()).containsOnlyKeys("dn1", "dn2");

        CompletableFuture<Void> commit = executor.endTransaction(client.client(), true);
        client.channel().runPendingTasks();

        assertThat(commit).isCompleted();
        assertThat(dn1Connection.sent()).last().isEqualTo("COMMIT");
        assertThat(dn2Connection.sent()).last().isEqualTo("COMMIT");
        assertThat(dn1Connection.released()).isEqualTo(1);
        assertThat(dn2Connection.released()).isEqualTo(1);
        assertThat(client.session().pinned()).isEmpty();
        assertThat(client.session().inTransaction()).isFalse();
    }

    @Test
    void aCommitThatFailsOnTheSecondNodeSaysWhereItCommittedAndWhereNot() {
        host1.lend(dn1Connection.answer(ScriptedResponse.ok(1, 0, 0)));
        host2.lend(dn2Connection.answer(ScriptedResponse.ok(1, 0, 0))
                .fail("COMMIT", new TesseraException(1180, "HY000", "Got error 6 during COMMIT")));
        beginTransaction();
        run(on("dn1", "UPDATE t SET v = 1 WHERE id = 1"), "UPDATE t SET v = 1 WHERE id = 1", StatementType.UPDATE);
        run(on("dn2", "UPDATE t SET v = 1 WHERE id = 2"), "UPDATE t SET v = 1 WHERE id = 2", StatementType.UPDATE);

        CompletableFuture<Void> commit = executor.endTransaction(client.client(), true);
        client.channel().runPendingTasks();

        assertThat(commit).isCompletedExceptionally();
        TesseraException error = (TesseraException) commit.handle((ok, e) -> e.getCause() != null ? e.getCause() : e)
                .join();
        assertThat(error.errorCode()).isEqualTo(1105); // one node committed: not the node's own, retryable code
        assertThat(error.getMessage()).isEqualTo("COMMIT failed on data node(s) [dn2 (Got error 6 during COMMIT)];"
                + " it succeeded on [dn1] (use SET XA = ON for an atomic commit across data nodes)");
        assertThat(dn2Connection.closed()).isEqualTo(1); // its transaction's fate is unknown: never reused
    }

    @Test
    void aCommitLostBeforeTheFirstNodeAnsweredSaysItMayHaveCommittedThere() {
        host1.lend(dn1Connection.answer(ScriptedResponse.ok(1, 0, 0)).breakOn("COMMIT"));
        host2.lend(dn2Connection.answer(ScriptedResponse.ok(1, 0, 0)));
        beginTransaction();
        run(on("dn1", "UPDATE t SET v = 1 WHERE id = 1"), "UPDATE t SET v = 1 WHERE id = 1", StatementType.UPDATE);
        run(on("dn2", "UPDATE t SET v = 1 WHERE id = 2"), "UPDATE t SET v = 1 WHERE id = 2", StatementType.UPDATE);

        CompletableFuture<Void> commit = executor.endTransaction(client.client(), true);
        client.channel().runPendingTasks();

        TesseraException error = (TesseraException) commit.handle((ok, e) -> e.getCause() != null ? e.getCause() : e)
                .join();
        assertThat(error.errorCode()).isEqualTo(1105); // dn1 may have committed: a retry is not known to be safe
        assertThat(error.getMessage()).isEqualTo("COMMIT failed on data node(s) [dn1 (data host host1"
                + " (127.0.0.1:3306): connection closed by the server)]; whether it took effect on [dn1] is unknown:"
                + " the connection was lost before the answer; it succeeded on none; rolled back instead on [dn2]"
                + " (use SET XA = ON for an atomic commit across data nodes)");
        assertThat(dn2Connection.sent()).last().isEqualTo("ROLLBACK");
    }

    @Test
    void aDataHostThatCannotLendAConnectionFailsTheStatementNamingTheDataNode() {
        ByteBuf payload = comQuery("SELECT 1");
        client.client().startCommand(1);
        executor.execute(client.client(), on("dn1", "SELECT 1"), payload, false, StatementType.SELECT);

        ErrPacket err = FakeClient.error(client.received());
        assertThat(err.errorCode()).isEqualTo(1105);
        assertThat(err.message()).isEqualTo("data node dn1: data host host1 (127.0.0.1:3306):"
                + " no connection within 5000 ms (active=1/1, idle=0, waiting=1)");
        assertThat(payload.refCnt()).isZero();
        assertThat(client.commandsDone()).isEqualTo(1);
    }

    @Test
    void aNodeOnADataHostTesseraCannotReachIsRefusedNamingIt() {
        ErrPacket err = FakeClient.error(run(on("dn3", "SELECT 1"), "SELECT 1", StatementType.SELECT));

        assertThat(err.message()).isEqualTo("data node dn3 (data host mongoHost): its data host is not"
                + " MySQL or MariaDB, which this Tessera version cannot reach");
    }

    @Test
    void warningsAreFetchedOnTheSameConnectionBeforeItGoesBack() {
        host1.lend(dn1Connection.answer(ScriptedResponse.ok(1, 0, 1)).answer("SHOW WARNINGS", new QueryResult(
                List.of("Level", "Code", "Message"), List.of(List.of("Warning", "1265", "Data truncated for column"
                        + " 'v' at row 1")), 0, 0, 0, 0)));

        run(on("dn1", "UPDATE t SET v = 'x'"), "UPDATE t SET v = 'x'", StatementType.UPDATE);

        assertThat(dn1Connection.sent()).containsExactly("UPDATE t SET v = 'x'", "SHOW WARNINGS");
        assertThat(client.session().warningCount()).isEqualTo(1);
        assertThat(client.session().warnings().rows()).hasSize(1);
        assertThat(dn1Connection.released()).isEqualTo(1);
        assertThat(client.commandsDone()).isEqualTo(1);
    }

    @Test
    void sqlCalcFoundRowsAsksTheNodeForFoundRowsOnTheSameConnection() {
        host1.lend(dn1Connection.answer(TWO_ROWS).answer("SELECT FOUND_ROWS()",
                new QueryResult(List.of("FOUND_ROWS()"), List.of(List.of("17")), 0, 0, 0, 0)));
        client.session().calcFoundRows(true);

        run(on("dn1", "SELECT SQL_CALC_FOUND_ROWS id, name FROM t LIMIT 2"),
                "SELECT SQL_CALC_FOUND_ROWS id, name FROM t LIMIT 2", StatementType.SELECT);

        assertThat(dn1Connection.sent()).containsExactly("SELECT SQL_CALC_FOUND_ROWS id, name FROM t LIMIT 2",
                "SELECT FOUND_ROWS()");
        assertThat(client.session().foundRows()).isEqualTo(17);
        assertThat(client.session().calcFoundRows()).isFalse();
        assertThat(dn1Connection.released()).isEqualTo(1);
    }

    @Test
    void aReadOfSeveralNodesWithoutAMergeIsRefusedBeforeAnyNodeIsAsked() {
        Route both = new Route(List.of(new ShardStatement("dn1", "SHOW TABLES", false),
                new ShardStatement("dn2", "SHOW TABLES", false)));

        ErrPacket err = FakeClient.error(run(both, "SHOW TABLES", StatementType.SHOW_OTHER));

        assertThat(err.errorCode()).isEqualTo(1235);
        assertThat(err.message()).contains("[dn1, dn2]");
        assertThat(host1.borrows()).isEmpty();
        assertThat(host2.borrows()).isEmpty();
    }

    @Test
    void aReadOfAGlobalTableGoesToOneCopy() {
        host1.lend(dn1Connection.answer(TWO_ROWS));
        host2.lend(dn2Connection.answer(TWO_ROWS));
        Route copies = new Route(List.of(new ShardStatement("dn1", "SELECT * FROM g", false),
                new ShardStatement("dn2", "SELECT * FROM g", false)), true);

        List<Received> received = run(copies, "SELECT * FROM g", StatementType.SELECT);

        assertThat(received).extracting(Received::payload).containsExactlyElementsOf(TWO_ROWS.payloads());
        assertThat(host1.borrows().size() + host2.borrows().size()).isEqualTo(1);
    }

    @Test
    void aWriteOnSeveralNodesRunsInItsOwnTransactionOnEachAndAddsTheAffectedRowsUp() {
        String sql = "UPDATE t SET v = 1";
        host1.lend(dn1Connection.answer(sql, new QueryResult(List.of(), List.of(), 2, 0, 0, 0)));
        host2.lend(dn2Connection.answer(sql, new QueryResult(List.of(), List.of(), 3, 0, 0, 0)));
        Route both = new Route(List.of(new ShardStatement("dn1", sql, false), new ShardStatement("dn2", sql, false)));

        OkPacket ok = ok(run(both, sql, StatementType.UPDATE));

        assertThat(ok.affectedRows()).isEqualTo(5);
        assertThat(dn1Connection.sent()).containsExactly("START TRANSACTION", sql, "COMMIT");
        assertThat(dn2Connection.sent()).containsExactly("START TRANSACTION", sql, "COMMIT");
        assertThat(dn1Connection.released()).isEqualTo(1);
        assertThat(dn2Connection.released()).isEqualTo(1);
        assertThat(host1.borrows()).containsExactly("db1/WRITE");
    }

    @Test
    void aWriteOnSeveralNodesThatFailsOnOneIsUndoneOnAll() {
        String sql = "UPDATE t SET id = 1";
        host1.lend(dn1Connection);
        host2.lend(dn2Connection.fail(sql, new TesseraException(1062, "23000", "Duplicate entry '1' for key"
                + " 'PRIMARY'")));
        Route both = new Route(List.of(new ShardStatement("dn1", sql, false), new ShardStatement("dn2", sql, false)));

        ErrPacket err = FakeClient.error(run(both, sql, StatementType.UPDATE));

        assertThat(err.errorCode()).isEqualTo(1062);
        assertThat(err.message()).isEqualTo("failed on data node(s) [dn2: Duplicate entry '1' for key 'PRIMARY'];"
                + " nothing was changed on any data node");
        assertThat(dn1Connection.sent()).containsExactly("START TRANSACTION", sql, "ROLLBACK");
        assertThat(dn2Connection.sent()).containsExactly("START TRANSACTION", sql, "ROLLBACK");
    }

    @Test
    void aDeadlockInsideATransactionMarksItBrokenAndKeepsTheConnectionForItsRollback() {
        host1.lend(dn1Connection.answer(ScriptedResponse.err(1213, "40001",
                "Deadlock found when trying to get lock; try restarting transaction")));
        beginTransaction();

        ErrPacket err = FakeClient.error(run(on("dn1", "UPDATE t SET v = 2"), "UPDATE t SET v = 2",
                StatementType.UPDATE));

        assertThat(err.errorCode()).isEqualTo(1213);
        assertThat(client.session().transaction().broken()).isTrue();
        assertThat(client.session().pinned()).containsKey("dn1");
        assertThat(dn1Connection.released()).isZero();
    }

    @Test
    void aConnectionThatBreaksMidStatementInsideATransactionSaysTheTransactionIsGone() {
        host1.lend(dn1Connection.holdResponses().answer(ScriptedResponse.ok(1, 0, 0)));
        beginTransaction();

        List<Received> before = run(on("dn1", "UPDATE t SET v = 3"), "UPDATE t SET v = 3", StatementType.UPDATE);
        dn1Connection.breakDown();

        assertThat(before).isEmpty();
        ErrPacket err = FakeClient.error(client.received());
        assertThat(err.message()).isEqualTo("data node dn1: data host host1 (127.0.0.1:3306): connection reset; the"
                + " transaction is rolled back on every data node");
        assertThat(client.session().pinned()).isEmpty();
        assertThat(client.session().transaction().broken()).isTrue();
        assertThat(client.session().running()).isEmpty();
    }

    @Test
    void aWriteWhoseConnectionBreaksBeforeItsAnswerSaysItMayHaveTakenEffect() {
        host1.lend(dn1Connection.holdResponses().answer(ScriptedResponse.ok(1, 0, 0)));

        List<Received> before = run(on("dn1", "INSERT INTO t VALUES (5)"), "INSERT INTO t VALUES (5)",
                StatementType.INSERT);
        dn1Connection.breakDown(); // its data host may have committed it just before it went

        assertThat(before).isEmpty();
        ErrPacket err = FakeClient.error(client.received());
        assertThat(err.errorCode()).isEqualTo(1105);
        assertThat(err.message()).isEqualTo("data node dn1: data host host1 (127.0.0.1:3306): connection reset; the"
                + " statement may or may not have taken effect");
        assertThat(client.session().running()).isEmpty();
    }

    @Test
    void aPinnedConnectionThatBrokeWhileIdleFailsTheNextStatementWithoutSendingIt() {
        host1.lend(dn1Connection.answer(ScriptedResponse.ok(1, 0, 0)));
        beginTransaction();
        run(on("dn1", "UPDATE t SET v = 4"), "UPDATE t SET v = 4", StatementType.UPDATE);
        dn1Connection.breakDown();

        ErrPacket err = FakeClient.error(run(on("dn1", "SELECT 1"), "SELECT 1", StatementType.SELECT));

        assertThat(err.message()).isEqualTo("data node dn1 (data host host1): the session's connection"
                + " was lost, with its temporary tables, SQL prepared statements and locks there; the transaction is"
                + " rolled back on every data node");
        assertThat(dn1Connection.sent()).containsExactly("START TRANSACTION", "UPDATE t SET v = 4");
        assertThat(host1.borrows()).hasSize(1);
        assertThat(client.session().pinned()).isEmpty();
    }

    @Test
    void aDataNodesErrorNamingItsDatabaseReachesTheClientWithTheLogicalSchema() {
        host1.lend(dn1Connection.answer(ScriptedResponse.err(1146, "42S02", "Table 'db1.t_mod' doesn't exist")));

        ErrPacket err = FakeClient.error(run(on("dn1", "SELECT * FROM t_mod"), "SELECT * FROM t_mod",
                StatementType.SELECT));

        assertThat(err).isEqualTo(new ErrPacket(1146, "42S02", "Table 'TESTDB.t_mod' doesn't exist"));
        assertThat(dn1Connection.released()).isEqualTo(1);
        assertThat(client.commandsDone()).isEqualTo(1);
    }

    @Test
    void aDataNodesErrorWithoutItsDatabasePassesAsItCame() {
        ScriptedResponse duplicate = ScriptedResponse.err(1062, "23000", "Duplicate entry '1' for key 'PRIMARY'");
        host1.lend(dn1Connection.answer(duplicate));

        List<Received> received = run(on("dn1", "INSERT INTO t VALUES (1)"), "INSERT INTO t VALUES (1)",
                StatementType.INSERT);

        assertThat(received).extracting(Received::payload).containsExactlyElementsOf(duplicate.payloads());
    }

    @Test
    void aWriteOnSeveralNodesNamesTheLogicalSchemaInEachNodesError() {
        String sql = "UPDATE t SET v = 1";
        host1.lend(dn1Connection);
        host2.lend(dn2Connection.fail(sql, new DataHostError(1146, "42S02", "Table 'db2.t' doesn't exist")));
        Route both = new Route(List.of(new ShardStatement("dn1", sql, false), new ShardStatement("dn2", sql, false)));

        ErrPacket err = FakeClient.error(run(both, sql, StatementType.UPDATE));

        assertThat(err.errorCode()).isEqualTo(1146);
        assertThat(err.sqlState()).isEqualTo("42S02");
        assertThat(err.message()).isEqualTo("failed on data node(s) [dn2: Table 'TESTDB.t' doesn't exist]; nothing"
                + " was changed on any data node");
    }

    @Test
    void aDataNodesWarningsNameTheLogicalSchema() {
        host1.lend(dn1Connection.answer(ScriptedResponse.ok(0, 0, 1)).answer("SHOW WARNINGS", new QueryResult(
                List.of("Level", "Code", "Message"), List.of(List.of("Note", "1051", "Unknown table 'db1.gone'")),
                0, 0, 0, 0)));

        run(on("dn1", "DROP TABLE IF EXISTS gone"), "DROP TABLE IF EXISTS gone", StatementType.DDL);

        assertThat(client.session().warnings().rows()).containsExactly(List.of("Note", "1051",
                "Unknown table 'TESTDB.gone'"));
    }
}
