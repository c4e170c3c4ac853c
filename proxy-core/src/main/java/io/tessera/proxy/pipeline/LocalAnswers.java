package io.tessera.proxy.pipeline;

import io.tessera.proxy.local.InformationSchema;
import io.tessera.proxy.local.KillStatement;
import io.tessera.proxy.local.LocalSelect;
import io.tessera.proxy.local.SetStatement;
import io.tessera.proxy.local.ShowStatements;
import io.tessera.proxy.local.Transactions;
import io.tessera.proxy.session.Authenticator;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.router.error.RouteException;
import io.tessera.router.local.LocalStatements;
import io.tessera.router.parse.ParsedStatement;

/**
 * The statements Tessera answers itself: SHOW DATABASES/TABLES/WARNINGS/GRANTS/PROCESSLIST/STATUS, SHOW TABLE STATUS,
 * SHOW CREATE DATABASE, USE, SET, transactions, KILL, the SELECTs of session values, and the refusals of what clients
 * may not send (XA). Each answer ends the command; LOCK TABLES goes on to {@link LockTables}. Also the rows
 * of the information_schema tables Tessera answers in a statement a data node runs ({@link AnswerVirtualTables}).
 */
public final class LocalAnswers {

    private final LocalSelect localSelect;
    private final SetStatement setStatement;
    private final ShowStatements shows;
    private final Transactions transactions;
    private final KillStatement kill;
    private final Authenticator authenticator;
    private final InformationSchema informationSchema;

    public LocalAnswers(LocalSelect localSelect, SetStatement setStatement, ShowStatements shows, Transactions transactions,
            KillStatement kill, Authenticator authenticator, InformationSchema informationSchema) {
        this.localSelect = localSelect;
        this.setStatement = setStatement;
        this.shows = shows;
        this.transactions = transactions;
        this.kill = kill;
        this.authenticator = authenticator;
        this.informationSchema = informationSchema;
    }

    /** The rows of information_schema.SCHEMATA and PROCESSLIST, which {@link AnswerVirtualTables} stands in. */
    InformationSchema informationSchema() {
        return informationSchema;
    }

    /** The SHOW statements, of which {@link AnswerVirtualTables} asks SHOW CREATE TABLE of a default node's table. */
    ShowStatements shows() {
        return shows;
    }

    /** Answers {@code statement} when it is Tessera's to answer; false when it goes to the data nodes. */
    boolean answer(ClientChannel client, ParsedStatement statement) {
        switch (statement.type()) {
            case SHOW_DATABASES -> shows.databases(client);
            case SHOW_TABLES -> shows.tables(client, statement);
            case SHOW_WARNINGS -> shows.warnings(client);
            case SHOW_GRANTS -> shows.grants(client, statement);
            case SHOW_PROCESSLIST -> shows.processList(client, statement);
            case SHOW_STATUS -> shows.status(client, statement);
            case SHOW_TABLE_STATUS -> shows.tableStatus(client, statement);
            case SHOW_CREATE_DATABASE -> shows.createDatabase(client, statement);
            case SHOW_OBJECTS -> shows.storedObjects(client, statement);
            case USE -> use(client, LocalStatements.useSchema(statement));
            case SET -> setStatement.handle(client, statement);
            case SET_TRANSACTION -> transactions.set(client, statement);
            case BEGIN -> transactions.begin(client, statement);
            case SAVEPOINT -> transactions.savepoint(client, statement);
            case XA -> client.error(RouteException.notSupported("XA statements are Tessera's to send: use SET XA = ON"
                    + " and ordinary BEGIN / COMMIT for a two-phase commit across data nodes"));
            case COMMIT -> transactions.end(client, true);
            case ROLLBACK -> transactions.end(client, false);
            case KILL -> kill.handle(client, statement);
            case SELECT -> {
                return localSelect.tryAnswer(client, statement);
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private void use(ClientChannel client, String schema) {
        authenticator.checkSchema(client.session().user(), client.session().remoteHost(), schema);
        client.session().schema(schema);
        client.ok();
    }
}
