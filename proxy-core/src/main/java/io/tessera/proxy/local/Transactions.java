package io.tessera.proxy.local;

import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlSetTransactionStatement;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.session.SqlLiterals;
import io.tessera.router.parse.ParsedStatement;
import java.util.Locale;

/**
 * {@code BEGIN} / {@code START TRANSACTION}, {@code COMMIT}, {@code ROLLBACK} and {@code SET [SESSION]
 * TRANSACTION}. A transaction opens on a data node when the session first uses it; COMMIT and ROLLBACK go to
 * every data node the transaction touched, one after another.
 */
public final class Transactions {

    private final Executor executor;

    public Transactions(Executor executor) {
        this.executor = executor;
    }

    /** BEGIN commits an open transaction first, as MySQL does. */
    public void begin(ClientChannel client) {
        Session session = client.session();
        if (session.pinned().isEmpty()) {
            session.beginTransaction();
            client.ok();
            return;
        }
        executor.endTransaction(client, true).whenComplete((ignored, error) -> {
            if (error != null) {
                client.error(error);
            } else {
                session.beginTransaction();
                client.ok();
            }
        });
    }

    public void end(ClientChannel client, boolean commit) {
        Session session = client.session();
        if (session.pinned().isEmpty()) {
            session.endTransaction();
            client.ok();
            return;
        }
        executor.endTransaction(client, commit).whenComplete((ignored, error) -> {
            if (error != null) {
                client.error(error);
            } else {
                client.ok();
            }
        });
    }

    /** SET [SESSION] TRANSACTION ISOLATION LEVEL ... / READ ONLY / READ WRITE, kept for the whole session. */
    public void set(ClientChannel client, ParsedStatement statement) {
        MySqlSetTransactionStatement set = (MySqlSetTransactionStatement) statement.ast();
        Session session = client.session();
        if (set.getIsolationLevel() != null) {
            String level = set.getIsolationLevel().trim().toUpperCase(Locale.ROOT).replace(' ', '-');
            session.isolation(level);
            session.variables().set("tx_isolation", SqlLiterals.quote(level));
        }
        if (set.getAccessModel() != null) {
            boolean readOnly = set.getAccessModel().toUpperCase(Locale.ROOT).contains("ONLY");
            session.variables().set("tx_read_only", readOnly ? "1" : "0");
        }
        client.ok();
    }
}
