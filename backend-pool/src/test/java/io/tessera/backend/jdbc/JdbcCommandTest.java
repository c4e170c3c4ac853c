package io.tessera.backend.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.tessera.protocol.constant.Command;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JdbcCommandTest {

    @Test
    void readsCommandByteAndArgumentAndReleasesThePayload() {
        ByteBuf payload = Unpooled.buffer().writeByte(Command.QUERY).writeBytes("select 1".getBytes(
                StandardCharsets.UTF_8));

        JdbcCommand command = JdbcCommand.read(payload);

        assertThat(command.code()).isEqualTo(Command.QUERY);
        assertThat(command.text(StandardCharsets.UTF_8)).isEqualTo("select 1");
        assertThat(command.notSupportedOverJdbc()).isFalse();
        assertThat(payload.refCnt()).isZero();
    }

    @Test
    void anEmptyPayloadIsNoCommand() {
        JdbcCommand command = JdbcCommand.read(Unpooled.buffer());

        assertThat(command.code()).isEqualTo(-1);
        assertThat(command.argument()).isEmpty();
    }

    @Test
    void preparedStatementsAndFieldListAreNotCarriedOverJdbc() {
        assertThat(JdbcCommand.read(Unpooled.buffer().writeByte(Command.STMT_PREPARE)).notSupportedOverJdbc())
                .isTrue();
        assertThat(JdbcCommand.read(Unpooled.buffer().writeByte(Command.FIELD_LIST)).notSupportedOverJdbc())
                .isTrue();
        assertThat(JdbcCommand.read(Unpooled.buffer().writeByte(Command.PING)).notSupportedOverJdbc()).isFalse();
    }
}
