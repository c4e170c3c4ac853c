package io.tessera.proxy.local;

import io.tessera.proxy.session.Session;
import io.tessera.router.local.SessionFacts;
import io.tessera.router.local.SessionValueInliner;
import io.tessera.router.parse.ParsedStatement;

/**
 * Replaces what only Tessera knows in a statement that goes to a data node: {@code DATABASE()} is the logical
 * schema, not the data node's database; {@code USER()}, {@code CONNECTION_ID()}, {@code LAST_INSERT_ID()},
 * {@code ROW_COUNT()}, {@code FOUND_ROWS()}, {@code VERSION()} and {@code @@version_comment} are the client
 * session's. Each becomes a literal; a select item keeps its column label through an alias. The router's {@link
 * SessionValueInliner} rewrites the statement; this class hands it the session's facts.
 */
public final class SessionFunctions {

    private final SessionValueInliner inliner;

    public SessionFunctions(String serverVersion, String versionComment) {
        this.inliner = new SessionValueInliner(serverVersion, versionComment);
    }

    /**
     * The statement with the session's values inlined (a new statement, whose text is the rewritten tree's), or
     * {@code statement} itself when it mentions none. The tree is rewritten in place.
     */
    public ParsedStatement inline(ParsedStatement statement, Session session) {
        if (!SessionValueInliner.mentionsSessionValues(statement.sql())) {
            return statement; // most statements: no facts gathered, nothing allocated
        }
        return inliner.inline(statement, new SessionFacts(session.schema(), session.userName(),
                session.remoteHost(), session.connectionId(), session.lastInsertId(), session.rowCount(),
                session.foundRows()));
    }
}
