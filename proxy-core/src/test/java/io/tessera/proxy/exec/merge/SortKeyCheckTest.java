package io.tessera.proxy.exec.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.Aggregate;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.Limit;
import io.tessera.router.plan.OrderedMerge;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import io.tessera.router.plan.Sort;
import io.tessera.router.plan.SortKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SortKeyCheckTest {

    private static final int UTF8MB4_GENERAL_CI = 45;

    private static final ColumnDefinition41 INT = TestRows.column("k", ColumnType.LONG);
    private static final ColumnDefinition41 DATE = TestRows.column("d", ColumnType.DATE);
    private static final ColumnDefinition41 BYTES = TestRows.column("b", ColumnType.VAR_STRING);
    private static final ColumnDefinition41 TEXT = TestRows.column("c", ColumnType.VAR_STRING, UTF8MB4_GENERAL_CI, 0);
    private static final ColumnDefinition41 WEIGHT = TestRows.column("w", ColumnType.VAR_STRING);
    private static final ColumnDefinition41 JSON = TestRows.column("j", ColumnType.JSON);

    private final Set<String> learnt = new HashSet<>();
    private final List<String> changes = new ArrayList<>();
    private final SortKeyFeedback feedback = new SortKeyFeedback() {
        @Override
        public void notStrings(Set<String> expressions) {
            learnt.addAll(expressions);
        }

        @Override
        public void changed() {
            changes.add("changed");
        }
    };

    private static Route route() {
        return new Route(List.of(new ShardStatement("dn1", "select", true), new ShardStatement("dn2", "select", true)));
    }

    private static SortKey weighed(int column, int weight, String expression) {
        return new SortKey(column, weight, false, expression);
    }

    private void check(PlanNode plan, List<ColumnDefinition41> dn1, List<ColumnDefinition41> dn2) {
        SortKeyCheck.check(plan, List.of(dn1, dn2), feedback);
    }

    @Test
    void weighedKeysThatNoNodeSendsAsStringsAreReported() {
        PlanNode plan = new Limit(0, 20, new OrderedMerge(List.of(weighed(0, 3, "k"), weighed(1, 4, "d"),
                weighed(2, 5, "b")), route()));
        List<ColumnDefinition41> columns = List.of(INT, DATE, BYTES, WEIGHT, WEIGHT, WEIGHT);
        check(plan, columns, columns);
        assertThat(learnt).containsExactlyInAnyOrder("k", "d", "b");
        assertThat(changes).isEmpty();
    }

    @Test
    void stringsKeysWithoutAnExpressionAndUnorderedTypesAreNot() {
        PlanNode plan = new Sort(List.of(weighed(0, 3, "c"), new SortKey(1, 4, false), weighed(2, 5, "j")),
                new Aggregate(List.of(weighed(1, 4, "k")), List.of(), route()));
        check(plan, List.of(TEXT, INT, JSON, WEIGHT, WEIGHT, WEIGHT), List.of(TEXT, INT, JSON, WEIGHT, WEIGHT, WEIGHT));
        assertThat(learnt).containsExactly("k"); // from the Aggregate's group key
    }

    @Test
    void aKeyThatIsAStringOnOneNodeOnlyIsNoNumber() {
        PlanNode plan = new OrderedMerge(List.of(weighed(0, 1, "k")), route());
        check(plan, List.of(INT, WEIGHT), List.of(TEXT, WEIGHT));
        assertThat(learnt).isEmpty();
    }

    @Test
    void aKeyPlannedWithoutItsWeightThatIsAStringNowIsRefusedAndReported() {
        PlanNode plan = new OrderedMerge(List.of(new SortKey(0, Columns.NONE, true, "k")), route());
        check(plan, List.of(INT), List.of(INT));
        assertThat(changes).isEmpty();

        assertThatThrownBy(() -> check(plan, List.of(INT), List.of(TEXT)))
                .isInstanceOfSatisfying(TesseraException.class, e -> assertThat(e.errorCode()).isEqualTo(1235))
                .hasMessageContaining("sort key k was planned as no string")
                .hasMessageContaining("column 'c' of type VAR_STRING")
                .hasMessageContaining("run the statement again");
        assertThat(changes).containsExactly("changed");
    }
}
