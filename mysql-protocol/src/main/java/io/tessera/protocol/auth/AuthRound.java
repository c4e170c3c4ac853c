package io.tessera.protocol.auth;

import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.packet.AuthSwitchRequest;
import io.tessera.protocol.packet.OkPacket;

/**
 * The server's side of one authentication, for the connection phase ({@link ServerLogin}) and for COM_CHANGE_USER
 * (MySQL dev docs: "Authentication Method Mismatch", "Authentication After COM_CHANGE_USER Command"). A client's
 * first proof counts when it was made with the server's plugin, against the nonce the client already knows;
 * otherwise the server sends an AuthSwitchRequest with its plugin and a new nonce, and the client's next packet is the
 * proof. After the proof is accepted, caching_sha2_password's "fast auth success" precedes the OK.
 *
 * <pre>
 * first proof -> [AuthSwitchRequest(new nonce) -> proof] -> [AuthMoreData 0x03] -> OK
 * </pre>
 */
public final class AuthRound {

    private final AuthPlugin plugin;
    private final byte[] nonce;
    private final boolean switching;

    private AuthRound(AuthPlugin plugin, byte[] nonce, boolean switching) {
        this.plugin = plugin;
        this.nonce = nonce;
        this.switching = switching;
    }

    /**
     * Starts a round on a client's first proof, writing and flushing the AuthSwitchRequest when one is needed. A client
     * without PLUGIN_AUTH cannot switch: its proof is mysql_native_password's.
     *
     * @param serverPlugin the plugin the server wants proofs made with
     * @param nonce the nonce the client's first proof answers: the greeting's
     * @param capabilities the client's capabilities
     * @param clientPlugin the plugin the client named for its first proof, or {@code null}
     */
    public static AuthRound start(AuthPlugin serverPlugin, byte[] nonce, int capabilities, String clientPlugin,
            Scramble scramble, PacketWriter writer) {
        if (!Capability.has(capabilities, Capability.PLUGIN_AUTH)) {
            return new AuthRound(AuthPlugin.MYSQL_NATIVE_PASSWORD, nonce, false);
        }
        if (clientPlugin == null || clientPlugin.equals(serverPlugin.protocolName())) {
            return new AuthRound(serverPlugin, nonce, false);
        }
        byte[] fresh = scramble.next();
        PayloadWriter p = writer.newPayload(64);
        new AuthSwitchRequest(serverPlugin.protocolName(), fresh).writeTo(p);
        writer.writeAndFlush(p);
        return new AuthRound(serverPlugin, fresh, true);
    }

    /** Whether an AuthSwitchRequest went out: the proof to verify is the client's next packet, not its first. */
    public boolean switching() {
        return switching;
    }

    /** The plugin the proof to verify is made with. */
    public AuthPlugin plugin() {
        return plugin;
    }

    /** The nonce the proof to verify answers. */
    public byte[] nonce() {
        return nonce;
    }

    /** Tells the client it is in: caching_sha2_password's "fast auth success", then OK with {@code serverStatus}. */
    public void accept(PacketWriter writer, int serverStatus) {
        if (plugin == AuthPlugin.CACHING_SHA2_PASSWORD) {
            writer.write(writer.newPayload(2).int1(0x01).int1(CachingSha2Password.FAST_AUTH_SUCCESS));
        }
        acceptWithoutFastAuth(writer, serverStatus);
    }

    /** Tells the client it is in with OK alone: after caching_sha2_password's full authentication. */
    public void acceptWithoutFastAuth(PacketWriter writer, int serverStatus) {
        PayloadWriter ok = writer.newPayload(16);
        OkPacket.of(serverStatus).writeTo(ok);
        writer.writeAndFlush(ok);
    }

    @Override
    public String toString() {
        return "AuthRound[plugin=" + plugin.protocolName() + ", switching=" + switching + "]"; // never the nonce
    }
}
