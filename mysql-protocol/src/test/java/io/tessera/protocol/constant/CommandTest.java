package io.tessera.protocol.constant;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
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

    /** ProtocolFuzzIT's example: an empty command payload read as a command byte threw IndexOutOfBoundsException. */
    @Test
    void anEmptyPayloadIsSleepAndTheByteIsNotConsumed() {
        assertThat(Command.of(Unpooled.EMPTY_BUFFER)).isEqualTo(Command.SLEEP);
        var query = Unpooled.wrappedBuffer(new byte[] {0x03, 'x'});
        assertThat(Command.of(query)).isEqualTo(Command.QUERY);
        assertThat(query.readerIndex()).isZero();
    }
}
