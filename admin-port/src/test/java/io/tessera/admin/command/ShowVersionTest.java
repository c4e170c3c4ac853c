package io.tessera.admin.command;

import static io.tessera.admin.command.Replies.labels;
import static io.tessera.admin.command.Replies.table;
import static io.tessera.admin.command.Replies.types;
import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.FakeContext;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.result.ResultTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShowVersionTest {

    @Test
    void reportsTheServerVersionInOneStringColumn() {
        ResultTable t = table("show @@version");
        assertThat(labels(t)).containsExactly("VERSION");
        assertThat(types(t)).containsExactly(ColumnType.STRING);
        assertThat(t.rows()).containsExactly(List.of(FakeContext.VERSION));
    }
}
