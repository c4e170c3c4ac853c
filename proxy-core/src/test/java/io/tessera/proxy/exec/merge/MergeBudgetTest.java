package io.tessera.proxy.exec.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.error.TesseraException;
import org.junit.jupiter.api.Test;

class MergeBudgetTest {

    @Test
    void reservationsUpToTheLimitExactlyAreAllowed() {
        MergeBudget budget = new MergeBudget(100);

        assertThatCode(() -> {
            budget.reserve(60, "sorting merged rows");
            budget.reserve(40, "sorting merged rows");
        }).doesNotThrowAnyException();
    }

    @Test
    void oneByteBeyondTheLimitFailsWithMysqlsOutOfSortMemoryErrorSayingWhatToDo() {
        MergeBudget budget = new MergeBudget(100);
        budget.reserve(100, "sorting merged rows");

        assertThatThrownBy(() -> budget.reserve(1, "sorting merged rows"))
                .isInstanceOfSatisfying(TesseraException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1038);
                    assertThat(e.sqlState()).isEqualTo("HY001");
                    assertThat(e.getMessage()).isEqualTo("sorting merged rows needs more than mergeMemoryLimit"
                            + " (100 bytes) to merge the rows of several data nodes: raise mergeMemoryLimit in"
                            + " server.xml, or narrow the query (a WHERE, a LIMIT, fewer columns)");
                });
    }

    @Test
    void freedBytesCanBeReservedAgain() {
        MergeBudget budget = new MergeBudget(100);
        budget.reserve(100, "a");
        budget.free(30);

        budget.reserve(30, "b");
        assertThatThrownBy(() -> budget.reserve(1, "c")).isInstanceOf(TesseraException.class);
    }

    @Test
    void aZeroLimitAllowsOnlyEmptyReservations() {
        MergeBudget budget = new MergeBudget(0);

        budget.reserve(0, "nothing");
        assertThatThrownBy(() -> budget.reserve(1, "one byte")).isInstanceOfSatisfying(TesseraException.class,
                e -> assertThat(e.getMessage()).startsWith("one byte needs more than mergeMemoryLimit (0 bytes)"));
    }

    @Test
    void aLimitBeyondIntegerRangeIsHonoured() {
        MergeBudget budget = new MergeBudget(3L * Integer.MAX_VALUE);

        budget.reserve(Integer.MAX_VALUE, "a");
        budget.reserve(Integer.MAX_VALUE, "b");
        budget.reserve(Integer.MAX_VALUE, "c");
        assertThatThrownBy(() -> budget.reserve(1, "d")).isInstanceOf(TesseraException.class);
    }
}
