package io.tessera.admin.command;

import static io.tessera.admin.FakeContext.NOW;
import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowCacheTest {

    @Test
    void hasMyCatsEightColumnsWithCountsAndTimesWideEnoughForThem() {
        ResultTable t = table("show @@cache");
        assertThat(labels(t)).containsExactly("CACHE", "MAX", "CUR", "ACCESS", "HIT", "PUT", "LAST_ACCESS",
                "LAST_PUT");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.LONG, ColumnType.LONG,
                ColumnType.LONGLONG, ColumnType.LONGLONG, ColumnType.LONGLONG, ColumnType.LONGLONG,
                ColumnType.LONGLONG);
    }

    @Test
    void oneRowPerCacheInTheContextsOrder() {
        assertThat(table("show @@cache;").rows()).containsExactly(
                row("SQLRouteCache", "16777216", "5120", "1000", "900", "100", Long.toString(NOW - 10),
                        Long.toString(NOW - 5_000)),
                row("ER_SQL2PARENTID", "100000", "0", "0", "0", "0", "0", "0"));
    }
}
