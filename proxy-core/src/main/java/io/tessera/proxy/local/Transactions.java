package io.tessera.proxy.local;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.exec.TableLocks;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.session.SqlLiterals;
import io.tessera.proxy.session.Transaction;
import io.tessera.router.error.RouteException;
import io.tessera.router.local.LocalStatements;
import io.tessera.router.local.Savepoint;
import io.tessera.router.local.TransactionCharacteristics;
import io.tessera.router.parse.ParsedStatement;

/**
 * {@code BEGIN} / {@code START TRANSACTION [READ ONLY | READ WRITE | WITH CONSISTENT SNAPSHOT]}, {@code COMMIT},
 * {@code ROLLBACK}, savepoints and {@code SET [SESSION] TRANSACTION}. A transaction opens on a data node when the
 * session first uses it, with the client's own START statement; COMMIT and ROLLBACK go to every data node the
 * transaction touched (see the executor's TransactionCoordinator).
 */
public final class Transactions {

    private final Executor executor;
    private final TableLocks tableLocks;

    public Transactions(Executor executor) {
        this.executor = executor;
        this.tableLocks = new TableLocks(executor);
    }

    /** BEGIN commits an open transaction first and releases the session's table locks, as MySQL does. */
    public void begin(ClientChannel client, ParsedStatement statement) {
        Session session = client.session();
        if (!session.tableLocks().isEmpty()) {
            tableLocks.unlock(client).whenComplete(client.guard((ignored, error) -> {
                if (error != null) {
                    client.error(error);
                } else {
                    begin(client, statement);
                }
            }));
            return;
        }
        boolean readOnly = LocalStatements.startsReadOnly(statement);
        String sql = statement.sql().trim();
        if (!session.transaction().hasParticipants()) {
            if (session.explicitTransaction()) {
                session.endTransaction(); // BEGIN; BEGIN: the first, which reached no data node, ends
            }
            session.beginTransaction(sql, readOnly);
            client.ok();
            return;
        }
        executor.endTransaction(client, true).whenComplete(client.guard((ignored, error) -> {
            if (error != null) {
                client.error(error);
            } else {
                session.beginTransaction(sql, readOnly);
                client.ok();
            }
        }));
    }

    public void end(ClientChannel client, boolean commit) {
        Session session = client.session();
        if (!session.transaction().hasParticipants()) {
            session.endTransaction();
            client.ok();
            return;
        }
        executor.endTransaction(client, commit).whenComplete(client.guard((ignored, error) -> {
            if (error != null) {
                client.error(error);
            } else {
                client.ok();
            }
        }));
    }

    /**
     * SAVEPOINT, ROLLBACK TO and RELEASE SAVEPOINT: sent to every data node in the transaction; the session remembers
     * its savepoints so that a data node joining later gets them too. Outside a transaction a SAVEPOINT is accepted
     * and forgotten, as MySQL does; ROLLBACK TO or RELEASE of an unknown savepoint is error 1305.
     */
    public void savepoint(ClientChannel client, ParsedStatement statement) {
        Session session = client.session();
        Transaction transaction = session.transaction();
        String sql;
        Runnable remember;
        Savepoint savepoint = LocalStatements.savepoint(statement);
        if (savepoint.action() == Savepoint.Action.SET) {
            String name = savepoint.name();
            sql = "SAVEPOINT " + SqlLiterals.identifier(name);
            remember = session.inTransaction() ? () -> transaction.savepoint(name) : () -> { };
        } else {
            boolean release = savepoint.action() == Savepoint.Action.RELEASE;
            String name = savepoint.name();
            if (!transaction.savepoints().stream().anyMatch(name::equalsIgnoreCase)) {
                client.error(ErrorCode.SAVEPOINT_DOES_NOT_EXIST.exception("SAVEPOINT", name));
                return;
            }
            sql = (release ? "RELEASE SAVEPOINT " : "ROLLBACK TO SAVEPOINT ") + SqlLiterals.identifier(name);
            remember = () -> transaction.forgetAfter(name, release);
        }
        executor.savepoint(client, sql).whenComplete(client.guard((ignored, error) -> {
            if (error != null) {
                client.error(error);
            } else {
                remember.run();
                client.ok();
            }
        }));
    }

    /**
     * {@code SET [SESSION | GLOBAL] TRANSACTION ISOLATION LEVEL ... | READ ONLY | READ WRITE}, with MySQL's scopes:
     * SESSION (or LOCAL) for the rest of the session, no scope for the next transaction only (refused, 1568, while
     * one is open); GLOBAL is refused, as {@code SET GLOBAL} is: set it on the data hosts.
     */
    public void set(ClientChannel client, ParsedStatement statement) {
        TransactionCharacteristics set = LocalStatements.transactionCharacteristics(statement);
        Session session = client.session();
        if (set.scope() == TransactionCharacteristics.Scope.GLOBAL) {
            client.error(RouteException.notSupported("SET GLOBAL TRANSACTION is not supported through Tessera: set"
                    + " it on each data host"));
            return;
        }
        String level = set.isolationLevel();
        boolean readOnly = Boolean.TRUE.equals(set.readOnly());
        if (set.scope() == TransactionCharacteristics.Scope.NEXT_TRANSACTION) {
            if (session.explicitTransaction() || session.transaction().hasParticipants()) {
                client.error(ErrorCode.CANT_CHANGE_TX_CHARACTERISTICS.exception());
                return;
            }
            session.nextTransaction(level, set.readOnly() == null ? null
                    : readOnly ? "READ ONLY" : "READ WRITE");
            client.ok();
            return;
        }
        if (level != null) {
            String value = level.replace(' ', '-');
            session.isolation(value);
            session.variables().set("tx_isolation", SqlLiterals.quote(value));
        }
        if (set.readOnly() != null) {
            session.variables().set("tx_read_only", readOnly ? "1" : "0");
        }
        client.ok();
    }
}
