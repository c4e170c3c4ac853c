package io.tessera.protocol.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.constant.ColumnFlag;
import io.tessera.protocol.constant.ColumnType;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTableTest {

    @Test
    void rendersValuesAsTextAndKeepsNull() {
        ResultTable table = ResultTable.builder()
                .column(ResultTable.varchar("a")).column(ResultTable.bigint("b")).column(ResultTable.integer("c"))
                .row("x", 42L, null)
                .build();

        assertThat(table.rows()).containsExactly(Arrays.asList("x", "42", null));
    }

    @Test
    void describesComputedColumnsAsMySqlDoes() {
        assertThat(ResultTable.varchar("v")).satisfies(c -> {
            assertThat(c.type()).isEqualTo(ColumnType.VAR_STRING);
            assertThat(c.collation()).isEqualTo(Collations.UTF8MB4_GENERAL_CI);
        });
        assertThat(ResultTable.bigint("b")).satisfies(c -> {
            assertThat(c.type()).isEqualTo(ColumnType.LONGLONG);
            assertThat(c.collation()).isEqualTo(Collations.BINARY);
            assertThat(c.flags()).isEqualTo(ColumnFlag.BINARY | ColumnFlag.NUM);
        });
        assertThat(ResultTable.integer("i").type()).isEqualTo(ColumnType.LONG);
    }

    @Test
    void rejectsRowWithWrongNumberOfValues() {
        ResultTable.Builder builder = ResultTable.builder().column(ResultTable.varchar("a"))
                .column(ResultTable.varchar("b"));

        assertThatThrownBy(() -> builder.row("only one"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("row: 1 values (expected: 2)");
    }

    @Test
    void isImmutableOnceBuilt() {
        ResultTable.Builder builder = ResultTable.builder().column(ResultTable.varchar("a")).row("1");
        ResultTable table = builder.build();
        builder.row("2");

        assertThat(table.rows()).hasSize(1);
        assertThatThrownBy(() -> table.rows().add(List.of("3"))).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> table.rows().get(0).set(0, "9")).isInstanceOf(UnsupportedOperationException.class);
    }
}
