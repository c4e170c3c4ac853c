package io.tessera.admin.command;

import io.tessera.admin.AdminContext;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code SET ...}: accepted and ignored with OK, as MyCat's manager does. Drivers send {@code SET NAMES},
 * {@code SET character_set_results} or {@code SET autocommit} while connecting; the admin port has no session
 * state they could change. Not listed by {@code show @@help}.
 */
final class SetStatement implements AdminCommand {

    private static final Pattern SYNTAX = Pattern.compile("set\\s.*", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    @Override
    public Pattern syntax() {
        return SYNTAX;
    }

    @Override
    public List<HelpEntry> help() {
        return List.of();
    }

    @Override
    public AdminReply execute(Matcher args, AdminContext context, AdminSession session) {
        return new AdminReply.Ok(0, "");
    }
}
