package io.tessera.proxy.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class WaitForGraphTest {

    @Test
    void twoTransactionsWaitingForEachOtherAreACycle() {
        WaitForGraph<String> graph = new WaitForGraph<>();
        graph.waits("a", "b");
        graph.waits("b", "a");

        assertThat(graph.cycles()).containsExactly(List.of("a", "b"));
    }

    @Test
    void aChainOfWaitsIsNoCycle() {
        WaitForGraph<String> graph = new WaitForGraph<>();
        graph.waits("a", "b");
        graph.waits("b", "c");
        graph.waits("d", "c");

        assertThat(graph.cycles()).isEmpty();
    }

    @Test
    void aSessionWaitingForItselfIsNoEdge() {
        WaitForGraph<String> graph = new WaitForGraph<>();
        graph.waits("a", "a");

        assertThat(graph.cycles()).isEmpty();
    }

    @Test
    void findsALongCycleBehindATailAndAnotherThatSharesNoTransaction() {
        WaitForGraph<String> graph = new WaitForGraph<>();
        graph.waits("tail", "a");
        graph.waits("a", "b");
        graph.waits("b", "c");
        graph.waits("c", "a");
        graph.waits("x", "y");
        graph.waits("y", "x");

        assertThat(graph.cycles()).containsExactly(List.of("a", "b", "c"), List.of("x", "y"));
    }

    @Test
    void cyclesThroughTheSameTransactionAreFoundOneAtATime() {
        WaitForGraph<String> graph = new WaitForGraph<>();
        graph.waits("a", "b");
        graph.waits("b", "a");
        graph.waits("b", "c");
        graph.waits("c", "b");

        // breaking a or b first; the next look finds whatever cycle is left
        assertThat(graph.cycles()).containsExactly(List.of("a", "b"));
    }
}
