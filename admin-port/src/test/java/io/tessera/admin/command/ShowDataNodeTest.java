package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.admin.DataHostView;
import io.tessera.admin.FakeContext;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShowDataNodeTest {

    private static final List<String> DN1 = row("dn1", "host1/db1", "0", "mysql", "2", "8", "100", "1", "0", "0",
            "0", "-1");
    // host2's active write host is hostM3 (index 1), which waits 65.5 s more to recover
    private static final List<String> DN2 = row("dn2", "host2/db2", "1", "mysql", "1", "9", "100", "20", "0", "0",
            "0", "65");
    private static final List<String> DN10 = row("dn10", "host1/db10", "0", "mysql", "2", "8", "100", "10", "0",
            "0", "0", "-1");

    @Test
    void hasMyCatsTwelveColumnsWithItsSpelling() {
        ResultTable t = table("show @@datanode");
        assertThat(labels(t)).containsExactly("NAME", "DATHOST", "INDEX", "TYPE", "ACTIVE", "IDLE", "SIZE",
                "EXECUTE", "TOTAL_TIME", "MAX_TIME", "MAX_SQL", "RECOVERY_TIME");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.VAR_STRING, ColumnType.LONG,
                ColumnType.VAR_STRING, ColumnType.LONG, ColumnType.LONG, ColumnType.LONG, ColumnType.LONGLONG,
                ColumnType.DOUBLE, ColumnType.DOUBLE, ColumnType.LONGLONG, ColumnType.LONGLONG);
    }

    @Test
    void oneRowPerNodeNumbersComparedAsNumbers() {
        assertThat(table("show @@datanode").rows()).containsExactly(DN1, DN2, DN10);
    }

    @Test
    void whereSchemaKeepsThatSchemasNodes() {
        assertThat(table("show @@datanode where schema = LOGS").rows()).containsExactly(DN2);
        assertThat(table("show @@datanode WHERE SCHEMA='TESTDB';").rows()).containsExactly(DN1, DN2, DN10);
    }

    @Test
    void unknownSchemaIsAnError() {
        assertThatThrownBy(() -> table("show @@datanode where schema = nope"))
                .isInstanceOfSatisfying(TesseraException.class, e -> assertThat(e.errorCode()).isEqualTo(1105))
                .hasMessage("unknown schema 'nope'");
    }

    @Test
    void aDataHostWithoutTheActiveWriteHostLeavesPoolColumnsNull() {
        FakeContext broken = FakeContext.sample().withDataHosts(List.<DataHostView>of(
                new FakeContext.Host("host1", 3, List.of()), new FakeContext.Host("host2", 0, List.of())));
        assertThat(table("show @@datanode", broken).rows()).first()
                .isEqualTo(row("dn1", "host1/db1", null, null, null, null, null, "1", "0", "0", "0", "-1"));
    }
}
