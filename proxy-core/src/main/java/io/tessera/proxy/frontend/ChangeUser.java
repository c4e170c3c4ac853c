package io.tessera.proxy.frontend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.tessera.protocol.auth.AuthRound;
import io.tessera.protocol.charset.Collation;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ComChangeUser;
import io.tessera.proxy.config.UserConfig;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.topology.Topology;

/**
 * COM_CHANGE_USER on one client connection (MySQL dev docs: "COM_CHANGE_USER"): logs the connection in again as the
 * user the packet names, checked as a login is (the {@link io.tessera.proxy.session.Authenticator}, then the user's
 * connection cap), with the plugin switch of a login ({@link AuthRound}) when the client's proof is not made with the
 * front end's plugin. On success the session becomes what a fresh login makes: the transaction rolled back and the
 * data node connections released, prepared statements closed, variables cleared, the packet's character set and
 * database. As MySQL's server does, a refused change answers the login's ERR (1045 for bad credentials, 1044 or 1049
 * for the database, 1040 for the user's cap) and closes the connection: the old user's session does not live on.
 *
 * <p>Not sharable: one per connection, on its event loop. The command stays running while a switch awaits the
 * client's proof, which {@link FrontendHandler} hands to {@link #proof} instead of dispatching it.
 */
final class ChangeUser {

    private final FrontendContext context;
    private final byte[] greetingNonce;
    private final Runnable refused;
    /** While an AuthSwitchRequest awaits the client's proof: the request, its round, connection and topology. */
    private Pending pending;

    private record Pending(ComChangeUser request, AuthRound round, ClientChannel client, Topology topology) {
    }

    /**
     * @param refused run before a refused change ends: the connection takes no further command, so that nothing a
     *     client pipelined behind the change runs as the old user
     */
    ChangeUser(FrontendContext context, byte[] greetingNonce, Runnable refused) {
        this.context = context;
        this.greetingNonce = greetingNonce;
        this.refused = refused;
    }

    /** Runs the command ({@code payload}, command byte first; the caller releases it). */
    void start(ClientChannel client, Topology topology, ByteBuf payload) {
        int capabilities = client.session().capabilities();
        ComChangeUser request = ComChangeUser.read(new PayloadReader(payload.duplicate()), capabilities);
        AuthRound round = AuthRound.start(context.authPlugin(), greetingNonce, capabilities, request.authPlugin(),
                context.scramble(), client.writer());
        if (round.switching()) {
            pending = new Pending(request, round, client, topology);
        } else {
            finish(client, topology, request, round, request.authResponse());
        }
    }

    /** Whether the next packet is the client's answer to an AuthSwitchRequest rather than a command. */
    boolean awaitsProof() {
        return pending != null;
    }

    /** The client left while a switch awaited its proof: the command ends, so the connection's clean-up runs. */
    void clientLeft() {
        if (pending != null) {
            ClientChannel client = pending.client();
            pending = null;
            client.commandDone();
        }
    }

    /** The client's AuthSwitchResponse: the whole payload is the proof. Takes ownership of {@code payload}. */
    void proof(ByteBuf payload, int sequenceId) {
        byte[] proof;
        try {
            proof = ByteBufUtil.getBytes(payload);
        } finally {
            payload.release();
        }
        Pending p = pending;
        pending = null;
        p.client().writer().sequenceId(sequenceId + 1);
        try {
            finish(p.client(), p.topology(), p.request(), p.round(), proof);
        } catch (RuntimeException e) {
            p.client().failCommand(e);
        }
    }

    private void finish(ClientChannel client, Topology topology, ComChangeUser request, AuthRound round,
            byte[] proof) {
        Session session = client.session();
        UserConfig user;
        try {
            user = topology.authenticator().verify(request.user(), session.remoteHost(), round.plugin(),
                    round.nonce(), proof, request.database());
            moveConnectionCount(session.user(), user);
        } catch (TesseraException e) {
            refused.run();
            client.writeError(e);
            client.closeAfterFlush();
            client.commandDone();
            return;
        }
        topology.executor().abandonTransaction(session);
        Collation collation = Collations.ofLogin(request.collation());
        session.reset(collation);
        session.authenticated(user, session.capabilities(), collation);
        session.schema(request.database() != null ? request.database() : user.defaultSchema()); // as a login
        round.accept(client.writer(), session.statusFlags());
        client.commandDone();
    }

    /**
     * Counts the connection as the new user's instead of the old one's; the new user's cap applies as at login. The
     * same user keeps its count: its cap must not refuse the connection it already holds.
     */
    private void moveConnectionCount(UserConfig from, UserConfig to) {
        if (!from.name().equals(to.name())) {
            context.userConnections().admit(to);
            context.userConnections().left(from.name());
        }
    }
}
