package io.tessera.protocol.packet;

import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Capability;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The server's greeting (MySQL manual: "Protocol::HandshakeV10").
 *
 * <pre>
 * 1 protocol version (10) | NUL-terminated server version | 4 connection id | 8 nonce part 1 | 1 filler
 * 2 capabilities (low) | 1 collation | 2 status | 2 capabilities (high) | 1 nonce length | 10 reserved
 * max(13, nonce length - 8) nonce part 2 (NUL-terminated) | NUL-terminated auth plugin name
 * </pre>
 */
public record HandshakeV10(String serverVersion, long connectionId, byte[] nonce, int capabilities, int collation,
        int statusFlags, String authPlugin) {

    public static HandshakeV10 read(PayloadReader in) {
        int protocol = in.int1();
        if (protocol != 10) {
            throw new MalformedPacketException("handshake protocol version " + protocol + " (expected: 10)");
        }
        String version = in.nulTerminatedString();
        long connectionId = in.int4();
        byte[] part1 = in.bytes(8);
        in.skip(1);
        int capabilities = in.int2();
        int collation = in.hasRemaining() ? in.int1() : 0;
        int status = in.hasRemaining() ? in.int2() : 0;
        capabilities |= in.hasRemaining() ? in.int2() << 16 : 0;
        int nonceLength = in.hasRemaining() ? in.int1() : 0;
        if (in.hasRemaining()) {
            in.skip(10);
        }
        byte[] nonce = part1;
        if (Capability.has(capabilities, Capability.SECURE_CONNECTION) && in.hasRemaining()) {
            int length = Math.max(13, nonceLength - 8);
            byte[] part2 = in.bytes(Math.min(length, in.readableBytes()));
            int end = part2.length;
            while (end > 0 && part2[end - 1] == 0) {
                end--;
            }
            nonce = Arrays.copyOf(part1, 8 + end);
            System.arraycopy(part2, 0, nonce, 8, end);
        }
        String plugin = Capability.has(capabilities, Capability.PLUGIN_AUTH) && in.hasRemaining()
                ? in.nulTerminatedString() : "mysql_native_password";
        return new HandshakeV10(version, connectionId, nonce, capabilities, collation, status, plugin);
    }

    public void writeTo(PayloadWriter out) {
        out.int1(10)
                .nulTerminated(serverVersion)
                .int4(connectionId)
                .bytes(Arrays.copyOfRange(nonce, 0, 8))
                .int1(0)
                .int2(capabilities & 0xFFFF)
                .int1(collation)
                .int2(statusFlags)
                .int2(capabilities >>> 16)
                .int1(nonce.length + 1)
                .zeros(10)
                .bytes(Arrays.copyOfRange(nonce, 8, nonce.length))
                .int1(0)
                .nulTerminated(authPlugin);
    }

    @Override
    public String toString() {
        return "HandshakeV10[serverVersion=" + serverVersion + ", connectionId=" + connectionId + ", capabilities=0x"
                + Integer.toHexString(capabilities) + ", collation=" + collation + ", authPlugin=" + authPlugin + "]";
    }

    /** The nonce as the bytes of a string, for logs in tests only. */
    String nonceText() {
        return new String(nonce, StandardCharsets.ISO_8859_1);
    }
}
