package io.tessera.proxy.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.proxy.local.DerivedTable.Column;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class DerivedTableTest {

    private final DerivedTable table = new DerivedTable(List.of(Column.unsigned("ID"), Column.text("NAME", 64),
            Column.longText("INFO")));

    @Test
    void rowsAreUnionedCastValuesNamedInTheFirst() {
        String sql = table.select(List.of(Arrays.asList(7L, "TESTDB", null), Arrays.asList(8L, "", "it's \\ é")));

        assertThat(sql).isEqualTo("SELECT CAST(7 AS UNSIGNED) AS `ID`,"
                + " CAST(X'544553544442' AS CHAR(64) CHARACTER SET utf8mb4) AS `NAME`,"
                + " CAST(NULL AS CHAR CHARACTER SET utf8mb4) AS `INFO`"
                + " UNION ALL SELECT CAST(8 AS UNSIGNED), CAST(X'' AS CHAR(64) CHARACTER SET utf8mb4),"
                + " CAST(X'69742773205c20c3a9' AS CHAR CHARACTER SET utf8mb4)");
    }

    @Test
    void noRowsIsAnEmptyTableWithTheColumns() {
        assertThat(table.select(List.of())).isEqualTo("SELECT CAST(NULL AS UNSIGNED) AS `ID`,"
                + " CAST(NULL AS CHAR(64) CHARACTER SET utf8mb4) AS `NAME`,"
                + " CAST(NULL AS CHAR CHARACTER SET utf8mb4) AS `INFO` FROM DUAL WHERE FALSE");
    }

    @Test
    void aRowOfTheWrongSizeIsABug() {
        assertThatThrownBy(() -> table.select(List.of(List.of(1L))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("row 0: 1 values (expected: 3)");
    }
}
