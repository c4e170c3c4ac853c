package io.tessera.admin.command;

import io.tessera.protocol.result.ResultTable;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * What an admin command answers: a result set or an OK packet, ready now, or {@link Pending} an answer that comes
 * later. A command that answers at once returns its {@link Rows} or {@link Ok} directly, with no future to allocate
 * or complete.
 */
public sealed interface AdminReply {

    /** A result set, written by {@link io.tessera.protocol.result.ResultTableEncoder}. */
    record Rows(ResultTable table) implements AdminReply {
        public Rows {
            Objects.requireNonNull(table, "table");
        }
    }

    /** An OK packet with these affected rows and this info message (e.g. MyCat's "Reload config success"). */
    record Ok(long affectedRows, String message) implements AdminReply {
        public Ok {
            Objects.requireNonNull(message, "message");
        }
    }

    /**
     * An answer that comes when {@code answer} completes, e.g. after an {@link io.tessera.admin.AdminActions} action.
     * The admin connection reads no further command until then; a failed stage is answered with an ERR (a
     * {@link io.tessera.protocol.error.TesseraException}'s own code, SQLSTATE and message, else 1105), and an answer
     * that completes after the client went away is dropped.
     */
    record Pending(CompletionStage<? extends AdminReply> answer) implements AdminReply {
        public Pending {
            Objects.requireNonNull(answer, "answer");
        }
    }
}
