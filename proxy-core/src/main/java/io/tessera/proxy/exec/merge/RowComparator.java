package io.tessera.proxy.exec.merge;

import io.tessera.protocol.HotPath;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.SortKey;
import java.util.Comparator;
import java.util.List;

/**
 * Orders rows by sort keys as MySQL orders them: NULL first (last when descending), numbers as numbers, temporal
 * values by time, binary strings by bytes, character strings by the weights their data node computed under the
 * column's collation.
 */
@HotPath
final class RowComparator implements Comparator<Row> {

    private final int[] columns;
    private final int[] weights;
    private final boolean[] descending;
    private final ValueType[] types;
    private final byte[][] spaces;          // by key: the space weight of its collation, once a row showed it
    private final boolean[] spaceKnown;

    private RowComparator(int size) {
        columns = new int[size];
        weights = new int[size];
        descending = new boolean[size];
        types = new ValueType[size];
        spaces = new byte[size][];
        spaceKnown = new boolean[size];
    }

    /**
     * A comparator for rows of {@code definitions}; fails with 1235 when a key's type has an order the text does not
     * show (ENUM by index, JSON, GEOMETRY).
     */
    static RowComparator of(List<SortKey> keys, List<ColumnDefinition41> definitions) {
        int count = definitions.size();
        RowComparator comparator = new RowComparator(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            SortKey key = keys.get(i);
            int column = Columns.resolve(key.column(), count);
            ColumnDefinition41 definition = definitions.get(column);
            ValueType type = ValueType.of(definition);
            if (type == ValueType.UNORDERED) {
                throw new TesseraException(ErrorCode.NOT_SUPPORTED_YET, "ordering or grouping rows from several data"
                        + " nodes by column '" + definition.name() + "' of type " + definition.type()
                        + " is not supported");
            }
            comparator.columns[i] = column;
            comparator.descending[i] = key.descending();
            comparator.types[i] = type;
            if (type == ValueType.COLLATED) {
                if (key.weightColumn() == Columns.NONE) {
                    throw new IllegalStateException("no weight column for " + key);
                }
                comparator.weights[i] = Columns.resolve(key.weightColumn(), count);
            }
        }
        return comparator;
    }

    @Override
    public int compare(Row a, Row b) {
        for (int i = 0; i < columns.length; i++) {
            int cmp = compareKey(i, a, b);
            if (cmp != 0) {
                return descending[i] ? -cmp : cmp;
            }
        }
        return 0;
    }

    /** The weight columns hold {@code collation-name:weight}: compares the weights, padded as the collation pads. */
    private int compareWeights(int key, Row a, Row b) {
        int w = weights[key];
        int aStart = a.valueStart(w);
        int aEnd = aStart + a.valueLength(w);
        int bStart = b.valueStart(w);
        int bEnd = bStart + b.valueLength(w);
        int aWeight = a.buffer().indexOf(aStart, aEnd, (byte) ':') + 1;
        int bWeight = b.buffer().indexOf(bStart, bEnd, (byte) ':') + 1;
        if (!spaceKnown[key]) {
            spaces[key] = PadSpace.spaceWeight(Values.text(a.buffer(), aStart, aWeight - 1 - aStart));
            spaceKnown[key] = true;
        }
        return PadSpace.compare(spaces[key], a.buffer(), aWeight, aEnd - aWeight, b.buffer(), bWeight, bEnd - bWeight);
    }

    private int compareKey(int key, Row a, Row b) {
        int column = columns[key];
        boolean aNull = a.isNull(column);
        boolean bNull = b.isNull(column);
        if (aNull || bNull) {
            return aNull == bNull ? 0 : aNull ? -1 : 1;
        }
        if (types[key] == ValueType.COLLATED) {
            return compareWeights(key, a, b);
        }
        return Values.compare(types[key], a.buffer(), a.valueStart(column), a.valueLength(column),
                b.buffer(), b.valueStart(column), b.valueLength(column));
    }
}
