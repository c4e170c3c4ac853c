package io.tessera.proxy.pipeline;

import io.tessera.protocol.codec.ComQuery;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.session.StatusCounters;
import io.tessera.router.error.RouteException;
import io.tessera.router.parse.NoBackslashEscapes;
import io.tessera.router.parse.StatementSplitter;
import java.util.List;

/**
 * A multi-statement text (CLIENT_MULTI_STATEMENTS): each statement runs on its own through the pipeline, routed as if
 * sent alone, and answers with its own result, all but the last flagged SERVER_MORE_RESULTS_EXISTS; the first error
 * ends the text. Each statement counts in {@code Questions}, as in MySQL. A text that holds one statement goes on as it is.
 */
final class SplitStatements implements Step {

    private final StatementPipeline pipeline;
    private final StatusCounters status;

    SplitStatements(StatementPipeline pipeline, StatusCounters status) {
        this.pipeline = pipeline;
        this.status = status;
    }

    @Override
    public Flow apply(QueryRun run) {
        Session session = run.session();
        String sql = run.sql;
        if (!session.multiStatements() || sql.indexOf(';') < 0) {
            return Flow.NEXT;
        }
        // the splitter reads a backslash as an escape, which it is not under NO_BACKSLASH_ESCAPES: 'a\' ends there
        boolean splitsAsMysql = session.backslashEscapes() || NoBackslashEscapes.asDefaultMode(sql) == sql;
        List<String> statements;
        try {
            statements = StatementSplitter.split(sql);
        } catch (TesseraException e) {
            if (splitsAsMysql) {
                return Flow.NEXT; // a text the lexer cannot read: the parse answers with MySQL's 1064 and its place
            }
            statements = null;
        }
        if (statements != null && statements.size() < 2) {
            return Flow.NEXT; // one statement: parsed in the session's mode, which refuses a second one it finds
        }
        if (!splitsAsMysql) {
            throw RouteException.notSupported("a multi-statement text with a backslash in a string, in a session"
                    + " whose sql_mode has NO_BACKSLASH_ESCAPES: send its statements one by one");
        }
        if (run.shortened) {
            throw RouteException.notSupported("a multi-statement text over " + ReadText.SHORTEN_ABOVE_BYTES + " bytes"
                    + " with long literals: send its statements one by one");
        }
        run.releasePayload();
        runStatement(run.client(), statements, 0, run.sequenced);
        return Flow.HELD;
    }

    private void runStatement(ClientChannel client, List<String> statements, int index, boolean sequenced) {
        Session session = client.session();
        boolean last = index == statements.size() - 1;
        session.moreResults(!last);
        if (!last) {
            client.continueWith(() -> runStatement(client, statements, index + 1, sequenced));
        }
        if (index > 0) {
            status.followingStatement(session); // the command counted the first
        }
        pipeline.startPart(client, ComQuery.encode(client.channel().alloc(), statements.get(index),
                session.clientCharset()), sequenced);
    }
}
