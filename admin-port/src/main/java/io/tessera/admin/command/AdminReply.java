package io.tessera.admin.command;

import io.tessera.protocol.result.ResultTable;
import java.util.Objects;

/** What an admin command answers: a result set, or an OK packet. */
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
}
