package io.tessera.protocol.packet;

import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;

/**
 * Extra authentication data a plugin exchanges after the first round (MySQL manual:
 * "Protocol::AuthMoreData"): {@code 0x01 | plugin data}. For {@code caching_sha2_password} the data is one status
 * byte ({@code 0x03} fast auth success, {@code 0x04} perform full authentication) or the server's PEM public key.
 */
public record AuthMoreData(byte[] data) {

    public static final int HEADER = 0x01;

    public static AuthMoreData read(PayloadReader in) {
        in.int1();
        return new AuthMoreData(in.restBytes());
    }

    public void writeTo(PayloadWriter out) {
        out.int1(HEADER).bytes(data);
    }

    /** The first data byte (a plugin's status code), or -1 when there is no data. */
    public int status() {
        return data.length == 0 ? -1 : data[0] & 0xFF;
    }

    @Override
    public String toString() {
        return "AuthMoreData[length=" + data.length + "]"; // may hold key material: never the bytes
    }
}
