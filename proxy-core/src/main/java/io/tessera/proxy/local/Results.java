package io.tessera.proxy.local;

import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.result.ResultTable;

/** Column choices for values Tessera computes: integers as BIGINT, everything else as text. */
final class Results {

    private Results() {
    }

    static ColumnDefinition41 columnFor(String label, String value) {
        return value != null && value.matches("-?\\d{1,18}") ? ResultTable.bigint(label) : ResultTable.varchar(label);
    }
}
