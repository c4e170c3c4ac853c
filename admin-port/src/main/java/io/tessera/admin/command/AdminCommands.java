package io.tessera.admin.command;

import io.tessera.admin.AdminActions;
import io.tessera.admin.AdminContext;
import io.tessera.protocol.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one list of admin commands, and the dispatcher: a statement goes to the first command whose syntax matches
 * all of it. No service loader: a command exists when it is in {@link #standard}.
 *
 * <p>Before matching, the statement loses its leading block comments (Connector/J prefixes one), the spaces around
 * it and any trailing semicolons; keywords match case-insensitively and runs of spaces are free.
 * Thread-safe and immutable.
 */
public final class AdminCommands {

    /** How much of an unknown statement the error message quotes. */
    private static final int MAX_QUOTED = 200;
    private static final Pattern LEADING_COMMENT = Pattern.compile("^\\s*/\\*(?!!).*?\\*/", Pattern.DOTALL);

    private final List<AdminCommand> commands;

    AdminCommands(List<AdminCommand> commands) {
        this.commands = List.copyOf(commands);
    }

    /**
     * Every command Tessera has, in {@code show @@help} order (MyCat's order).
     *
     * @param maxAllowedPacket what {@code select @@max_allowed_packet} answers: the admin port's packet limit
     * @param actions          what the control commands ({@code kill @@connection}, {@code offline}, ...) ask for
     */
    public static AdminCommands standard(int maxAllowedPacket, AdminActions actions) {
        return create(maxAllowedPacket, Memory::ofRuntime, actions);
    }

    static AdminCommands create(int maxAllowedPacket, Supplier<Memory> memory, AdminActions actions) {
        Objects.requireNonNull(actions, "actions");
        List<AdminCommand> listed = List.of(
                new ShowTime(ShowTime.Which.CURRENT),
                new ShowTime(ShowTime.Which.STARTUP),
                new ShowVersion(),
                new ShowServer(memory),
                new ShowThreadPool(),
                new ShowDatabase(),
                new ShowDataNode(),
                new ShowDataSource(),
                new ShowDataSourceSynStatus(),
                new ShowDataSourceSynDetail(),
                new ShowProcessor(),
                new ShowCommand(),
                new ShowConnection(),
                new ShowBackend(),
                new ShowCache(),
                new ShowCluster(),
                new ShowDeadlock(),
                new ShowSession(),
                new ShowConnectionSql(),
                new ShowSql(),
                new ShowSqlHigh(),
                new ShowSqlSlow(),
                new ShowSqlLarge(),
                new ShowSqlResultSet(),
                new ShowSqlSumUser(ShowSqlSumUser.Which.SUM),
                new ShowSqlSumUser(ShowSqlSumUser.Which.SUM_USER),
                new ShowSqlSumTable(),
                new ShowParser(),
                new ShowRouter(),
                new ShowHeartbeat(),
                new ShowHeartbeatDetail(),
                new ShowSysParam(),
                new ShowSysLog(),
                new ShowWhite(),
                new SwitchDataSource(actions),
                new KillConnection(actions),
                new StopHeartbeat(actions),
                new ReloadConfig(ReloadConfig.What.CONFIG, actions),
                new ReloadConfig(ReloadConfig.What.CONFIG_ALL, actions),
                new ReloadConfig(ReloadConfig.What.USER, actions),
                new ReloadSqlSlow(),
                new ReloadConfig(ReloadConfig.What.ROLLBACK, actions),
                new ReloadSqlStat(),
                new ChangeStatus(ChangeStatus.To.OFFLINE, actions),
                new ChangeStatus(ChangeStatus.To.ONLINE, actions),
                new ClearSlow(ClearSlow.By.SCHEMA),
                new ClearSlow(ClearSlow.By.DATA_NODE));
        List<HelpEntry> help = new ArrayList<>();
        for (AdminCommand command : listed) {
            help.addAll(command.help());
        }
        List<AdminCommand> all = new ArrayList<>(listed);
        all.add(new ShowHelp(help));
        all.add(new SelectVariables(maxAllowedPacket));
        all.add(new SetStatement());
        return new AdminCommands(all);
    }

    /**
     * Answers one statement: at once, or with an {@link AdminReply.Pending} for a command that waits for an action.
     *
     * @throws io.tessera.protocol.error.TesseraException ERR 1227 when a user who is no manager runs a command that
     *     changes the server; ERR 1064 {@code unknown admin command: <statement>; show @@help ...} when no
     *     command matches, or the command's own error; the connection stays usable either way
     */
    public AdminReply execute(String sql, AdminContext context, AdminSession session) {
        String statement = normalize(sql);
        for (AdminCommand command : commands) {
            Matcher args = command.syntax().matcher(statement);
            if (args.matches()) {
                if (command.changesServer() && !session.manager()) {
                    throw ErrorCode.SPECIFIC_ACCESS_DENIED.exception("manager"); // server.xml's user property
                }
                return command.execute(args, context, session);
            }
        }
        String quoted = statement.length() <= MAX_QUOTED ? statement : statement.substring(0, MAX_QUOTED) + "...";
        throw ErrorCode.PARSE_ERROR.exception("unknown admin command: " + quoted + "; show @@help lists the commands");
    }

    /** The statement without leading comments, surrounding spaces and trailing semicolons. */
    static String normalize(String sql) {
        String s = sql;
        Matcher comment = LEADING_COMMENT.matcher(s);
        while (comment.lookingAt()) {
            s = s.substring(comment.end());
            comment = LEADING_COMMENT.matcher(s);
        }
        s = s.strip();
        while (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).strip();
        }
        return s;
    }

    /** The commands in dispatch order, for tests that check every one is handled. */
    List<AdminCommand> commands() {
        return commands;
    }
}
