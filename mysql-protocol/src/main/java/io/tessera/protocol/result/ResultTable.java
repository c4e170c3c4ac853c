package io.tessera.protocol.result;

import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.constant.ColumnFlag;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.packet.ColumnDefinition41;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A small result set computed by Tessera: column definitions and rows of text values ({@code null} is SQL NULL).
 * Immutable once built.
 */
public record ResultTable(List<ColumnDefinition41> columns, List<List<String>> rows) {

    public ResultTable {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A text column as MySQL describes computed strings: utf8mb4, variable length. */
    public static ColumnDefinition41 varchar(String name) {
        return ColumnDefinition41.of(name, ColumnType.VAR_STRING, Collations.UTF8MB4_GENERAL_CI, 1024, 0);
    }

    /** An integer column as MySQL describes computed integers: binary charset, numeric. */
    public static ColumnDefinition41 bigint(String name) {
        return ColumnDefinition41.of(name, ColumnType.LONGLONG, Collations.BINARY, 21,
                ColumnFlag.BINARY | ColumnFlag.NUM);
    }

    /** An INT column. */
    public static ColumnDefinition41 integer(String name) {
        return ColumnDefinition41.of(name, ColumnType.LONG, Collations.BINARY, 11, ColumnFlag.BINARY | ColumnFlag.NUM);
    }

    /** Collects columns, then rows with one value per column. */
    public static final class Builder {

        private final List<ColumnDefinition41> columns = new ArrayList<>();
        private final List<List<String>> rows = new ArrayList<>();

        public Builder column(ColumnDefinition41 column) {
            columns.add(column);
            return this;
        }

        public Builder columns(List<ColumnDefinition41> all) {
            columns.addAll(all);
            return this;
        }

        /** A row; values are rendered with {@link String#valueOf}, {@code null} stays SQL NULL. */
        public Builder row(Object... values) {
            if (values.length != columns.size()) {
                throw new IllegalArgumentException("row: " + values.length + " values (expected: " + columns.size()
                        + ")");
            }
            String[] texts = new String[values.length];
            for (int i = 0; i < values.length; i++) {
                texts[i] = values[i] == null ? null : String.valueOf(values[i]);
            }
            rows.add(Collections.unmodifiableList(Arrays.asList(texts)));
            return this;
        }

        public ResultTable build() {
            return new ResultTable(columns, rows);
        }
    }
}
