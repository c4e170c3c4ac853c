package io.tessera.proxy.pipeline;

import io.tessera.proxy.exec.ColumnOrders;
import io.tessera.proxy.local.InformationSchema;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.session.StatusCounters;
import io.tessera.router.RouteCache;
import io.tessera.router.shape.ShapeCache;
import io.tessera.router.parse.MycatHint;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.parse.StatementType;
import io.tessera.router.parse.TableReference;

/**
 * Parses the statement (after its MyCat hint, in the session's escaping mode) once, and counts it ({@code Com_xxx},
 * and its parse time for {@code show @@parser}).
 * A shortened text is parsed whole again unless the statement is DML: only DML may carry BLOBs that routing can skip.
 * Resets the session's warnings (except for SHOW WARNINGS), notes whether the statement binds its connection and
 * whether it must read on the write host (it locks rows, or a {@code db_type=master} hint says so), and after DDL
 * forgets the column orders, routes and logical catalog rows (columns, indexes, keys) it may change.
 */
final class ParseStatement implements Step {

    private final SqlParser parser;
    private final RouteCache routes;
    private final ShapeCache shapes;
    private final ColumnOrders columnOrders;
    private final StatusCounters status;
    private final InformationSchema informationSchema;

    ParseStatement(SqlParser parser, RouteCache routes, ShapeCache shapes, ColumnOrders columnOrders,
            StatusCounters status, InformationSchema informationSchema) {
        this.parser = parser;
        this.routes = routes;
        this.shapes = shapes;
        this.columnOrders = columnOrders;
        this.status = status;
        this.informationSchema = informationSchema;
    }

    @Override
    public Flow apply(QueryRun run) {
        Session session = run.session();
        long start = System.nanoTime();
        ParsedStatement parsed = parse(run);
        if (run.shortened && !isDml(parsed.type())) {
            run.shortened = false;
            run.sql = ReadText.decode(run.payload(), session.clientCharset());
            run.hint = MycatHint.of(run.sql).orElse(null);
            parsed = parse(run);
        }
        run.client().routingCounters().parsed(System.nanoTime() - start, session.connectionId());
        run.parsed = parsed;
        run.statement = parsed;
        run.type = parsed.type();
        status.statement(session, parsed.type());
        run.client().statementType(parsed.type());
        if (parsed.type() != StatementType.SHOW_WARNINGS) {
            session.warnings(0, null);
        }
        session.statementBinds(parsed.bindsConnection());
        session.statementOnWriteHost(parsed.locksRows() || run.hintedToWriteHost());
        if (parsed.type() == StatementType.DDL) {
            forgetColumns(session.schema(), parsed);
            routes.clear(); // a table's columns or existence may change what statements route to
            shapes.clear();
            informationSchema.forgetTableDefinitions();
        }
        return Flow.NEXT;
    }

    private ParsedStatement parse(QueryRun run) {
        return parser.parse(run.hint == null ? run.sql : run.hint.statement(), run.session().backslashEscapes());
    }

    private void forgetColumns(String currentSchema, ParsedStatement ddl) {
        for (TableReference ref : ddl.tables()) {
            String schema = ref.schema() != null ? ref.schema() : currentSchema;
            if (schema != null) {
                columnOrders.forget(schema, ref.table());
            }
        }
    }

    private static boolean isDml(StatementType type) {
        return switch (type) {
            case INSERT, REPLACE, UPDATE, DELETE, SELECT -> true;
            default -> false;
        };
    }
}
