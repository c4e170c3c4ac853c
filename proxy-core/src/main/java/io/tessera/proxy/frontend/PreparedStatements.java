package io.tessera.proxy.frontend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tessera.backend.PreparedMetadata;
import io.tessera.protocol.binary.BoundValue;
import io.tessera.protocol.binary.PrepareOk;
import io.tessera.protocol.binary.StmtExecuteRequest;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.codec.ComQuery;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.packet.ResultSetEnds;
import io.tessera.proxy.access.StatementRights;
import io.tessera.proxy.pipeline.PreparedRun;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Cursor;
import io.tessera.proxy.session.PreparedStatement;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.topology.Topology;
import io.tessera.router.RouteContext;
import io.tessera.router.parse.ParameterMarkers;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.plan.ShardStatement;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The binary protocol's commands (MySQL manual: "Prepared Statements"): COM_STMT_PREPARE, COM_STMT_EXECUTE,
 * COM_STMT_SEND_LONG_DATA, COM_STMT_RESET, COM_STMT_CLOSE and COM_STMT_FETCH.
 *
 * <p>PREPARE answers with the parameter count and the column definitions a data node gives for the statement (its
 * first table's first node), so drivers reading metadata get the truth. EXECUTE puts the bound values into the text
 * as literals of their types and routes that text like any statement (a point lookup by sharding key reaches one
 * node). A statement that one data node runs unchanged runs there as that node's own prepared statement, with the
 * client's binary values, and its binary rows pass through; anything else (rewritten, merged, answered by Tessera)
 * runs as the text, and its rows are re-encoded in the binary protocol on the way out ({@link BinaryResults}). A
 * cursor keeps the rows for FETCH.
 */
final class PreparedStatements {

    /** Longer values of a row change are left out of the text its EXECUTE is routed by (as LongLiterals does). */
    private static final int MAX_ROUTING_LITERAL = 4096;

    /** Parameter definitions for statements Tessera answers itself (no data node describes them). */
    private static final ColumnDefinition41 PARAMETER = ColumnDefinition41.of("?", ColumnType.VAR_STRING,
            Collations.UTF8MB4_GENERAL_CI, 0, 0);

    private final SqlParser parser;
    private final int maxPreparedStatements;

    PreparedStatements(SqlParser parser, int maxPreparedStatements) {
        this.parser = parser;
        this.maxPreparedStatements = maxPreparedStatements;
    }

    /** COM_STMT_PREPARE: {@code 0x16 | statement text}. */
    void prepare(ClientChannel client, Topology topology, ByteBuf payload) {
        Session session = client.session();
        if (session.statements().size() >= maxPreparedStatements) {
            throw ErrorCode.MAX_PREPARED_STMT_COUNT_REACHED.exception(maxPreparedStatements);
        }
        PayloadReader in = new PayloadReader(payload.duplicate());
        in.int1();
        String sql = in.restString(session.clientCharset());
        ParsedStatement parsed = parser.parse(sql); // first: a text the lexer cannot read gets MySQL's 1064 here
        ParameterMarkers markers = ParameterMarkers.of(sql);
        // refused as MySQL refuses it, at PREPARE; EXECUTE runs through the statement pipeline, which checks again
        StatementRights.check(session.user(), session.remoteHost(), parsed, session.schema(), false);
        if (!describedByDataNode(parsed)) {
            PreparedStatement statement = register(session, sql, markers, parsed, 0);
            answer(client, statement, null);
            return;
        }
        ShardStatement source = topology.router().describeSource(parsed, new RouteContext(session.schema()));
        topology.executor().describe(client, source.dataNode(), source.sql()).whenComplete(client.guard((metadata, error) -> {
            if (error != null) {
                client.error(error);
                return;
            }
            if (session.statements().size() >= maxPreparedStatements) {
                client.error(ErrorCode.MAX_PREPARED_STMT_COUNT_REACHED.exception(maxPreparedStatements));
                return;
            }
            answer(client, register(session, sql, markers, parsed, metadata.columnCount()), metadata);
        }));
    }

    /**
     * Statements Tessera answers itself need no data node to describe them; they have no result columns. A data node
     * never describes SHOW GRANTS either: its column would name the backend account.
     */
    private static boolean describedByDataNode(ParsedStatement parsed) {
        return switch (parsed.type()) {
            case SET, SET_TRANSACTION, USE, BEGIN, COMMIT, ROLLBACK, SAVEPOINT, SHOW_DATABASES, SHOW_TABLES,
                    SHOW_WARNINGS, SHOW_GRANTS, SHOW_PROCESSLIST, SHOW_STATUS, SHOW_TABLE_STATUS, SHOW_CREATE_DATABASE,
                    SHOW_OBJECTS, EXPLAIN, KILL, XA, LOCK -> false;
            default -> true;
        };
    }

    private static PreparedStatement register(Session session, String sql, ParameterMarkers markers,
            ParsedStatement parsed, int columns) {
        PreparedStatement statement = new PreparedStatement(session.nextStatementId(), sql, markers, parsed.type(),
                columns);
        session.statements().put(statement.id(), statement);
        return statement;
    }

    /** PREPARE_OK, the parameter definitions and the column definitions, each list ended by an EOF. */
    private static void answer(ClientChannel client, PreparedStatement statement, PreparedMetadata metadata) {
        var writer = client.writer();
        boolean nodeParameters = metadata != null && metadata.paramCount() == statement.paramCount();
        int columns = metadata == null ? 0 : metadata.columnCount();
        PayloadWriter ok = writer.newPayload(12);
        new PrepareOk(statement.id(), columns, statement.paramCount(), 0).writeTo(ok);
        writer.write(ok);
        for (int i = 0; i < statement.paramCount(); i++) {
            PayloadWriter p = writer.newPayload(32);
            if (nodeParameters) {
                p.bytes(metadata.parameterDefinitions().get(i));
            } else {
                PARAMETER.writeTo(p);
            }
            writer.write(p);
        }
        if (statement.paramCount() > 0) {
            definitionsEnd(client);
        }
        if (columns > 0) {
            for (byte[] column : metadata.columnDefinitions()) {
                PayloadWriter p = writer.newPayload(column.length);
                p.bytes(column);
                writer.write(p);
            }
            definitionsEnd(client);
        }
        writer.flush();
        client.commandDone();
    }

    private static void definitionsEnd(ClientChannel client) {
        ResultSetEnds.endColumns(client.writer(), client.session().deprecateEof(), client.session().statusFlags());
    }

    /**
     * COM_STMT_EXECUTE: {@code 0x17 | id | flags | iterations | NULL bitmap | new-params-bound | types | values}.
     * Routed by the statement with its values written in, except that a row change's values over
     * {@value #MAX_ROUTING_LITERAL} characters are written as empty strings there: they never decide a route, and
     * when the statement runs on its node as a prepared statement their literal is never needed.
     */
    void execute(ClientChannel client, Topology topology, ByteBuf payload) {
        Session session = client.session();
        PreparedStatement statement = statement(session, payload, "mysqld_stmt_execute");
        StmtExecuteRequest request = StmtExecuteRequest.read(new PayloadReader(payload.duplicate()),
                statement.paramCount(), statement.types(), statement.longDataSent());
        statement.types(request.types());
        BoundValue[] values = request.values();
        List<PreparedRun.LongData> longData = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) { // sent with COM_STMT_SEND_LONG_DATA
                byte[] data = statement.longData(i);
                values[i] = BoundValue.ofLongData(request.types()[i], data);
                longData.add(new PreparedRun.LongData(i, data));
            }
        }
        statement.clearLongData();
        Charset charset = session.clientCharset();
        boolean backslashEscapes = session.backslashEscapes();
        Literals routing = Literals.of(values, charset, backslashEscapes,
                statement.type().changesRows() ? MAX_ROUTING_LITERAL : Integer.MAX_VALUE);
        Supplier<String> wholeText = !routing.abridged() ? null : () -> statement.markers().inline(
                Literals.of(values, charset, backslashEscapes, Integer.MAX_VALUE).texts());
        boolean cursor = (request.cursorType() & StmtExecuteRequest.CURSOR_TYPE_READ_ONLY) != 0
                && statement.columnCount() > 0;
        statement.cursor(null);
        BinaryResults.of(client).expect(true, cursor ? statement : null, client.writer().sequenceId());
        String text = statement.markers().inline(routing.texts());
        topology.pipeline().start(client, ComQuery.encode(client.channel().alloc(), text, charset), new PreparedRun(text,
                statement.sql(), longData, executeForDataNode(payload, request), wholeText,
                () -> BinaryResults.of(client).rowsAreBinary()));
    }

    /** Bound values as SQL literals; one longer than a limit written as {@code ''} ({@code abridged}). */
    private record Literals(CharSequence[] texts, boolean abridged) {

        static Literals of(BoundValue[] values, Charset charset, boolean backslashEscapes, int limit) {
            CharSequence[] texts = new CharSequence[values.length];
            boolean abridged = false;
            try {
                for (int i = 0; i < values.length; i++) {
                    StringBuilder literal = null;
                    if (values[i].minLiteralLength() <= limit) {
                        literal = new StringBuilder();
                        values[i].appendLiteral(literal, charset, backslashEscapes);
                    }
                    boolean tooLong = literal == null || literal.length() > limit;
                    abridged |= tooLong;
                    texts[i] = tooLong ? "''" : literal;
                }
            } catch (IllegalArgumentException e) {
                throw ErrorCode.WRONG_ARGUMENTS.exception("mysqld_stmt_execute: " + e.getMessage());
            }
            return new Literals(texts, abridged);
        }
    }

    /**
     * The EXECUTE as a data node's own prepared statement takes it: statement id left 0 (the connection fills in its
     * own), no cursor, one iteration, the client's NULL bitmap and values, and the parameter types always included
     * (that connection may have prepared the statement just now).
     */
    private static byte[] executeForDataNode(ByteBuf payload, StmtExecuteRequest request) {
        int params = request.types().length;
        int bitmap = (params + 7) / 8;
        int from = payload.readerIndex() + 1 + 4 + 1 + 4;
        int values = from + bitmap + 1 + (request.newParamsBound() ? 2 * params : 0);
        int valuesLength = params == 0 ? 0 : payload.writerIndex() - values;
        byte[] bytes = new byte[10 + (params == 0 ? 0 : bitmap + 1 + 2 * params + valuesLength)];
        ByteBuf out = Unpooled.wrappedBuffer(bytes).writerIndex(0);
        out.writeByte(Command.STMT_EXECUTE).writeIntLE(0).writeByte(0).writeIntLE(1);
        if (params > 0) {
            out.writeBytes(payload, from, bitmap).writeByte(1);
            for (var type : request.types()) {
                out.writeByte(type.type().code()).writeByte(type.unsigned() ? 0x80 : 0);
            }
            out.writeBytes(payload, values, valuesLength);
        }
        return bytes;
    }

    /** COM_STMT_SEND_LONG_DATA: {@code 0x18 | id | parameter 2 | data}; never answered, as in MySQL. */
    void sendLongData(ClientChannel client, ByteBuf payload) {
        PayloadReader in = new PayloadReader(payload.duplicate());
        in.int1();
        PreparedStatement statement = client.session().statements().get(in.int4());
        int parameter = in.int2();
        if (statement != null && parameter < statement.paramCount()) {
            statement.appendLongData(parameter, in.restBytes());
        }
        client.commandDone();
    }

    /** COM_STMT_RESET: forgets long data and closes the cursor. */
    void reset(ClientChannel client, ByteBuf payload) {
        PreparedStatement statement = statement(client.session(), payload, "mysqld_stmt_reset");
        statement.clearLongData();
        statement.cursor(null);
        client.ok();
    }

    /** COM_STMT_CLOSE: never answered. */
    void close(ClientChannel client, ByteBuf payload) {
        PayloadReader in = new PayloadReader(payload.duplicate());
        in.int1();
        PreparedStatement statement = client.session().statements().remove(in.int4());
        if (statement != null) {
            statement.cursor(null);
        }
        client.commandDone();
    }

    /** COM_STMT_FETCH: {@code 0x1C | id | rows}: the next rows of the open cursor, then an EOF. */
    void fetch(ClientChannel client, ByteBuf payload) {
        PreparedStatement statement = statement(client.session(), payload, "mysqld_stmt_fetch");
        Cursor cursor = statement.cursor();
        if (cursor == null) {
            throw ErrorCode.NO_OPEN_CURSOR.exception(statement.id());
        }
        long wanted = new PayloadReader(payload.duplicate().skipBytes(5)).int4();
        var writer = client.writer();
        for (long i = 0; i < wanted && !cursor.exhausted(); i++) {
            writer.writePayload(cursor.next());
        }
        boolean last = cursor.exhausted();
        int status = client.session().statusFlags() | (last ? ServerStatus.LAST_ROW_SENT : ServerStatus.CURSOR_EXISTS);
        if (last) {
            statement.cursor(null);
        }
        PayloadWriter end = writer.newPayload(12);
        ResultSetEnds.endRows(end, client.session().deprecateEof(), 0, status);
        writer.writeAndFlush(end);
        client.commandDone();
    }

    private static PreparedStatement statement(Session session, ByteBuf payload, String command) {
        PayloadReader in = new PayloadReader(payload.duplicate());
        in.int1();
        long id = in.int4();
        PreparedStatement statement = session.statements().get(id);
        if (statement == null) {
            throw ErrorCode.UNKNOWN_STMT_HANDLER.exception(id, command);
        }
        return statement;
    }
}
