package io.tessera.router.locality;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** The 1235 messages of statements whose parts no set of data nodes can answer exactly. */
final class Messages {

    private static final String ADVICE = ": Tessera refuses what it cannot answer exactly";

    private Messages() {
    }

    static String noCommonNode(Block block) {
        Set<String> layouts = new LinkedHashSet<>();
        collectLayouts(block, layouts);
        return "the tables " + String.join(", ", layouts) + " have no data node in common: a statement across data"
                + " nodes is not supported" + ADVICE;
    }

    static String notJoinedOnShardingColumns(List<Source> parts) {
        return "the sharded tables " + names(parts) + " are not joined on their sharding columns under one rule (or"
                + " as ER parent and child): a cross-node join is not supported" + ADVICE;
    }

    static String outerJoinOfSpreadRows(OuterJoin join, List<Source> parts) {
        List<Source> spread = join.nullSupplying().stream().filter(parts::contains).toList();
        return "an outer join that keeps every row of " + names(join.preserved()) + " and matches rows of "
                + names(spread) + " from several data nodes is not supported: each node would add its own unmatched"
                + " rows; put a sharded table on the side whose rows are kept" + ADVICE;
    }

    static String notWholeOnEveryNode(Source source, List<Source> parts, List<String> nodes) {
        String what = source instanceof TableOccurrence occurrence
                ? occurrence.displayName() + " (" + occurrence.table().layout() + ")"
                : source.displayName() + " over " + String.join(", ", tablesOf(((DerivedTable) source).body()));
        return what + " is not whole on every data node that holds rows of " + names(parts) + " ("
                + String.join(", ", nodes) + "): a statement across data nodes is not supported" + ADVICE;
    }

    static String subqueryNotLocal(Subquery subquery, List<Source> parts, List<String> nodes) {
        return "a subquery over " + String.join(", ", tablesOf(subquery.unit())) + " cannot be answered on each of "
                + String.join(", ", nodes) + ", where the rows of " + names(parts) + " are: it is neither whole on"
                + " each of them (a global table) nor tied to those rows by their sharding columns" + ADVICE;
    }

    static String derivedNotPerNode(DerivedTable table, List<String> tables) {
        return table.displayName() + " over " + String.join(", ", tables) + " cannot be read node by node: it"
                + " groups, limits or makes distinct rows that several data nodes hold, or is recursive" + ADVICE;
    }

    /** The tables a unit reads, with where they live: {@code TESTDB.t (on dn1)}. */
    static List<String> tablesOf(Unit unit) {
        Set<String> layouts = new LinkedHashSet<>();
        collectLayouts(unit, layouts);
        return new ArrayList<>(layouts);
    }

    private static void collectLayouts(Unit unit, Set<String> layouts) {
        if (unit instanceof UnionUnit union) {
            union.branches().forEach(branch -> collectLayouts(branch, layouts));
            return;
        }
        Block block = (Block) unit;
        for (Source source : block.sources()) {
            if (source instanceof TableOccurrence occurrence) {
                layouts.add(occurrence.displayName() + " (" + occurrence.table().layout() + ")");
            } else {
                collectLayouts(((DerivedTable) source).body(), layouts);
            }
        }
        block.subqueries().forEach(subquery -> collectLayouts(subquery.unit(), layouts));
    }

    static String names(List<Source> sources) {
        return sources.stream().map(Source::displayName).distinct().collect(Collectors.joining(", "));
    }
}
