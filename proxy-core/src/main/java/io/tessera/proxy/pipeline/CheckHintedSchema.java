package io.tessera.proxy.pipeline;

import io.tessera.proxy.session.Authenticator;
import io.tessera.proxy.session.Session;

/**
 * A {@code schema=} hint routes the statement in another schema: the user must have that schema, as for USE. Checked
 * before any step reads the schema's tables.
 */
final class CheckHintedSchema implements Step {

    private final Authenticator authenticator;

    CheckHintedSchema(Authenticator authenticator) {
        this.authenticator = authenticator;
    }

    @Override
    public Flow apply(QueryRun run) {
        if (run.hint != null && run.hint.type().equals("schema")) {
            Session session = run.session();
            authenticator.checkSchema(session.user(), session.remoteHost(), run.hint.value());
        }
        return Flow.NEXT;
    }
}
