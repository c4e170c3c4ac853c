package io.tessera.router.wall;

import com.alibaba.druid.wall.Violation;
import com.alibaba.druid.wall.WallCheckResult;
import com.alibaba.druid.wall.WallProvider;
import com.alibaba.druid.wall.spi.MySqlWallProvider;
import io.tessera.router.parse.ExecutableComments;
import io.tessera.router.parse.NoBackslashEscapes;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * MyCat's SQL blacklist: Druid's {@link MySqlWallProvider} with a {@code WallConfig} of the blacklist's properties,
 * as MyCat's {@code FirewallConfig} builds it, asked about each statement text. Druid remembers its verdicts by the
 * statement's shape (its text with the literals as {@code ?}; 1024 allowed and 256 refused shapes, texts under 8 KiB),
 * so a statement of a shape it has judged costs one parse, and one of the last 256 texts it saw none. Thread-safe.
 *
 * <p>It judges the text as the data nodes read it, which MyCat does not: a MySQL executable comment
 * ({@code /*! OR 1 = 1 *&#47;}) is opened first, and under {@code NO_BACKSLASH_ESCAPES} a backslash in a string is
 * read as the plain character it is there (Druid's wall reads the default mode only). Otherwise a statement could
 * hide from the wall what the data node runs.
 *
 * <p>A statement the wall cannot read is refused as a syntax error ({@code strictSyntaxCheck}, Druid's default):
 * MyCat let it through unjudged.
 */
public final class SqlFirewall {

    private final WallProvider provider;

    /**
     * @param properties the blacklist's properties by name
     * @throws IllegalArgumentException for a property {@link WallProperties#problem} finds wrong
     */
    public SqlFirewall(Map<String, String> properties) {
        MySqlWallProvider wall = new MySqlWallProvider(WallProperties.config(properties));
        wall.setBlackListEnable(true); // as MyCat: refused texts are remembered too
        this.provider = wall;
    }

    /**
     * The first rule the statement breaks, or empty when the blacklist lets it run.
     *
     * @param sql the client's text (one statement, or several when the client sends several at once)
     * @param backslashEscapes false when the session's sql_mode has {@code NO_BACKSLASH_ESCAPES}
     */
    public Optional<WallViolation> check(String sql, boolean backslashEscapes) {
        String read = ExecutableComments.unwrap(backslashEscapes ? sql : NoBackslashEscapes.asDefaultMode(sql));
        WallCheckResult result = provider.check(read);
        List<Violation> violations = result.getViolations();
        if (violations.isEmpty()) {
            return Optional.empty();
        }
        Violation first = violations.get(0);
        return Optional.of(WallViolation.of(first.getErrorCode(), first.getMessage(), result.isSyntaxError()));
    }
}
