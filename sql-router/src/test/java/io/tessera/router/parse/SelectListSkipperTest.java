package io.tessera.router.parse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SelectListSkipperTest {

    @Test
    void keepsFromTheTopLevelFromOn() {
        assertThat(SelectListSkipper.routingText("SELECT a, b, f(c, 'from x') AS `from` FROM t WHERE id = 1"))
                .isEqualTo("SELECT 1 FROM t WHERE id = 1");
        assertThat(SelectListSkipper.routingText("  select\na -- from y\n, b /* from z */ from t"))
                .isEqualTo("SELECT 1 from t");
        assertThat(SelectListSkipper.routingText("select a, \"from\" from t where x in (select 1 from u)"))
                .isEqualTo("SELECT 1 from t where x in (select 1 from u)");
    }

    @Test
    void leavesWhatItCannotShortenSafely() {
        assertThat(SelectListSkipper.routingText("select (select max(id) from u) as m from t")).isNull();
        assertThat(SelectListSkipper.routingText("insert into t select * from u")).isNull();
        assertThat(SelectListSkipper.routingText("select /*! STRAIGHT_JOIN */ a from t")).isNull();
        assertThat(SelectListSkipper.routingText("select 1")).isNull();
        assertThat(SelectListSkipper.routingText("selection from t")).isNull();
    }

    @Test
    void aLongSelectIsParsedWithoutItsSelectListButKeepsItsText() {
        StringBuilder sql = new StringBuilder("select ");
        for (int i = 0; i < 400; i++) {
            sql.append(i == 0 ? "" : ", ").append("t.column_").append(i);
        }
        sql.append(" from orders t where t.id = 42");
        ParsedStatement parsed = new SqlParser().parse(sql.toString());
        assertThat(parsed.abridged()).isTrue();
        assertThat(parsed.sql()).isEqualTo(sql.toString());
        assertThat(parsed.type()).isEqualTo(StatementType.SELECT);
        assertThat(parsed.tables()).containsExactly(new TableReference(null, "orders", "t"));
        assertThat(new SqlParser().parse("select a from t").abridged()).isFalse();
    }
}
