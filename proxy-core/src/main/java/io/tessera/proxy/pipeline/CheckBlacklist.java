package io.tessera.proxy.pipeline;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.session.Session;
import io.tessera.router.error.RouteException;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.wall.SqlFirewall;
import io.tessera.router.wall.WallViolation;
import java.util.Optional;

/**
 * server.xml's {@code <blacklist check="true">}: the statement's text goes to Druid's wall ({@link SqlFirewall})
 * before anything else sees it, as MyCat checks every query text before it looks at it: statements Tessera answers
 * itself (SET, SHOW, USE...) included, a multi-statement text as a whole (then each of its statements again, as each
 * runs), and a prepared statement's EXECUTE by its text with the values written in. A refused statement ends with
 * MyCat's error, 3012 {@code The statement is unsafe SQL, reject for user 'u'}, followed by the broken rule; one the
 * wall cannot read, with MySQL's 1064 as a parse failure gets it ({@link SqlParser#syntaxError}). Without a
 * blacklist the step costs a field read.
 */
final class CheckBlacklist implements Step {

    /** {@code null}: no blacklist, or {@code check="false"}. */
    private final SqlFirewall firewall;
    private final SqlParser parser;

    CheckBlacklist(SqlFirewall firewall, SqlParser parser) {
        this.firewall = firewall;
        this.parser = parser;
    }

    @Override
    public Flow apply(QueryRun run) {
        if (firewall == null) {
            return Flow.NEXT;
        }
        Session session = run.session();
        Optional<WallViolation> violation = firewall.check(run.sql, session.backslashEscapes());
        if (violation.isEmpty()) {
            return Flow.NEXT;
        }
        WallViolation broken = violation.get();
        if (broken.syntaxError()) {
            // Druid's wall names the place as its parser does; what refused it follows MySQL's sentence
            TesseraException syntax = parser.syntaxError(run.sql, broken.message());
            throw RouteException.syntax(syntax.getMessage() + " (the SQL blacklist cannot read it: Druid wall "
                    + broken.code() + ", " + broken.property() + ")");
        }
        throw ErrorCode.UNSAFE_STATEMENT.exception(session.userName(), broken.describe());
    }
}
