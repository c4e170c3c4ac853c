package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowClusterTest {

    @Test
    void oneRowPerNodeWithItsStateAndConfigurationVersion() {
        ResultTable t = table("show @@cluster");
        assertThat(labels(t)).containsExactly("MYID", "STATE", "HOST", "PORT", "MANAGER_PORT", "VERSION",
                "CONFIG_VERSION", "CONFIG_ERROR", "SELF");
        assertThat(types(t)).containsExactly(ColumnType.VAR_STRING, ColumnType.VAR_STRING, ColumnType.VAR_STRING,
                ColumnType.LONG, ColumnType.LONG, ColumnType.VAR_STRING, ColumnType.LONGLONG, ColumnType.VAR_STRING,
                ColumnType.VAR_STRING);
        assertThat(t.rows()).containsExactly(
                row("n1", "UP", "127.0.0.1", "8066", "9066", "0.1.0", "4", "", "YES"),
                row("n2", "ABSENT", "", "0", "0", "", "0", "", "NO"));
    }
}
