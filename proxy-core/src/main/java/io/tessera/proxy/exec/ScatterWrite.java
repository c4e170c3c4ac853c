package io.tessera.proxy.exec;

import io.tessera.backend.mysql.QueryResult;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.router.plan.Route;
import java.util.ArrayList;
import java.util.List;

/**
 * A write on several data nodes: sent to all of them at once; the client gets one OK with the affected rows and
 * warnings added up (for a replicated route, the affected rows of one copy), or, if any node failed, one ERR naming
 * the nodes that failed and those where the statement was done (autocommit writes there stay done, as MySQL would
 * have done them statement by statement). Runs on the session's event loop.
 */
final class ScatterWrite {

    private final ClientChannel client;
    private final Route route;
    private final QueryResult[] results;
    private final String[] failures;
    private Throwable firstError;
    private int pending;

    private ScatterWrite(ClientChannel client, Route route) {
        this.client = client;
        this.route = route;
        this.results = new QueryResult[route.shards().size()];
        this.failures = new String[results.length];
        this.pending = results.length;
    }

    static void run(Executor executor, ClientChannel client, Route route) {
        ScatterWrite write = new ScatterWrite(client, route);
        for (int i = 0; i < route.shards().size(); i++) {
            int index = i;
            String node = route.shards().get(i).dataNode();
            executor.query(client, node, route.shards().get(i).sql())
                    .whenComplete((result, error) -> write.done(index, node, result, error));
        }
    }

    private void done(int index, String node, QueryResult result, Throwable error) {
        if (error != null) {
            failures[index] = node + ": " + ClientChannel.toErr(error).message();
            if (firstError == null) {
                firstError = error;
            }
        } else {
            results[index] = result;
        }
        if (--pending == 0) {
            answer();
        }
    }

    private void answer() {
        if (firstError != null) {
            List<String> failed = new ArrayList<>();
            List<String> done = new ArrayList<>();
            for (int i = 0; i < results.length; i++) {
                if (failures[i] != null) {
                    failed.add(failures[i]);
                } else {
                    done.add(route.shards().get(i).dataNode());
                }
            }
            ErrPacket first = ClientChannel.toErr(firstError);
            client.error(new TesseraException(first.errorCode(), first.sqlState(), "failed on data node(s) " + failed
                    + (done.isEmpty() ? "" : "; done on " + done)));
            return;
        }
        long affected = 0;
        long insertId = 0;
        int warnings = 0;
        for (QueryResult r : results) {
            affected = route.replicated() ? Math.max(affected, r.affectedRows()) : affected + r.affectedRows();
            warnings += r.warnings();
            if (insertId == 0) {
                insertId = r.lastInsertId();
            }
        }
        if (insertId != 0) {
            client.session().lastInsertId(insertId);
        }
        client.session().warnings(0, null);
        client.ok(affected, insertId, warnings);
    }
}
