package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.row;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import org.junit.jupiter.api.Test;

class ShowDeadlockTest {

    @Test
    void oneRowWithTheDetectorsCountsAndItsPeriod() {
        ResultTable t = table("SHOW  @@DEADLOCK");
        assertThat(labels(t)).containsExactly("DETECTED", "VICTIMS", "LAST_DETECT_MILLIS", "MAX_DETECT_MILLIS",
                "CHECK_PERIOD_MILLIS");
        assertThat(types(t)).containsOnly(ColumnType.LONGLONG);
        assertThat(t.rows()).containsExactly(row("3", "2", "240", "410", "200"));
    }
}
