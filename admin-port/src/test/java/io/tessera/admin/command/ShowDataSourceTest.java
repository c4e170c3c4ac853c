package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShowDataSourceTest {

    private static final List<String> DN1_M1 = List.of("dn1", "hostM1", "mysql", "127.0.0.1", "3306", "W", "2", "8",
            "100", "1234", "1000", "234");
    private static final List<String> DN1_S1 = List.of("dn1", "hostS1", "mysql", "127.0.0.2", "3307", "R", "0", "5",
            "50", "77", "77", "0");

    @Test
    void hasMyCatsTwelveColumns() {
        ResultTable t = table("show @@datasource");
        assertThat(labels(t)).containsExactly("DATANODE", "NAME", "TYPE", "HOST", "PORT", "W/R", "ACTIVE", "IDLE",
                "SIZE", "EXECUTE", "READ_LOAD", "WRITE_LOAD");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.VAR_STRING, ColumnType.VAR_STRING,
                ColumnType.VAR_STRING, ColumnType.LONG, ColumnType.VAR_STRING, ColumnType.LONG, ColumnType.LONG,
                ColumnType.LONG, ColumnType.LONGLONG, ColumnType.LONG, ColumnType.LONG);
    }

    @Test
    void oneRowPerNodeAndSourceByNodeNameThenConfigurationOrder() {
        assertThat(table("show @@datasource").rows()).containsExactly(
                DN1_M1,
                DN1_S1,
                List.of("dn2", "hostM2", "mysql", "10.0.0.2", "3306", "W", "0", "0", "100", "0", "0", "0"),
                List.of("dn2", "hostM3", "mysql", "10.0.0.3", "3306", "W", "1", "9", "100", "42", "40", "2"),
                List.of("dn10", "hostM1", "mysql", "127.0.0.1", "3306", "W", "2", "8", "100", "1234", "1000", "234"),
                List.of("dn10", "hostS1", "mysql", "127.0.0.2", "3307", "R", "0", "5", "50", "77", "77", "0"));
    }

    @Test
    void whereDataNodeKeepsThatNodesSources() {
        assertThat(table("show @@datasource where datanode = dn1").rows()).containsExactly(DN1_M1, DN1_S1);
        assertThat(table("SHOW  @@DATASOURCE   WHERE dataNode='dn1' ;").rows()).containsExactly(DN1_M1, DN1_S1);
        assertThat(table("show @@datasource where DATANODE = `dn1`").rows()).containsExactly(DN1_M1, DN1_S1);
    }

    @Test
    void unknownDataNodeIsAnError() {
        assertThatThrownBy(() -> table("show @@datasource where datanode = dn9"))
                .isInstanceOfSatisfying(TesseraException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1105);
                    assertThat(e.sqlState()).isEqualTo("HY000");
                    assertThat(e).hasMessage("unknown data node 'dn9'");
                });
    }
}
