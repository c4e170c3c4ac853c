package io.tessera.protocol.packet;

import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.constant.Command;
import java.util.Map;

/**
 * Logs the connection in again as another user (MySQL manual / dev docs: "COM_CHANGE_USER"). The fields that follow
 * the database are optional: a pre-4.1 client ends the packet there.
 *
 * <pre>
 * 0x11 | NUL-terminated user
 * auth response: 1-byte length (SECURE_CONNECTION; never length-encoded here) or NUL-terminated
 * NUL-terminated database | [2 collation | [NUL-terminated plugin name (PLUGIN_AUTH)] | [attributes (CONNECT_ATTRS)]]
 * </pre>
 *
 * @param collation the collation id the client asked for; 0 when the packet carries none
 * @param database the database the client asked for, or {@code null} for none
 * @param authPlugin the plugin {@code authResponse} was made with, or {@code null} when the client did not name one
 */
public record ComChangeUser(String user, byte[] authResponse, String database, int collation, String authPlugin,
        Map<String, String> attributes) {

    /**
     * Reads the packet, command byte first.
     *
     * @param capabilities the capabilities in force on the connection: they decide the optional fields
     */
    public static ComChangeUser read(PayloadReader in, int capabilities) {
        in.int1();
        String user = in.nulTerminatedString();
        byte[] auth = Capability.has(capabilities, Capability.SECURE_CONNECTION)
                ? in.bytes(in.int1()) : in.nulTerminatedBytes();
        String database = in.nulTerminatedString();
        int collation = 0;
        String plugin = null;
        Map<String, String> attributes = Map.of();
        if (in.readableBytes() >= 2) {
            collation = in.int2();
            if (Capability.has(capabilities, Capability.PLUGIN_AUTH) && in.hasRemaining()) {
                plugin = in.nulTerminatedString();
            }
            if (Capability.has(capabilities, Capability.CONNECT_ATTRS) && in.hasRemaining()) {
                attributes = HandshakeResponse41.readAttributes(in);
            }
        }
        return new ComChangeUser(user, auth == null ? new byte[0] : auth, database.isEmpty() ? null : database,
                collation, plugin, attributes);
    }

    /** Writes the packet as a client under {@code capabilities} does; the collation goes out whenever it is set. */
    public void writeTo(PayloadWriter out, int capabilities) {
        out.int1(Command.CHANGE_USER).nulTerminated(user);
        if (Capability.has(capabilities, Capability.SECURE_CONNECTION)) {
            out.int1(authResponse.length).bytes(authResponse);
        } else {
            out.nulTerminated(authResponse);
        }
        out.nulTerminated(database == null ? "" : database);
        if (collation != 0) {
            out.int2(collation);
            if (Capability.has(capabilities, Capability.PLUGIN_AUTH)) {
                out.nulTerminated(authPlugin == null ? "" : authPlugin);
            }
            if (Capability.has(capabilities, Capability.CONNECT_ATTRS)) {
                HandshakeResponse41.writeAttributes(out, attributes);
            }
        }
    }

    @Override
    public String toString() {
        return "ComChangeUser[user=" + user + ", database=" + database + ", collation=" + collation + ", authPlugin="
                + authPlugin + "]"; // never the auth response
    }
}
