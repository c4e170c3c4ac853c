package io.tessera.proxy.pipeline;

import io.tessera.router.error.RouteException;
import io.tessera.router.parse.MycatHint;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.parse.StatementType;

/**
 * Answers what Tessera answers itself ({@link LocalAnswers}); a hinted statement other than {@code db_type=} goes to
 * the data nodes the hint names instead, except SHOW GRANTS, SHOW PROCESSLIST and SHOW STATUS, which never do.
 * EXPLAIN is Tessera's too, hinted or not (a data node would explain its own plan): the run goes on with the statement
 * it names, to be planned and described rather than run. A MyCat hint right after the keyword routes that statement
 * as it routes it sent alone, and so does one before the keyword, which MyCat 1.6 ignores: EXPLAIN is how a DBA
 * checks where a hint sends a statement.
 */
final class AnswerLocally implements Step {

    private final SqlParser parser;
    private final LocalAnswers answers;

    AnswerLocally(SqlParser parser, LocalAnswers answers) {
        this.parser = parser;
        this.answers = answers;
    }

    @Override
    public Flow apply(QueryRun run) {
        if (run.type == StatementType.EXPLAIN) {
            explained(run);
            return Flow.NEXT;
        }
        if (run.hint != null && !run.hint.type().equals("db_type") && !neverSent(run.type)) {
            return Flow.NEXT;
        }
        if (answers.answer(run.client(), run.parsed)) {
            run.releasePayload();
            return Flow.HELD;
        }
        return Flow.NEXT;
    }

    /**
     * What no data node ever gets, hinted or not: its answer would be the data host's grants (with the backend
     * account's password hash), sessions or counters.
     */
    private static boolean neverSent(StatementType type) {
        return type == StatementType.SHOW_GRANTS || type == StatementType.SHOW_PROCESSLIST
                || type == StatementType.SHOW_STATUS;
    }

    /** The run goes on with the statement EXPLAIN names, and with its hint. */
    private void explained(QueryRun run) {
        ParsedStatement statement = parser.explained(run.parsed);
        MycatHint hint = MycatHint.of(statement.sql()).orElse(null);
        if (hint != null && run.hint != null) {
            throw RouteException.syntax("EXPLAIN with a MyCat hint both before and after the keyword: keep one");
        }
        if (hint != null) {
            statement = parser.parse(hint.statement(), run.session().backslashEscapes());
            run.hint = hint;
        }
        run.explain = true;
        run.parsed = statement;
        run.statement = statement;
        run.type = statement.type();
    }
}
