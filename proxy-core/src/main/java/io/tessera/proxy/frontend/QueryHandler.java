package io.tessera.proxy.frontend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tessera.protocol.codec.ComQuery;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.local.LocalSelect;
import io.tessera.proxy.local.SessionFunctions;
import io.tessera.proxy.local.SetStatement;
import io.tessera.proxy.local.ShowStatements;
import io.tessera.proxy.local.Transactions;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.session.SqlLiterals;
import io.tessera.proxy.exec.ColumnOrders;
import io.tessera.proxy.exec.ParentRows;
import io.tessera.router.ColumnsNeededException;
import io.tessera.router.ParentLookupNeededException;
import io.tessera.router.RouteCache;
import io.tessera.router.RouteContext;
import io.tessera.router.Router;
import io.tessera.router.error.RouteException;
import io.tessera.router.local.LocalStatements;
import io.tessera.router.parse.LongLiterals;
import io.tessera.router.parse.MycatHint;
import io.tessera.router.parse.NoBackslashEscapes;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.parse.SqlTokens;
import io.tessera.router.parse.StatementSplitter;
import io.tessera.router.parse.StatementType;
import io.tessera.router.parse.TableReference;
import io.tessera.router.plan.MergeStep;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * COM_QUERY: parses the statement once, answers what Tessera answers itself, and sends the rest to the data
 * node(s) its route names. An unchanged statement is forwarded as the client's own payload, without encoding
 * it again.
 */
final class QueryHandler {

    /** Statements larger than this are routed from a copy whose long literals are emptied (see LongLiterals). */
    private static final int SHORTEN_ABOVE_BYTES = 256 * 1024;
    private static final int MAX_ROUTING_LITERAL_BYTES = 4096;
    /** Statement text the route cache may hold, in characters (about twice that in bytes). */
    private static final long ROUTE_CACHE_CHARS = 16L * 1024 * 1024;

    private final SqlParser parser;
    private final Router router;
    private final Executor executor;
    private final Authenticator authenticator;
    private final LocalSelect localSelect;
    private final SetStatement setStatement;
    private final ShowStatements shows;
    private final Transactions transactions;
    private final SessionFunctions sessionFunctions;
    private final KillStatement kill;
    private final ColumnOrders columnOrders = new ColumnOrders();
    private final ParentRows parentRows;
    private final HintedRoutes hints;
    private final RouteCache routeCache = new RouteCache(ROUTE_CACHE_CHARS);

    QueryHandler(SqlParser parser, Router router, Executor executor, Authenticator authenticator,
            LocalSelect localSelect, SetStatement setStatement, ShowStatements shows, Transactions transactions,
            SessionFunctions sessionFunctions, KillStatement kill) {
        this.parser = parser;
        this.router = router;
        this.executor = executor;
        this.authenticator = authenticator;
        this.localSelect = localSelect;
        this.setStatement = setStatement;
        this.shows = shows;
        this.transactions = transactions;
        this.sessionFunctions = sessionFunctions;
        this.kill = kill;
        this.parentRows = new ParentRows(executor);
        this.hints = new HintedRoutes(parser, router, executor.dataNodes(), authenticator);
    }

    /** Takes ownership of {@code payload}: {@code 0x03 | SQL text in the client's character set}. */
    void handle(ClientChannel client, ByteBuf payload) {
        handle(client, payload, null);
    }

    /**
     * As {@link #handle(ClientChannel, ByteBuf)}, for a prepared statement's EXECUTE when {@code prepared} is not
     * null: {@code payload} is then its text with the values put in, which is routed (and its route cached) as that
     * text would be; a single data node that gets the statement unchanged runs it as its own prepared statement.
     */
    void handle(ClientChannel client, ByteBuf payload, PreparedRun prepared) {
        Session session = client.session();
        ParsedStatement statement;
        boolean shortened = false;
        MycatHint hint;
        try {
            String sql = null;
            // LongLiterals reads backslashes as escapes: under NO_BACKSLASH_ESCAPES it could cut the wrong text
            if (payload.readableBytes() > SHORTEN_ABOVE_BYTES && asciiSafe(session.clientCharset())
                    && session.backslashEscapes()) {
                sql = LongLiterals.elide(payload.nioBuffers(payload.readerIndex() + 1, payload.readableBytes() - 1),
                        session.clientCharset(), MAX_ROUTING_LITERAL_BYTES);
                shortened = sql != null;
            }
            if (!shortened) {
                sql = prepared != null ? prepared.text() : decode(payload, session.clientCharset());
            }
            if (session.multiStatements() && sql.indexOf(';') >= 0 && runEach(client, sql, shortened, payload)) {
                return;
            }
            hint = MycatHint.of(sql).orElse(null);
            // a plan cached for one sql_select_limit must not serve another: such sessions plan every time
            boolean cacheable = cacheable(prepared) && !shortened && hint == null && session.selectLimit() < 0;
            RouteCache.Entry cached = cacheable
                    ? routeCache.get(session.schema(), session.backslashEscapes(), sql) : null;
            if (cached != null) {
                session.statementBinds(false); // a statement that binds its connection is never cached
                session.warnings(0, null);
                session.calcFoundRows(cached.type() == StatementType.SELECT && calcFoundRows(sql));
                dispatch(client, cached.plan(), cached.type(), false, payload, prepared);
                return;
            }
            statement = parser.parse(hint == null ? sql : hint.statement(), session.backslashEscapes());
            if (shortened && !isDml(statement.type())) {
                shortened = false; // only DML may carry BLOBs that routing can skip; anything else gets its full text
                sql = decode(payload, session.clientCharset());
                hint = MycatHint.of(sql).orElse(null);
                statement = parser.parse(hint == null ? sql : hint.statement(), session.backslashEscapes());
            }
            if (statement.type() != StatementType.SHOW_WARNINGS) {
                session.warnings(0, null);
            }
            session.statementBinds(statement.bindsConnection());
            if (statement.type() == StatementType.DDL) {
                forgetColumns(session.schema(), statement);
                routeCache.clear(); // a table's columns or existence may change what statements route to
            }
            // EXPLAIN is Tessera's to answer, hinted or not: a data node would explain its own plan instead
            if ((hint == null || hint.type().equals("db_type") || statement.type() == StatementType.EXPLAIN)
                    && answerLocally(client, statement, hint)) {
                payload.release();
                return;
            }
        } catch (TesseraException e) {
            payload.release();
            client.error(e);
            return;
        }
        // a temporary table's DDL commits nothing, as in MySQL
        if (statement.type() == StatementType.DDL && !statement.bindsConnection() && client.session().inTransaction()) {
            if (!client.session().transaction().hasParticipants()) {
                client.session().endTransaction(); // nothing on any data node to commit
            } else {
                commitBeforeDdl(client, statement, payload, shortened, hint, prepared);
                return;
            }
        }
        route(client, statement, payload, shortened, hint, prepared);
    }

    /** DDL commits the open transaction first, as in MySQL (an implicit commit), on every data node it touched. */
    private void commitBeforeDdl(ClientChannel client, ParsedStatement statement, ByteBuf payload, boolean shortened,
            MycatHint hint, PreparedRun prepared) {
        executor.endTransaction(client, true).whenComplete(client.guard((ignored, error) -> {
            if (error != null) {
                payload.release();
                client.error(error);
            } else {
                route(client, statement, payload, shortened, hint, prepared);
            }
        }));
    }

    /**
     * A multi-statement text (CLIENT_MULTI_STATEMENTS): each statement runs on its own, routed as if sent alone, and
     * answers with its own result, all but the last flagged SERVER_MORE_RESULTS_EXISTS; the first error ends the
     * text. Returns false when the text holds one statement only.
     */
    private boolean runEach(ClientChannel client, String sql, boolean shortened, ByteBuf payload) {
        // the splitter reads a backslash as an escape, which it is not under NO_BACKSLASH_ESCAPES: 'a\' ends there
        boolean splitsAsMysql = client.session().backslashEscapes() || NoBackslashEscapes.asDefaultMode(sql) == sql;
        List<String> statements;
        try {
            statements = StatementSplitter.split(sql);
        } catch (TesseraException e) {
            if (splitsAsMysql) {
                throw e;
            }
            statements = null;
        }
        if (statements != null && statements.size() < 2) {
            return false; // one statement: parsed in the session's mode, which refuses a second one it finds
        }
        if (!splitsAsMysql) {
            throw RouteException.notSupported("a multi-statement text with a backslash in a string, in a session"
                    + " whose sql_mode has NO_BACKSLASH_ESCAPES: send its statements one by one");
        }
        if (shortened) {
            throw RouteException.notSupported("a multi-statement text over " + SHORTEN_ABOVE_BYTES + " bytes with long"
                    + " literals: send its statements one by one");
        }
        payload.release();
        runStatement(client, statements, 0);
        return true;
    }

    private void runStatement(ClientChannel client, List<String> statements, int index) {
        Session session = client.session();
        boolean last = index == statements.size() - 1;
        session.moreResults(!last);
        if (!last) {
            client.continueWith(() -> runStatement(client, statements, index + 1));
        }
        handle(client, ComQuery.encode(client.channel().alloc(), statements.get(index), session.clientCharset()), null);
    }

    /** Whether a SELECT's text asks for SQL_CALC_FOUND_ROWS. */
    private static boolean calcFoundRows(String sql) {
        return SqlTokens.containsIgnoringCase(sql, "SQL_CALC_FOUND_ROWS");
    }

    private static String decode(ByteBuf payload, Charset charset) {
        byte[] text = new byte[payload.readableBytes() - 1];
        payload.getBytes(payload.readerIndex() + 1, text);
        return new String(text, charset); // the JDK's decoder is fastest on arrays
    }

    /** Character sets in which a quote or backslash byte is always that character. */
    private static boolean asciiSafe(Charset charset) {
        return charset.equals(StandardCharsets.UTF_8) || charset.equals(StandardCharsets.ISO_8859_1)
                || charset.equals(StandardCharsets.US_ASCII) || charset.name().equals("windows-1252");
    }

    private static boolean isDml(StatementType type) {
        return switch (type) {
            case INSERT, REPLACE, UPDATE, DELETE, SELECT -> true;
            default -> false;
        };
    }

    /** {@code hint}: the MyCat hint the statement started with, if any (only EXPLAIN uses it). */
    private boolean answerLocally(ClientChannel client, ParsedStatement statement, MycatHint hint) {
        switch (statement.type()) {
            case SHOW_DATABASES -> shows.databases(client);
            case SHOW_TABLES -> shows.tables(client, statement);
            case SHOW_WARNINGS -> shows.warnings(client);
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
            case EXPLAIN -> explain(client, statement, hint);
            case SELECT -> {
                return localSelect.tryAnswer(client, statement);
            }
            case LOCK -> client.error(RouteException.notSupported("LOCK TABLES / UNLOCK TABLES are not supported: "
                    + "Tessera shares backend connections between statements; use transactions"));
            default -> {
                return false;
            }
        }
        return true;
    }

    private void forgetColumns(String currentSchema, ParsedStatement ddl) {
        for (TableReference ref : ddl.tables()) {
            String schema = ref.schema() != null ? ref.schema() : currentSchema;
            if (schema != null) {
                columnOrders.forget(schema, ref.table());
            }
        }
    }

    /**
     * MyCat's EXPLAIN: the data nodes a statement would reach and the SQL each would get, then, for a SELECT merged
     * from several nodes, one {@code merge} row per step of the merge (root first); nothing runs. A MyCat hint right
     * after the keyword routes the statement as it routes it sent alone, and so does one before the keyword
     * ({@code head}), which MyCat 1.6 ignores: EXPLAIN is how a DBA checks where a hint sends a statement. A read of a
     * global table shows the one copy it reads, as MyCat does.
     */
    private void explain(ClientChannel client, ParsedStatement explain, MycatHint head) {
        ParsedStatement statement;
        PlanNode plan;
        try {
            statement = parser.explained(explain);
            MycatHint hint = MycatHint.of(statement.sql()).orElse(null);
            if (hint != null && head != null) {
                throw RouteException.syntax("EXPLAIN with a MyCat hint both before and after the keyword: keep one");
            }
            if (hint != null) {
                statement = parser.parse(hint.statement());
            } else {
                hint = head;
            }
            plan = hint == null ? router.route(statement, routeContext(client.session()))
                    : hints.route(client.session(), hint, statement, routeContext(client.session()));
        } catch (ColumnsNeededException e) {
            learnColumns(client, e, () -> explain(client, explain, head), Unpooled.EMPTY_BUFFER);
            return;
        } catch (ParentLookupNeededException e) {
            parentRows.lookUp(client, e).whenCompleteAsync(client.guard((ignored, error) -> {
                if (error != null) {
                    client.error(error);
                } else {
                    explain(client, explain, head);
                }
            }), client.channel().eventLoop());
            return;
        } catch (TesseraException e) {
            client.error(e);
            return;
        }
        ResultTable.Builder table = ResultTable.builder()
                .column(ResultTable.varchar("DATA_NODE"))
                .column(ResultTable.varchar("SQL"));
        Route route = plan instanceof Route r ? Executor.oneCopyForReads(r, statement.type().reads()) : plan.route();
        for (ShardStatement shard : route.shards()) {
            table.row(shard.dataNode(), shard.sql());
        }
        for (PlanNode step = plan; step instanceof MergeStep merge; step = merge.input()) {
            table.row("merge", step.describe());
        }
        client.result(table.build());
    }

    private void use(ClientChannel client, String schema) {
        authenticator.checkSchema(client.session().user(), client.session().remoteHost(), schema);
        client.session().schema(schema);
        client.ok();
    }

    private RouteContext routeContext(Session session) {
        return new RouteContext(session.schema(), columnOrders, parentRows, session.selectLimit());
    }

    /** Reads a table's column order from a data node, then runs {@code retry}; on failure answers the error. */
    private void learnColumns(ClientChannel client, ColumnsNeededException needed, Runnable retry, ByteBuf payload) {
        String sql = "SHOW COLUMNS FROM " + SqlLiterals.identifier(needed.table());
        executor.query(client, needed.dataNode(), sql).whenComplete(client.guard((result, error) -> {
            if (error != null) {
                payload.release();
                client.error(error);
                return;
            }
            List<String> names = new ArrayList<>();
            for (List<String> row : result.rows()) {
                names.add(row.get(0));
            }
            columnOrders.learn(needed.schema(), needed.table(), names);
            retry.run();
        }));
    }

    /**
     * Inlines the session's values (DATABASE(), ...) once, then plans and runs the statement.
     *
     * @param shortened whether {@code parsed} was parsed from a text whose long literals were emptied: then it can
     *     be routed, but no statement can be rebuilt from its tree
     */
    private void route(ClientChannel client, ParsedStatement parsed, ByteBuf payload, boolean shortened,
            MycatHint hint, PreparedRun prepared) {
        ParsedStatement statement = sessionFunctions.inline(parsed, client.session());
        boolean inlined = statement != parsed;
        plan(client, parsed, statement, inlined, payload, shortened, hint, prepared);
    }

    /**
     * Routes {@code statement} (the client's {@code parsed} one, with session values inlined when {@code inlined})
     * and runs it; when the router first needs a table's columns or a parent row's node, learns them and comes back.
     */
    private void plan(ClientChannel client, ParsedStatement parsed, ParsedStatement statement, boolean inlined,
            ByteBuf payload, boolean shortened, MycatHint hint, PreparedRun prepared) {
        PlanNode plan;
        try {
            plan = hint == null ? router.route(statement, routeContext(client.session()))
                    : hints.route(client.session(), hint, statement, routeContext(client.session()));
            if (shortened && (inlined || hint != null || plan.route().shards().get(0).rewritten())) {
                throw RouteException.notSupported("a statement of " + payload.readableBytes() + " bytes with "
                        + "literals over " + MAX_ROUTING_LITERAL_BYTES + " bytes cannot be rewritten for its data "
                        + "node: drop the schema qualifier, the hint or the session function (DATABASE(), ...)");
            }
            if (!client.session().backslashEscapes()) {
                refuseRewrittenBackslashes(parsed.sql(), plan);
            }
        } catch (ColumnsNeededException e) {
            learnColumns(client, e, () -> plan(client, parsed, statement, inlined, payload, shortened, hint, prepared),
                    payload);
            return;
        } catch (ParentLookupNeededException e) {
            parentRows.lookUp(client, e).whenCompleteAsync(client.guard((ignored, error) -> {
                if (error != null) {
                    payload.release();
                    client.error(error);
                } else {
                    plan(client, parsed, statement, inlined, payload, shortened, hint, prepared);
                }
            }), client.channel().eventLoop());
            return;
        } catch (TesseraException e) {
            payload.release();
            client.error(e);
            return;
        }
        if (cacheable(prepared) && hint == null && !inlined && !shortened && parsed.type() != StatementType.DDL
                && client.session().selectLimit() < 0 && !client.session().statementBinds()) {
            routeCache.put(client.session().schema(), client.session().backslashEscapes(), parsed.sql(), parsed.type(),
                    plan);
        }
        client.session().calcFoundRows(parsed.type() == StatementType.SELECT && plan instanceof Route
                && calcFoundRows(plan.route().shards().get(0).sql()));
        dispatch(client, plan, parsed.type(), inlined, payload, prepared);
    }

    /**
     * Under NO_BACKSLASH_ESCAPES a data node reads a backslash in a string as itself, but a statement Tessera writes
     * anew (a merge's, a split INSERT's, one with session values inlined) escapes it, as Druid's writer always does:
     * the node would read another value. Such a statement is refused; one that goes to a node as written is not.
     */
    private static void refuseRewrittenBackslashes(String clientSql, PlanNode plan) {
        if (NoBackslashEscapes.asDefaultMode(clientSql) == clientSql) {
            return; // no backslash in a string
        }
        for (ShardStatement shard : plan.route().shards()) {
            if (!shard.sql().equals(clientSql)) {
                throw RouteException.notSupported("in a session whose sql_mode has NO_BACKSLASH_ESCAPES, a statement"
                        + " with a backslash in a string cannot be rewritten for data node " + shard.dataNode()
                        + ": Tessera would write the backslash as an escape; send it so that one data node runs it"
                        + " as written, or without NO_BACKSLASH_ESCAPES");
            }
        }
    }

    /**
     * A route may be cached unless it belongs to an EXECUTE whose routing text stands short values in for long ones:
     * that text is not the one to run.
     */
    private static boolean cacheable(PreparedRun prepared) {
        return prepared == null || prepared.wholeText() == null;
    }

    /**
     * Runs a planned statement: as the data node's own prepared statement when it is an EXECUTE that one node (or any
     * copy of a replicated table) runs unchanged, else as text.
     */
    private void dispatch(ClientChannel client, PlanNode plan, StatementType type, boolean inlined, ByteBuf payload,
            PreparedRun prepared) {
        if (prepared != null && prepared.execute() != null && plan instanceof Route route
                && (route.isSingleNode() || route.replicated() && type.reads())
                && !route.shards().get(0).rewritten() && !inlined) {
            payload.release(); // the data node gets the client's statement and values as they are
            BinaryResults.of(client).rowsAreBinary();
            executor.executePrepared(client, route, prepared.sql(), prepared.longDataPayloads(),
                    Unpooled.wrappedBuffer(prepared.execute()), type);
            return;
        }
        if (prepared != null && prepared.wholeText() != null) {
            payload.release(); // the routing text lacks the long values that the text to run needs
            String whole = prepared.wholeText().get();
            handle(client, ComQuery.encode(client.channel().alloc(), whole, client.session().clientCharset()),
                    prepared.asText(whole));
            return;
        }
        run(client, plan, payload, type, inlined);
    }

    /** Sends the route's statements: the client's own payload when the single node gets the text unchanged. */
    private void run(ClientChannel client, PlanNode plan, ByteBuf payload, StatementType type, boolean rewritten) {
        ShardStatement shard = plan.route().shards().get(0);
        ByteBuf command = payload;
        // a merge sends each node its own statement's text: the client's payload is not forwarded
        if (!(plan instanceof MergeStep) && (shard.rewritten() || rewritten)) {
            payload.release();
            command = ComQuery.encode(client.channel().alloc(), shard.sql(), client.session().clientCharset());
        }
        executor.execute(client, plan, command, false, type);
    }
}
