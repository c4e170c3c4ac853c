package io.tessera.proxy.local;

import io.tessera.protocol.constant.Command;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.session.Activity;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.session.Session;
import io.tessera.router.local.LocalStatements;
import io.tessera.router.parse.ParsedStatement;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@code SHOW [FULL] PROCESSLIST} (and the rows of {@code information_schema.PROCESSLIST}): Tessera's own client
 * connections, as MySQL lists the threads of one server, with the ids {@code KILL} and {@code CONNECTION_ID()} use.
 * A user sees only the connections of its own account, as a MySQL user without the PROCESS privilege does: Tessera's
 * users have none. Never a data host's sessions.
 */
public final class ProcessList {

    /** Without FULL, MySQL shows the first 100 characters of a statement. */
    static final int INFO_CHARS = 100;

    private final ClientConnections connections;

    public ProcessList(ClientConnections connections) {
        this.connections = connections;
    }

    /**
     * One connection as the process list shows it.
     *
     * @param host the client's address and port, {@code 127.0.0.1:50122}
     * @param db its logical schema, or {@code null}
     * @param time whole seconds in its current command, or since the last one ended
     * @param state {@code executing}, {@code Sending to client} while the client does not take what Tessera writes,
     *     or empty while it sleeps
     * @param info the statement it runs, in full, or {@code null}
     */
    public record Process(long id, String user, String host, String db, String command, long time, String state,
            String info) {
    }

    public void show(ClientChannel client, ParsedStatement statement) {
        client.result(table(client.session(), LocalStatements.fullProcessList(statement)));
    }

    /** What {@code viewer} sees; each statement in full, or its first {@value #INFO_CHARS} characters. */
    ResultTable table(Session viewer, boolean full) {
        ResultTable.Builder table = ResultTable.builder()
                .column(ResultTable.bigint("Id"))
                .column(ResultTable.varchar("User"))
                .column(ResultTable.varchar("Host"))
                .column(ResultTable.varchar("db"))
                .column(ResultTable.varchar("Command"))
                .column(ResultTable.integer("Time"))
                .column(ResultTable.varchar("State"))
                .column(ResultTable.varchar("Info"));
        for (Process p : visibleTo(viewer)) {
            String info = p.info() == null || full || p.info().length() <= INFO_CHARS ? p.info()
                    : p.info().substring(0, INFO_CHARS);
            table.row(Long.toString(p.id()), p.user(), p.host(), p.db(), p.command(), Long.toString(p.time()),
                    p.state(), info);
        }
        return table.build();
    }

    /** The connections of {@code viewer}'s account that have logged in, by id. */
    public List<Process> visibleTo(Session viewer) {
        List<Process> processes = new ArrayList<>();
        for (ClientChannel client : connections.snapshot()) {
            Session session = client.session();
            if (session.user() != null && session.userName().equals(viewer.userName())) {
                processes.add(process(client));
            }
        }
        processes.sort(Comparator.comparingLong(Process::id));
        return processes;
    }

    /** Read from another event loop: each value is as fresh as that loop has published it. */
    private static Process process(ClientChannel client) {
        Session session = client.session();
        Activity activity = client.activity();
        int command = activity.command();
        int port = client.channel().remoteAddress() instanceof InetSocketAddress a ? a.getPort() : 0;
        String state = command == Command.SLEEP ? ""
                : client.channel().isWritable() ? "executing" : "Sending to client";
        return new Process(session.connectionId(), session.userName(), session.remoteHost() + ":" + port,
                session.schema(), Command.displayName(command), activity.seconds(), state, activity.statement());
    }
}
