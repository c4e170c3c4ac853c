package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code show @@database}, {@code show @@white} and {@code show @@sysparam}: what the configuration in force says. */
class ShowConfigurationTest {

    @Test
    void databaseListsTheLogicalSchemasByName() {
        ResultTable t = table("show @@database");
        assertThat(labels(t)).containsExactly("DATABASE");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING);
        assertThat(t.rows()).containsExactly(List.of("LOGS"), List.of("TESTDB"));
    }

    @Test
    void whiteListsEachHostEntryWithItsUsers() {
        ResultTable t = table("SHOW @@WHITE");
        assertThat(labels(t)).containsExactly("IP", "USER");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.VAR_STRING);
        assertThat(t.rows()).containsExactly(List.of("127.0.0.1", "root,test"), List.of("10.0.0.*", "test"));
    }

    @Test
    void sysparamListsTheSettingsInForce() {
        ResultTable t = table("show @@sysparam");
        assertThat(labels(t)).containsExactly("PARAM_NAME", "PARAM_VALUE", "PARAM_DESCR");
        assertThat(types(t)).containsOnly(ColumnType.VAR_STRING);
        assertThat(t.rows()).containsExactly(List.of("processors", "2", "event-loop threads"),
                List.of("Mysql_maxPacketSize", "16777216", "largest packet"),
                List.of("Mycat_serverPort", "8066", "client port"));
    }
}
