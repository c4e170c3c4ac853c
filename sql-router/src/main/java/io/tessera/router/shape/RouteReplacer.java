package io.tessera.router.shape;

import io.tessera.router.plan.Aggregate;
import io.tessera.router.plan.Concat;
import io.tessera.router.plan.Distinct;
import io.tessera.router.plan.Filter;
import io.tessera.router.plan.Limit;
import io.tessera.router.plan.OrderedMerge;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Project;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.Sort;

/** A plan with its route replaced, every merge step above it kept as it is. */
final class RouteReplacer implements PlanNode.Visitor<PlanNode> {

    private final Route route;

    private RouteReplacer(Route route) {
        this.route = route;
    }

    static PlanNode replace(PlanNode plan, Route route) {
        return plan.accept(new RouteReplacer(route));
    }

    @Override
    public PlanNode visitRoute(Route ignored) {
        return route;
    }

    @Override
    public PlanNode visitConcat(Concat concat) {
        return new Concat(route);
    }

    @Override
    public PlanNode visitOrderedMerge(OrderedMerge merge) {
        return new OrderedMerge(merge.keys(), route);
    }

    @Override
    public PlanNode visitAggregate(Aggregate aggregate) {
        return new Aggregate(aggregate.groupKeys(), aggregate.aggregates(), aggregate.input().accept(this));
    }

    @Override
    public PlanNode visitFilter(Filter filter) {
        return new Filter(filter.predicate(), filter.input().accept(this));
    }

    @Override
    public PlanNode visitSort(Sort sort) {
        return new Sort(sort.keys(), sort.input().accept(this));
    }

    @Override
    public PlanNode visitDistinct(Distinct distinct) {
        return new Distinct(distinct.keys(), distinct.input().accept(this));
    }

    @Override
    public PlanNode visitLimit(Limit limit) {
        return new Limit(limit.offset(), limit.count(), limit.input().accept(this));
    }

    @Override
    public PlanNode visitProject(Project project) {
        return new Project(project.hiddenColumns(), project.input().accept(this));
    }
}
