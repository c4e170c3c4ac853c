package io.tessera.protocol.packet;

import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;

/**
 * Asks the other side to authenticate with another plugin (MySQL manual: "Protocol::AuthSwitchRequest"):
 * {@code 0xFE | NUL-terminated plugin name | nonce | NUL}.
 */
public record AuthSwitchRequest(String plugin, byte[] nonce) {

    public static final int HEADER = 0xFE;

    public static AuthSwitchRequest read(PayloadReader in) {
        in.int1();
        String plugin = in.nulTerminatedString();
        byte[] data = in.restBytes();
        int end = data.length;
        if (end > 0 && data[end - 1] == 0) {
            end--;
        }
        return new AuthSwitchRequest(plugin, java.util.Arrays.copyOf(data, end));
    }

    public void writeTo(PayloadWriter out) {
        out.int1(HEADER).nulTerminated(plugin).bytes(nonce).int1(0);
    }

    @Override
    public String toString() {
        return "AuthSwitchRequest[plugin=" + plugin + "]";
    }
}
