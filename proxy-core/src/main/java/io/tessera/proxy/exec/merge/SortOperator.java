package io.tessera.proxy.exec.merge;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs {@link io.tessera.router.plan.Sort}: reads every row of its input, within the statement's {@link MergeBudget},
 * sorts them (stably: rows equal on the keys keep their input order) and passes them on.
 */
final class SortOperator implements RowSource {

    private final RowComparator order;
    private final RowSource input;
    private final MergeBudget budget;
    private List<Row> rows = new ArrayList<>();
    private int emitted;
    private boolean sorted;

    SortOperator(RowComparator order, RowSource input, MergeBudget budget) {
        this.order = order;
        this.input = input;
        this.budget = budget;
    }

    @Override
    public Row next() {
        if (!sorted) {
            Row row;
            while ((row = input.next()) != null) {
                row = row.compact();
                rows.add(row);
                budget.reserve(row.size(), "sorting merged rows");
            }
            if (!input.isDone()) {
                return null;
            }
            rows.sort(order);
            sorted = true;
        }
        if (emitted == rows.size()) {
            return null;
        }
        Row row = rows.get(emitted);
        rows.set(emitted++, null);
        budget.free(row.size());
        return row;
    }

    @Override
    public boolean isDone() {
        return sorted && emitted == rows.size();
    }

    @Override
    public void discard() {
        for (int i = emitted; i < rows.size(); i++) {
            if (rows.get(i) != null) {
                rows.get(i).release();
            }
        }
        rows = new ArrayList<>();
        emitted = 0;
        input.discard();
    }
}
