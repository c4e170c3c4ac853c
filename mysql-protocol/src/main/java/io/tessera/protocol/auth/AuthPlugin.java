package io.tessera.protocol.auth;

/** The authentication plugins Tessera speaks, by their protocol names. */
public enum AuthPlugin {
    MYSQL_NATIVE_PASSWORD("mysql_native_password"),
    CACHING_SHA2_PASSWORD("caching_sha2_password");

    private final String protocolName;

    AuthPlugin(String protocolName) {
        this.protocolName = protocolName;
    }

    public String protocolName() {
        return protocolName;
    }

    /** The plugin with this protocol name, or {@code null} for one Tessera does not speak. */
    public static AuthPlugin byName(String name) {
        for (AuthPlugin p : values()) {
            if (p.protocolName.equals(name)) {
                return p;
            }
        }
        return null;
    }

    /** The client's proof for {@code password} against {@code nonce}; empty for an empty password. */
    public byte[] scramble(byte[] password, byte[] nonce) {
        return this == MYSQL_NATIVE_PASSWORD
                ? NativePassword.scramble(password, nonce)
                : CachingSha2Password.scramble(password, nonce);
    }
}
