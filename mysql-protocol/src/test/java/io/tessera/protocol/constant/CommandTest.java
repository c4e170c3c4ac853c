package io.tessera.protocol.constant;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CommandTest {

    @Test
    void namesCommandsAsMysqlProcessListDoes() {
        assertThat(Command.displayName(Command.SLEEP)).isEqualTo("Sleep");
        assertThat(Command.displayName(Command.QUERY)).isEqualTo("Query");
        assertThat(Command.displayName(Command.INIT_DB)).isEqualTo("Init DB");
        assertThat(Command.displayName(Command.STMT_EXECUTE)).isEqualTo("Execute");
        assertThat(Command.displayName(Command.STMT_CLOSE)).isEqualTo("Close stmt");
        assertThat(Command.displayName(Command.RESET_CONNECTION)).isEqualTo("Reset Connection");
    }

    @Test
    void namesAByteThatIsNoCommandError() {
        assertThat(Command.displayName(0x7F)).isEqualTo("Error");
    }
}
