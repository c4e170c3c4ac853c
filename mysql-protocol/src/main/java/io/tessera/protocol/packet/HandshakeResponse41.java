package io.tessera.protocol.packet;

import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Capability;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The client's answer to the greeting (MySQL manual: "Protocol::HandshakeResponse41").
 *
 * <pre>
 * 4 capabilities | 4 max packet size | 1 collation | 23 filler | NUL-terminated user
 * auth response: length-encoded (PLUGIN_AUTH_LENENC_CLIENT_DATA), 1-byte length (SECURE_CONNECTION) or NUL-terminated
 * NUL-terminated database (CONNECT_WITH_DB) | NUL-terminated plugin name (PLUGIN_AUTH) | attributes (CONNECT_ATTRS)
 * </pre>
 */
public record HandshakeResponse41(int capabilities, int maxPacketSize, int collation, String user,
        byte[] authResponse, String database, String authPlugin, Map<String, String> attributes) {

    public static HandshakeResponse41 read(PayloadReader in) {
        int capabilities = (int) in.int4();
        int maxPacket = (int) in.int4();
        int collation = in.int1();
        in.skip(23);
        String user = in.nulTerminatedString();
        byte[] auth;
        if (Capability.has(capabilities, Capability.PLUGIN_AUTH_LENENC_CLIENT_DATA)) {
            auth = in.lenencBytes();
        } else if (Capability.has(capabilities, Capability.SECURE_CONNECTION)) {
            auth = in.bytes(in.int1());
        } else {
            auth = in.nulTerminatedBytes();
        }
        String database = null;
        if (Capability.has(capabilities, Capability.CONNECT_WITH_DB) && in.hasRemaining()) {
            database = in.nulTerminatedString();
            if (database.isEmpty()) {
                database = null;
            }
        }
        String plugin = Capability.has(capabilities, Capability.PLUGIN_AUTH) && in.hasRemaining()
                ? in.nulTerminatedString() : null;
        Map<String, String> attributes = Map.of();
        if (Capability.has(capabilities, Capability.CONNECT_ATTRS) && in.hasRemaining()) {
            attributes = readAttributes(in);
        }
        return new HandshakeResponse41(capabilities, maxPacket, collation, user, auth == null ? new byte[0] : auth,
                database, plugin, attributes);
    }

    /** {@code lenenc total length | (lenenc key, lenenc value)...}; COM_CHANGE_USER carries the same block. */
    static Map<String, String> readAttributes(PayloadReader in) {
        long length = in.lenencInt();
        int end = in.readableBytes() - (int) Math.min(length, in.readableBytes());
        java.util.LinkedHashMap<String, String> attributes = new java.util.LinkedHashMap<>();
        while (in.readableBytes() > end) {
            String key = in.lenencString(StandardCharsets.UTF_8);
            String value = in.lenencString(StandardCharsets.UTF_8);
            if (key == null || value == null) {
                throw new MalformedPacketException("connection attribute: NULL " + (key == null ? "key" : "value"));
            }
            attributes.put(key, value);
        }
        return Map.copyOf(attributes);
    }

    public void writeTo(PayloadWriter out) {
        out.int4(capabilities).int4(maxPacketSize).int1(collation).zeros(23).nulTerminated(user);
        if (Capability.has(capabilities, Capability.PLUGIN_AUTH_LENENC_CLIENT_DATA)) {
            out.lenencBytes(authResponse);
        } else if (Capability.has(capabilities, Capability.SECURE_CONNECTION)) {
            out.int1(authResponse.length).bytes(authResponse);
        } else {
            out.nulTerminated(authResponse);
        }
        if (Capability.has(capabilities, Capability.CONNECT_WITH_DB)) {
            out.nulTerminated(database == null ? "" : database);
        }
        if (Capability.has(capabilities, Capability.PLUGIN_AUTH)) {
            out.nulTerminated(authPlugin);
        }
        if (Capability.has(capabilities, Capability.CONNECT_ATTRS)) {
            writeAttributes(out, attributes);
        }
    }

    /** {@code lenenc total length | (lenenc key, lenenc value)...}, as {@link #readAttributes} expects it. */
    static void writeAttributes(PayloadWriter out, Map<String, String> attributes) {
        List<byte[]> strings = new ArrayList<>(attributes.size() * 2);
        long total = 0;
        for (Map.Entry<String, String> attribute : attributes.entrySet()) {
            for (String s : new String[] {attribute.getKey(), attribute.getValue()}) {
                byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
                strings.add(bytes);
                total += lenencSize(bytes.length) + bytes.length;
            }
        }
        out.lenencInt(total);
        for (byte[] bytes : strings) {
            out.lenencBytes(bytes);
        }
    }

    private static int lenencSize(int value) {
        return value < 0xFB ? 1 : value < (1 << 16) ? 3 : value < (1 << 24) ? 4 : 9;
    }

    @Override
    public String toString() {
        return "HandshakeResponse41[user=" + user + ", database=" + database + ", capabilities=0x"
                + Integer.toHexString(capabilities) + ", collation=" + collation + ", authPlugin=" + authPlugin + "]";
    }
}
