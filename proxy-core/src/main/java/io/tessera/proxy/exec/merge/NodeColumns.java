package io.tessera.proxy.exec.merge;

import io.tessera.protocol.constant.ColumnFlag;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import java.util.List;

/**
 * The columns of a merged result, as the data nodes described them. Nodes that run one statement describe them
 * alike; nodes that run different UNION branches need not, and MySQL would have given the union's column one type
 * for all rows. The merge is exact only when every node's values print as that type would print them: integers of
 * any width, strings of one collation and any length, NULL beside anything; other types must match in type,
 * decimals and flags. The client gets the widest node's definition.
 */
final class NodeColumns {

    private NodeColumns() {
    }

    /**
     * For each column, the index of the node whose definition describes every node's values.
     *
     * @param definitions each node's column definitions, in node order (all of the same count)
     * @throws TesseraException 1235 naming the column and two nodes whose values would print differently
     */
    static int[] headerSources(List<List<ColumnDefinition41>> definitions, List<String> nodes) {
        int count = definitions.get(0).size();
        int[] sources = new int[count];
        for (int column = 0; column < count; column++) {
            ColumnDefinition41 chosen = definitions.get(0).get(column);
            for (int node = 1; node < definitions.size(); node++) {
                ColumnDefinition41 other = definitions.get(node).get(column);
                if (!printAlike(chosen, other)) {
                    throw new TesseraException(ErrorCode.NOT_SUPPORTED_YET, "data nodes " + nodes.get(sources[column])
                            + " and " + nodes.get(node) + " answer column '" + other.name() + "' with different types ("
                            + describe(chosen) + ", " + describe(other) + "): MySQL would give all its values one"
                            + " type, so Tessera cannot merge them exactly; CAST the column to one type in every"
                            + " branch");
                }
                if (wider(other, chosen)) {
                    chosen = other;
                    sources[column] = node;
                }
            }
        }
        return sources;
    }

    private static boolean printAlike(ColumnDefinition41 a, ColumnDefinition41 b) {
        if (a.type() == ColumnType.NULL || b.type() == ColumnType.NULL) {
            return true;
        }
        if (isInteger(a.type()) && isInteger(b.type())) {
            int zerofill = a.flags() & ColumnFlag.ZEROFILL;
            return zerofill == (b.flags() & ColumnFlag.ZEROFILL) && (zerofill == 0 || a.length() == b.length());
        }
        if (isString(a.type()) && isString(b.type())) {
            return a.collation() == b.collation();
        }
        return a.type() == b.type() && a.decimals() == b.decimals() && a.collation() == b.collation()
                && (a.flags() & (ColumnFlag.UNSIGNED | ColumnFlag.ZEROFILL))
                == (b.flags() & (ColumnFlag.UNSIGNED | ColumnFlag.ZEROFILL));
    }

    /** The definition with room for both: a typed one over NULL, then the longer (BIGINT over INT, ...). */
    private static boolean wider(ColumnDefinition41 candidate, ColumnDefinition41 chosen) {
        if (chosen.type() == ColumnType.NULL) {
            return candidate.type() != ColumnType.NULL;
        }
        return candidate.type() != ColumnType.NULL && candidate.length() > chosen.length();
    }

    private static boolean isInteger(ColumnType type) {
        return switch (type) {
            case TINY, SHORT, LONG, INT24, LONGLONG -> true;
            default -> false;
        };
    }

    private static boolean isString(ColumnType type) {
        return switch (type) {
            case VARCHAR, VAR_STRING, STRING, TINY_BLOB, MEDIUM_BLOB, LONG_BLOB, BLOB -> true;
            default -> false;
        };
    }

    private static String describe(ColumnDefinition41 column) {
        return column.type() + (column.decimals() > 0 ? "(" + column.decimals() + ")" : "")
                + ((column.flags() & ColumnFlag.UNSIGNED) != 0 ? " UNSIGNED" : "") + " collation " + column.collation();
    }
}
