package io.tessera.proxy.exec.merge;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.Aggregate;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.Distinct;
import io.tessera.router.plan.MergeStep;
import io.tessera.router.plan.OrderedMerge;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Sort;
import io.tessera.router.plan.SortKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks a merge's sort keys against the column types the data nodes described, before any row is merged. A key the
 * nodes were asked to weigh that is no character string on any node is reported, so that later plans of the
 * statement's shape leave its weight out; a key planned without its weight that is a string on some node (its type
 * changed outside Tessera since) refuses the statement, since the merge could not order it as MySQL does.
 */
final class SortKeyCheck {

    private SortKeyCheck() {
    }

    /**
     * @param described each node's column definitions, in the plan's column order
     * @throws TesseraException 1235 when a key planned as no string is one
     */
    static void check(PlanNode plan, List<List<ColumnDefinition41>> described, SortKeyFeedback feedback) {
        Set<String> notStrings = new HashSet<>();
        for (SortKey key : keysOf(plan)) {
            if (key.expression() == null) {
                continue;
            }
            ColumnDefinition41 string = stringOnSomeNode(key, described);
            if (key.weightColumn() == Columns.NONE && string != null) {
                feedback.changed();
                throw new TesseraException(ErrorCode.NOT_SUPPORTED_YET, "the sort key " + key.expression()
                        + " was planned as no string, as the data nodes described it before, but it is a string now"
                        + " (column '" + string.name() + "' of type " + string.type() + "): its type changed outside"
                        + " Tessera; run the statement again, it will be planned anew");
            }
            if (key.weightColumn() != Columns.NONE && string == null && ordered(key, described)) {
                notStrings.add(key.expression());
            }
        }
        if (!notStrings.isEmpty()) {
            feedback.notStrings(notStrings);
        }
    }

    /** The sort keys of every step of {@code plan}. */
    private static List<SortKey> keysOf(PlanNode plan) {
        List<SortKey> keys = new ArrayList<>();
        for (PlanNode step = plan; step instanceof MergeStep merge; step = merge.input()) {
            if (step instanceof OrderedMerge ordered) {
                keys.addAll(ordered.keys());
            } else if (step instanceof Sort sort) {
                keys.addAll(sort.keys());
            } else if (step instanceof Distinct distinct) {
                keys.addAll(distinct.keys());
            } else if (step instanceof Aggregate aggregate) {
                keys.addAll(aggregate.groupKeys());
            }
        }
        return keys;
    }

    /** The key's column as a node that sent it as a character string described it; {@code null} if none did. */
    private static ColumnDefinition41 stringOnSomeNode(SortKey key, List<List<ColumnDefinition41>> described) {
        for (List<ColumnDefinition41> definitions : described) {
            ColumnDefinition41 definition = definitions.get(Columns.resolve(key.column(), definitions.size()));
            if (ValueType.of(definition) == ValueType.COLLATED) {
                return definition;
            }
        }
        return null;
    }

    /** Whether every node sent the key with a type whose order its text shows (else the merge refuses it anyway). */
    private static boolean ordered(SortKey key, List<List<ColumnDefinition41>> described) {
        for (List<ColumnDefinition41> definitions : described) {
            if (ValueType.of(definitions.get(Columns.resolve(key.column(), definitions.size())))
                    == ValueType.UNORDERED) {
                return false;
            }
        }
        return true;
    }
}
