package io.tessera.proxy.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.router.ParentLocator;
import io.tessera.router.TableColumns;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunFactsTest {

    @Test
    void whatTheRunLearntStandsEvenWhenTheSharedCachesForgetIt() {
        RunFacts facts = new RunFacts(TableColumns.UNKNOWN, ParentLocator.UNKNOWN);
        assertThat(facts.columns("TESTDB", "orders")).isNull();
        facts.learnColumns("TESTDB", "orders", List.of("id", "status"));
        facts.learnParent("TESTDB", "order_items", "item_id", "10", 1);
        assertThat(facts.columns("TESTDB", "ORDERS")).containsExactly("id", "status"); // table names case-blind
        assertThat(facts.nodeOf("TESTDB", "ORDER_ITEMS", "ITEM_ID", "10")).isEqualTo(1);
        assertThat(facts.nodeOf("TESTDB", "order_items", "item_id", "11")).isNull();
    }

    @Test
    void whatTheRunDidNotLearnComesFromTheSharedCaches() {
        RunFacts facts = new RunFacts((schema, table) -> List.of("a"), (schema, table, key, value) -> 0);
        assertThat(facts.columns("TESTDB", "t")).containsExactly("a");
        assertThat(facts.nodeOf("TESTDB", "t", "k", "v")).isZero();
    }
}
