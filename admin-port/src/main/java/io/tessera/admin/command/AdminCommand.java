package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One admin statement: its syntax, its help lines, and how it is answered. */
interface AdminCommand {

    /**
     * The whole statement, case-insensitive, matched against the text {@link AdminCommands} has trimmed of leading
     * comments, surrounding spaces and trailing semicolons. Groups carry the arguments.
     */
    Pattern syntax();

    /** The lines {@code show @@help} lists for this command, in order; empty for a statement it does not list. */
    List<HelpEntry> help();

    /**
     * Whether the command changes the server (reload, switch, kill, offline, ...): only managers may run it
     * ({@link AdminSession#manager()}); everyone may run the others.
     */
    default boolean changesServer() {
        return false;
    }

    /**
     * Answers the statement: with {@link AdminReply.Rows} or {@link AdminReply.Ok} when the answer is known now, or
     * with {@link AdminReply.Pending} when it comes later (an {@link io.tessera.admin.AdminActions} action). Runs on
     * the admin connection's event loop: it must not block.
     *
     * @param args a matcher of {@link #syntax()} that has matched the statement
     * @throws io.tessera.protocol.error.TesseraException for an error the client must see, e.g. an unknown name
     */
    AdminReply execute(Matcher args, AdminContext context, AdminSession session);
}
