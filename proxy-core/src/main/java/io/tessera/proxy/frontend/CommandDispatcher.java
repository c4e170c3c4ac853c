package io.tessera.proxy.frontend;

import io.netty.buffer.ByteBuf;
import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.session.StatusCounter;
import io.tessera.proxy.topology.Topology;
import io.tessera.router.RouteContext;
import io.tessera.router.error.RouteException;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.StatementType;
import io.tessera.router.parse.TableReference;
import io.tessera.router.plan.Route;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Runs one command (MySQL manual: "Text Protocol", "Utility Commands"). Every branch ends the command exactly
 * once through the {@link ClientChannel}; unsupported commands get ERR 1047 and the connection lives on.
 */
final class CommandDispatcher {

    private final PreparedStatements prepared;
    private final ClientConnections connections;

    CommandDispatcher(PreparedStatements prepared, ClientConnections connections) {
        this.prepared = prepared;
        this.connections = connections;
    }

    /**
     * Takes ownership of {@code payload} (command byte first). A failure that is Tessera's own bug still ends the
     * command ({@link ClientChannel#failCommand}).
     *
     * @param changeUser the connection's COM_CHANGE_USER, which keeps state while a plugin switch is under way
     */
    void dispatch(ClientChannel client, Topology topology, ByteBuf payload, ChangeUser changeUser) {
        int command = Command.of(payload);
        connections.status().command(client.session(), command);
        client.commandCounters().count(command);
        try {
            switch (command) {
                case Command.QUERY -> {
                    topology.pipeline().start(client, payload, null);
                    return;
                }
                case Command.FIELD_LIST -> {
                    fieldList(client, topology, payload);
                    return;
                }
                case Command.INIT_DB -> initDb(client, topology, payload);
                case Command.PING -> ping(client);
                case Command.QUIT -> {
                    client.channel().close();
                    client.commandDone();
                }
                case Command.STMT_PREPARE -> prepared.prepare(client, topology, payload);
                case Command.STMT_EXECUTE -> prepared.execute(client, topology, payload);
                case Command.STMT_SEND_LONG_DATA -> prepared.sendLongData(client, payload);
                case Command.STMT_RESET -> prepared.reset(client, payload);
                case Command.STMT_CLOSE -> prepared.close(client, payload);
                case Command.STMT_FETCH -> prepared.fetch(client, payload);
                case Command.SET_OPTION -> setOption(client, payload);
                case Command.RESET_CONNECTION -> {
                    topology.executor().abandonTransaction(client.session());
                    client.session().reset(io.tessera.protocol.charset.Collations
                            .byId(io.tessera.protocol.charset.Collations.UTF8MB4_GENERAL_CI).orElseThrow());
                    client.ok();
                }
                case Command.STATISTICS -> statistics(client);
                case Command.CHANGE_USER -> changeUser.start(client, topology, payload);
                default -> client.error(ErrorCode.UNKNOWN_COM_ERROR.exception());
            }
        } catch (TesseraException | MalformedPacketException e) {
            client.error(e instanceof MalformedPacketException m
                    ? ErrorCode.MALFORMED_PACKET.exception(m.getMessage()) : e);
        } catch (RuntimeException e) {
            client.failCommand(e);
        } finally {
            if (command != Command.QUERY && command != Command.FIELD_LIST) {
                payload.release();
            }
        }
    }

    /** COM_SET_OPTION: {@code 0x1B | option 2}: 0 turns multi-statements on, 1 off. */
    private static void setOption(ClientChannel client, ByteBuf payload) {
        PayloadReader in = new PayloadReader(payload.duplicate());
        in.int1();
        int option = in.int2();
        if (option > 1) {
            throw ErrorCode.UNKNOWN_COM_ERROR.exception();
        }
        client.session().multiStatements(option == 0);
        client.eof();
    }

    private static void initDb(ClientChannel client, Topology topology, ByteBuf payload) {
        PayloadReader in = new PayloadReader(payload.duplicate());
        in.int1();
        String schema = in.restString(client.session().clientCharset());
        topology.authenticator().checkSchema(client.session().user(), client.session().remoteHost(), schema);
        client.session().schema(schema);
        client.ok();
    }

    /** COM_FIELD_LIST: {@code 0x04 | table NUL | wildcard}; answered by the table's data node. */
    private static void fieldList(ClientChannel client, Topology topology, ByteBuf payload) {
        Route route;
        try {
            PayloadReader in = new PayloadReader(payload.duplicate());
            in.int1();
            String table = in.nulTerminatedString(client.session().clientCharset());
            ParsedStatement statement = ParsedStatement.withoutTree(StatementType.SHOW_TABLE_INFO,
                    List.of(new TableReference(null, table)));
            route = topology.router().route(statement, new RouteContext(client.session().schema())).route();
        } catch (RouteException | MalformedPacketException e) {
            payload.release();
            client.error(e instanceof MalformedPacketException m
                    ? ErrorCode.MALFORMED_PACKET.exception(m.getMessage()) : e);
            return;
        }
        topology.executor().execute(client, route, payload, true, StatementType.SHOW_TABLE_INFO);
    }

    /**
     * COM_PING: OK, or while the admin port has taken the server offline ERR 1053, so that a load balancer or a pool
     * that pings sends its clients elsewhere (MyCat's {@code Ping}).
     */
    private void ping(ClientChannel client) {
        if (connections.online()) {
            client.ok();
        } else {
            client.error(ErrorCode.SERVER_SHUTDOWN.exception("The server is offline: an administrator took it out of"
                    + " service with offline on the admin port, and online puts it back"));
        }
    }

    /** COM_STATISTICS: a bare human-readable string, no header byte. */
    private void statistics(ClientChannel client) {
        long uptime = Math.max(1, connections.uptimeSeconds());
        long questions = connections.status().global(StatusCounter.QUESTIONS);
        String text = String.format(Locale.ROOT, "Uptime: %d  Threads: %d  Questions: %d  Slow queries: 0  Opens: 0"
                + "  Flush tables: 0  Open tables: 0  Queries per second avg: %.3f", uptime, connections.count(),
                questions, questions / (double) uptime);
        PayloadWriter p = client.writer().newPayload(text.length());
        p.string(text, StandardCharsets.US_ASCII);
        client.writer().writeAndFlush(p);
        client.commandDone();
    }
}
