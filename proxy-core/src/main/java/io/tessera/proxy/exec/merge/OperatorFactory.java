package io.tessera.proxy.exec.merge;

import io.netty.buffer.ByteBufAllocator;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.Aggregate;
import io.tessera.router.plan.AggregateColumn;
import io.tessera.router.plan.Concat;
import io.tessera.router.plan.Distinct;
import io.tessera.router.plan.Filter;
import io.tessera.router.plan.Limit;
import io.tessera.router.plan.OrderedMerge;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Project;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.Sort;
import java.util.List;

/**
 * Builds the operators of one statement's merge, one per plan node, once the data nodes' column definitions are
 * known. A plan node kind without an operator does not compile.
 */
final class OperatorFactory implements PlanNode.Visitor<RowSource> {

    private final List<ShardInput> shards;
    private final List<ColumnDefinition41> columns;
    private final MergeBudget budget;
    private final ByteBufAllocator alloc;

    OperatorFactory(List<ShardInput> shards, List<ColumnDefinition41> columns, MergeBudget budget,
            ByteBufAllocator alloc) {
        this.shards = shards;
        this.columns = columns;
        this.budget = budget;
        this.alloc = alloc;
    }

    @Override
    public RowSource visitRoute(Route route) {
        throw new IllegalStateException("a Route is read through Concat or OrderedMerge: " + route.describe());
    }

    @Override
    public RowSource visitConcat(Concat concat) {
        return new ConcatOperator(shards);
    }

    @Override
    public RowSource visitOrderedMerge(OrderedMerge merge) {
        return new OrderedMergeOperator(shards, RowComparator.of(merge.keys(), columns));
    }

    @Override
    public RowSource visitAggregate(Aggregate aggregate) {
        RowComparator groups = aggregate.groupKeys().isEmpty() ? null
                : RowComparator.of(aggregate.groupKeys(), columns);
        List<AggregateColumn> specs = aggregate.aggregates();
        Accumulator[] accumulators = new Accumulator[specs.size()];
        for (int i = 0; i < accumulators.length; i++) {
            accumulators[i] = Accumulator.of(specs.get(i), columns);
        }
        return new AggregateOperator(groups, accumulators, columns.size(), aggregate.input().accept(this), alloc);
    }

    @Override
    public RowSource visitFilter(Filter filter) {
        return new FilterOperator(filter.predicate(), filter.input().accept(this), columns);
    }

    @Override
    public RowSource visitSort(Sort sort) {
        return new SortOperator(RowComparator.of(sort.keys(), columns), sort.input().accept(this), budget);
    }

    @Override
    public RowSource visitDistinct(Distinct distinct) {
        return new DistinctOperator(RowComparator.of(distinct.keys(), columns), distinct.input().accept(this));
    }

    @Override
    public RowSource visitLimit(Limit limit) {
        return new LimitOperator(limit.offset(), limit.count(), limit.input().accept(this));
    }

    @Override
    public RowSource visitProject(Project project) {
        return new ProjectOperator(columns.size() - project.hiddenColumns(), project.input().accept(this));
    }
}
