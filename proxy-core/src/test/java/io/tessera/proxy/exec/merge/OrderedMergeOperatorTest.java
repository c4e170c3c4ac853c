package io.tessera.proxy.exec.merge;

import static io.tessera.proxy.exec.merge.TestRows.column;
import static io.tessera.proxy.exec.merge.TestRows.drain;
import static io.tessera.proxy.exec.merge.TestRows.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.router.plan.SortKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class OrderedMergeOperatorTest {

    private static final RowComparator BY_NUMBER = RowComparator.of(List.of(SortKey.asc(0)),
            List.of(column("n", ColumnType.LONGLONG), column("s", ColumnType.VARCHAR)));

    @Test
    void holdsRowsUntilEveryNodeHasOneThenInterleaves() {
        FakeShard a = new FakeShard(0);
        FakeShard b = new FakeShard(1);
        OrderedMergeOperator merge = new OrderedMergeOperator(List.of(a, b), BY_NUMBER);

        a.send(row("1", "a"), row("10", "d"));
        assertThat(merge.next()).isNull();             // node b may still send a smaller row
        b.send(row("2", "b"), row("3", "c")).complete();
        assertThat(drain(merge)).containsExactly(List.of("1", "a"), List.of("2", "b"), List.of("3", "c"),
                List.of("10", "d"));                   // b is done: a's rows need not wait
        assertThat(merge.isDone()).isFalse();          // a may send more
        a.complete();
        assertThat(merge.next()).isNull();
        assertThat(merge.isDone()).isTrue();
    }

    @Test
    void numbersCompareAsNumbersAndNullsComeFirst() {
        FakeShard a = new FakeShard(0).send(row(null, "x"), row("-5", "y"), row("9", "z")).complete();
        FakeShard b = new FakeShard(1).send(row(null, "p"), row("10", "q")).complete();
        List<String> order = new ArrayList<>();
        drain(new OrderedMergeOperator(List.of(a, b), BY_NUMBER)).forEach(r -> order.add(r.get(1)));
        assertThat(order).containsExactly("x", "p", "y", "z", "q");
    }

    @Test
    void randomLayoutsMergeIntoOneSortedCompleteStream() {
        Random random = new Random(42);
        for (int round = 0; round < 200; round++) {
            int nodes = 1 + random.nextInt(5);
            List<FakeShard> shards = new ArrayList<>();
            List<long[]> perNode = new ArrayList<>();
            List<Long> all = new ArrayList<>();
            for (int i = 0; i < nodes; i++) {
                long[] values = random.longs(random.nextInt(20), -1000, 1000).sorted().toArray();
                perNode.add(values);
                Arrays.stream(values).forEach(all::add);
                shards.add(new FakeShard(i));
            }
            OrderedMergeOperator merge = new OrderedMergeOperator(shards, BY_NUMBER);
            List<Long> merged = new ArrayList<>();
            int[] sent = new int[nodes];
            while (!merge.isDone()) {
                int node = random.nextInt(nodes);   // deliver rows in random small chunks
                long[] values = perNode.get(node);
                for (int k = random.nextInt(3); k > 0 && sent[node] < values.length; k--) {
                    shards.get(node).send(row(Long.toString(values[sent[node]++]), ""));
                }
                if (sent[node] == values.length) {
                    shards.get(node).complete();
                }
                drain(merge).forEach(r -> merged.add(Long.parseLong(r.get(0))));
            }
            all.sort(null);
            assertThat(merged).isEqualTo(all);
        }
    }
}
