package io.tessera.proxy.pipeline;

import io.tessera.proxy.local.SessionFunctions;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlText;

/**
 * Writes the session's values into the statement once ({@code DATABASE()}, {@code CONNECTION_ID()}, ...: a data node
 * would answer with its own), so that a retried route keeps them. Not for EXPLAIN, which shows the statement as the
 * client wrote it.
 */
final class InlineSessionValues implements Step {

    private final SessionFunctions sessionFunctions;

    InlineSessionValues(SessionFunctions sessionFunctions) {
        this.sessionFunctions = sessionFunctions;
    }

    @Override
    public Flow apply(QueryRun run) {
        if (run.explain || !sessionFunctions.rewrite(run.parsed, run.session())) {
            return Flow.NEXT;
        }
        ParsedStatement parsed = run.parsed;
        run.inlined = true;
        run.statement = new ParsedStatement(SqlText.of(parsed.ast()), parsed.ast(), parsed.type(), parsed.tables());
        return Flow.NEXT;
    }
}
