package io.tessera.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.tessera.protocol.binary.ParameterType;
import io.tessera.protocol.binary.StmtExecuteRequest;
import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.packet.ComChangeUser;
import io.tessera.protocol.packet.HandshakeResponse41;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Fuzzes the parsing of the packets a client sends (issue 18): any bytes give a value or a
 * {@link MalformedPacketException}, which the front end answers with ERR; never another exception. Payloads start
 * with a plausible header often enough to reach the fields behind it. Tries and seed: {@link Fuzz}.
 */
class PacketParsingFuzzTest {

    @Test
    void handshakeResponseIsAValueOrMalformed() {
        Fuzz.forAll(c -> {
            int capabilities = c.anyInt("capabilities");
            byte[] rest = c.bytes("rest", 80);
            byte[] payload = new byte[32 + rest.length];
            for (int i = 0; i < 4; i++) {
                payload[i] = (byte) (capabilities >> (8 * i));
            }
            System.arraycopy(rest, 0, payload, 32, rest.length);
            for (int length : new int[] {payload.length, Math.min(payload.length, 20 + rest.length / 2)}) {
                try {
                    HandshakeResponse41 response = HandshakeResponse41.read(reader(payload, length));
                    assertThat(response.toString()).isNotNull();
                } catch (MalformedPacketException expected) {
                    // ERR, then the connection closes
                }
            }
        });
    }

    @Test
    void changeUserIsAValueOrMalformed() {
        Fuzz.forAll(c -> {
            int capabilities = c.anyInt("capabilities");
            byte[] rest = c.bytes("rest", 80);
            byte[] payload = new byte[1 + rest.length];
            payload[0] = Command.CHANGE_USER;
            System.arraycopy(rest, 0, payload, 1, rest.length);
            try {
                assertThat(ComChangeUser.read(reader(payload, payload.length), capabilities).toString()).isNotNull();
            } catch (MalformedPacketException expected) {
                // ERR
            }
        });
    }

    /** A truncated or garbled COM_STMT_EXECUTE, then a second one that may reuse the first one's types. */
    @Test
    void stmtExecuteIsAValueOrMalformed() {
        Fuzz.forAll(c -> {
            int paramCount = c.intIn("paramCount", 0, 70);
            boolean typesBound = c.bool("typesBound");
            byte[] typeBytes = c.bytes("typeBytes", 24);
            byte[] values = c.bytes("values", 120);
            int truncateTo = c.intIn("truncateTo", 0, 200);
            boolean[] longData = c.booleans("longData", 70);
            byte[] second = c.bytes("second", 60);
            int bitmap = (paramCount + 7) / 8;
            byte[] payload = new byte[10 + bitmap + 1 + 2 * paramCount + values.length];
            payload[0] = Command.STMT_EXECUTE;
            payload[10 + bitmap] = (byte) (typesBound ? 1 : 0);
            for (int i = 0; i < 2 * paramCount && typeBytes.length > 0; i++) {
                // mostly real type codes (0..0x0f, 0xf5..0xfe), so values get read; the unsigned flag in odd bytes
                byte b = typeBytes[i % typeBytes.length];
                payload[11 + bitmap + i] = i % 2 == 1 ? b : (byte) (b < 0 ? 0xF5 + (b & 0x07) : b & 0x0F);
            }
            System.arraycopy(values, 0, payload, payload.length - values.length, values.length);
            boolean[] sent = longData.length >= paramCount && longData.length > 0
                    ? Arrays.copyOf(longData, paramCount) : null;
            ParameterType[] types = null;
            try {
                StmtExecuteRequest request = StmtExecuteRequest.read(reader(payload, Math.min(payload.length,
                        10 + truncateTo)), paramCount, null, sent);
                assertThat(request.toString()).isNotNull();
                types = request.types();
            } catch (MalformedPacketException expected) {
                // ERR 1835
            }
            byte[] again = new byte[10 + bitmap + 1 + second.length];
            again[0] = Command.STMT_EXECUTE;
            System.arraycopy(second, 0, again, 10 + bitmap + 1, second.length);
            try {
                StmtExecuteRequest.read(reader(again, again.length), paramCount, types, null);
            } catch (MalformedPacketException expected) {
                // ERR 1835
            }
        });
    }

    private static PayloadReader reader(byte[] payload, int length) {
        return new PayloadReader(Unpooled.wrappedBuffer(payload, 0, length));
    }
}
