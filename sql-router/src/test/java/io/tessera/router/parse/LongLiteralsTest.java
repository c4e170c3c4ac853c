package io.tessera.router.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LongLiteralsTest {

    private static String elide(String sql, int max) {
        byte[] bytes = sql.getBytes(StandardCharsets.UTF_8);
        // split in three chunks, as a composite buffer of 16 MiB frames would be
        int a = bytes.length / 3;
        int b = 2 * bytes.length / 3;
        return LongLiterals.elide(new ByteBuffer[] {ByteBuffer.wrap(bytes, 0, a), ByteBuffer.wrap(bytes, a, b - a),
            ByteBuffer.wrap(bytes, b, bytes.length - b)}, StandardCharsets.UTF_8, max);
    }

    @Test
    void emptiesLiteralsLongerThanTheLimitOnly() {
        String[][] cases = {
            {"insert into t values (1, 'abcdef')", "insert into t values (1, '')"},
            {"insert into t values (1, _binary'ab\\'cd')", "insert into t values (1, _binary'')"},
            {"insert into t values ('x', 'it''s long')", "insert into t values ('x', '')"},
            {"insert into t values (\"abcdef\", 'ok')", "insert into t values (\"\", 'ok')"},
            {"select `a'bcdefg` from t where c = 'abcdefgh'", "select `a'bcdefg` from t where c = ''"},
            {"select 1 -- 'abcdefgh\n, 'abcdefgh'", "select 1 -- 'abcdefgh\n, ''"},
            {"select 1 /* 'abcdefgh */ , 'abcdefgh'", "select 1 /* 'abcdefgh */ , ''"},
            {"select 1--'abcdefgh'", "select 1--''"},
            {"select 4/'abcdefgh'", "select 4/''"},
            {"select # 'abcdefgh\n 'abcdefgh'", "select # 'abcdefgh\n ''"},
        };
        for (String[] c : cases) {
            assertThat(elide(c[0], 5)).as(c[0]).isEqualTo(c[1]);
        }
    }

    @Test
    void returnsNullWhenNothingIsLong() {
        assertThat(elide("insert into t values (1, 'abc', \"de\")", 5)).isNull();
    }

    @Test
    void keepsMultiByteCharactersIntact() {
        assertThat(elide("insert into 表 values ('短', '長い長い長い長い')", 5)).isEqualTo("insert into 表 values ('短', '')");
    }

    @Test
    void unterminatedLiteralsAreKeptForTheParserToReject() {
        assertThat(elide("select 'abcdefgh", 5)).isNull();
    }
}
