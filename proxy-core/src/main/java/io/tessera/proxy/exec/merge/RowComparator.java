package io.tessera.proxy.exec.merge;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.proxy.exec.HotPath;
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
    private final byte[][] spaces;

    private RowComparator(int size) {
        columns = new int[size];
        weights = new int[size];
        descending = new boolean[size];
        types = new ValueType[size];
        spaces = new byte[size][];
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
                comparator.spaces[i] = PadSpace.spaceWeight(definition.collation());
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

    private int compareKey(int key, Row a, Row b) {
        int column = columns[key];
        boolean aNull = a.isNull(column);
        boolean bNull = b.isNull(column);
        if (aNull || bNull) {
            return aNull == bNull ? 0 : aNull ? -1 : 1;
        }
        if (types[key] == ValueType.COLLATED) {
            int w = weights[key];
            return PadSpace.compare(spaces[key], a.buffer(), a.valueStart(w), a.valueLength(w),
                    b.buffer(), b.valueStart(w), b.valueLength(w));
        }
        return Values.compare(types[key], a.buffer(), a.valueStart(column), a.valueLength(column),
                b.buffer(), b.valueStart(column), b.valueLength(column));
    }
}
