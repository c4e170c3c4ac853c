package io.tessera.proxy.pipeline;

import io.tessera.proxy.local.SessionFunctions;
import io.tessera.router.parse.ParsedStatement;

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
        if (run.explain) {
            return Flow.NEXT;
        }
        ParsedStatement inlined = sessionFunctions.inline(run.parsed, run.session());
        if (inlined == run.parsed) {
            return Flow.NEXT;
        }
        run.inlined = true;
        run.statement = inlined;
        return Flow.NEXT;
    }
}
