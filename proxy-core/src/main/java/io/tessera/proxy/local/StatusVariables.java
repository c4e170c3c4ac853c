package io.tessera.proxy.local;

import io.netty.handler.ssl.SslHandler;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.session.StatusCounter;
import io.tessera.proxy.session.StatusCounters;
import io.tessera.router.error.RouteException;
import io.tessera.router.local.LocalStatements;
import io.tessera.router.local.ShowStatus;
import io.tessera.router.parse.ParsedStatement;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import javax.net.ssl.SSLSession;

/**
 * {@code SHOW [GLOBAL | SESSION] STATUS [LIKE pattern]}: Tessera's own counters, under the names of MySQL's that
 * count the same thing; never a data host's. With {@code GLOBAL}, the server's since it started; without, or with
 * {@code SESSION}, the session's where MySQL has a session value ({@code Bytes_*}, {@code Com_*}, {@code Questions},
 * {@code Queries}) and the server's for the rest, as MySQL answers. LIKE matches as MySQL's: {@code %}, {@code _},
 * {@code \} escapes, in any case. {@code Ssl_cipher} and {@code Ssl_version} name the session's TLS cipher suite
 * (IANA name) and protocol, empty without TLS and under {@code GLOBAL}. {@code WHERE} is refused (1235), as for
 * SHOW TABLES.
 */
public final class StatusVariables {

    private final ClientConnections connections;

    public StatusVariables(ClientConnections connections) {
        this.connections = connections;
    }

    public void show(ClientChannel client, ParsedStatement statement) {
        ShowStatus show = LocalStatements.showStatus(statement);
        if (show.where()) {
            client.error(RouteException.notSupported("SHOW STATUS ... WHERE is not supported; use LIKE"));
            return;
        }
        client.result(table(client, show.global(), show.like()));
    }

    /** The variables whose names match {@code like} (every one when it is {@code null}). */
    ResultTable table(ClientChannel client, boolean global, String like) {
        Pattern pattern = like == null ? null : ShowStatements.likePattern(like);
        ResultTable.Builder table = ResultTable.builder()
                .column(ResultTable.varchar("Variable_name"))
                .column(ResultTable.varchar("Value"));
        for (Map.Entry<String, String> variable : values(client, global).entrySet()) {
            if (pattern == null || pattern.matcher(variable.getKey()).matches()) {
                table.row(variable.getKey(), variable.getValue());
            }
        }
        return table.build();
    }

    /** Every variable Tessera counts, by name in MySQL's order (alphabetical, any case). */
    Map<String, String> values(ClientChannel client, boolean global) {
        Session session = client.session();
        StatusCounters counters = connections.status();
        Map<String, String> values = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        values.put("Aborted_connects", Long.toString(connections.abortedConnects()));
        values.put("Bytes_received", Long.toString(global ? connections.bytesReceived() : client.bytesRead()));
        values.put("Bytes_sent", Long.toString(global ? connections.bytesSent() : client.writer().bytesWritten()));
        for (StatusCounter counter : StatusCounter.values()) {
            long value = global ? counters.global(counter) : session.status(counter);
            values.put(counter.variableName(), Long.toString(value));
        }
        values.put("Connections", Long.toString(connections.connections()));
        values.put("Max_used_connections", Long.toString(connections.mostAtOnce()));
        SSLSession tls = global ? null : tlsSession(client);
        values.put("Ssl_cipher", tls == null ? "" : tls.getCipherSuite());
        values.put("Ssl_version", tls == null ? "" : tls.getProtocol());
        values.put("Threads_connected", Integer.toString(connections.count()));
        values.put("Threads_running", Integer.toString(connections.running()));
        values.put("Uptime", Long.toString(connections.uptimeSeconds()));
        return values;
    }

    /** The connection's TLS session, when it started TLS at login; null for a plaintext one. */
    private static SSLSession tlsSession(ClientChannel client) {
        SslHandler handler = client.channel().pipeline().get(SslHandler.class);
        return handler == null ? null : handler.engine().getSession();
    }
}
