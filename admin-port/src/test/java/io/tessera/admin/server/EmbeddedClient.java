package io.tessera.admin.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.admin.AdminActions;
import io.tessera.admin.AdminContext;
import io.tessera.admin.FakeActions;
import io.tessera.admin.command.AdminCommands;
import io.tessera.protocol.auth.AuthPlugin;
import io.tessera.protocol.auth.NativePassword;
import io.tessera.protocol.auth.Scramble;
import io.tessera.protocol.auth.ServerLogin;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.packet.HandshakeResponse41;
import io.tessera.protocol.packet.HandshakeV10;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** Drives one {@link AdminHandler} in an {@link EmbeddedChannel} the way a MySQL client would. */
final class EmbeddedClient implements AutoCloseable {

    /** A client that speaks 4.1 with plugin auth; DEPRECATE_EOF is added per test. */
    static final int CLIENT_CAPABILITIES = Capability.PROTOCOL_41 | Capability.SECURE_CONNECTION
            | Capability.PLUGIN_AUTH | Capability.PLUGIN_AUTH_LENENC_CLIENT_DATA | Capability.LONG_PASSWORD;

    /** One received frame. */
    record Frame(int sequenceId, byte[] payload) {
        int first() {
            return payload.length == 0 ? -1 : payload[0] & 0xFF;
        }

        PayloadReader reader() {
            return new PayloadReader(Unpooled.wrappedBuffer(payload));
        }
    }

    final EmbeddedChannel channel;
    private final ByteBuf received = Unpooled.buffer();

    EmbeddedClient(AdminContext context, int maxPacketSize, AdminUser... users) {
        this(context, FakeActions.immediate(), maxPacketSize, users);
    }

    EmbeddedClient(AdminContext context, AdminActions actions, int maxPacketSize, AdminUser... users) {
        Scramble scramble = new Scramble(new SecureRandom());
        HandlerContext shared = new HandlerContext(maxPacketSize, context, AdminCommands.standard(maxPacketSize, actions),
                scramble, new AtomicLong(41));
        channel = new EmbeddedChannel(new PacketDecoder(), new ServerLogin<>(context.version(), 42,
                AuthPlugin.MYSQL_NATIVE_PASSWORD, 5_000, scramble, new AdminLogin(List.of(users))),
                new AdminHandler(shared, 42));
    }

    /** Frames the server has written since the last call. */
    List<Frame> frames() {
        ByteBuf out;
        while ((out = channel.readOutbound()) != null) {
            try {
                received.writeBytes(out);
            } finally {
                out.release();
            }
        }
        List<Frame> frames = new ArrayList<>();
        while (received.readableBytes() >= 4) {
            int length = received.getUnsignedMediumLE(received.readerIndex());
            if (received.readableBytes() < 4 + length) {
                break;
            }
            int seq = received.getUnsignedByte(received.readerIndex() + 3);
            received.skipBytes(4);
            byte[] payload = new byte[length];
            received.readBytes(payload);
            frames.add(new Frame(seq, payload));
        }
        received.discardReadBytes();
        return frames;
    }

    HandshakeV10 greeting() {
        List<Frame> frames = frames();
        return HandshakeV10.read(frames.get(0).reader());
    }

    void send(int sequenceId, PayloadWriter payload) {
        ByteBuf frame = payload.frame();
        frame.setMediumLE(0, payload.payloadLength());
        frame.setByte(3, sequenceId);
        channel.writeInbound(frame);
    }

    static PayloadWriter payload() {
        return PayloadWriter.allocate(ByteBufAllocator.DEFAULT, 64);
    }

    void sendHandshakeResponse(int capabilities, String user, byte[] auth, String plugin) {
        PayloadWriter p = payload();
        new HandshakeResponse41(capabilities, 1 << 24, Collations.UTF8MB4_GENERAL_CI, user, auth, null, plugin,
                Map.of()).writeTo(p);
        send(1, p);
    }

    /** Greets, answers with the native scramble of {@code password} and returns the server's reply. */
    Frame login(int capabilities, String user, String password) {
        byte[] nonce = greeting().nonce();
        sendHandshakeResponse(capabilities, user, NativePassword.scramble(password.getBytes(StandardCharsets.UTF_8),
                nonce), "mysql_native_password");
        return frames().get(0);
    }

    /** Sends these statements, each a command of its own, in one read, as a client that does not wait would. */
    void queriesInOneRead(String... sqls) {
        ByteBuf all = Unpooled.buffer();
        for (String sql : sqls) {
            PayloadWriter payload = payload().int1(Command.QUERY).string(sql, StandardCharsets.UTF_8);
            ByteBuf frame = payload.frame();
            frame.setMediumLE(0, payload.payloadLength());
            frame.setByte(3, 0);
            all.writeBytes(frame);
            frame.release();
        }
        channel.writeInbound(all);
    }

    void query(String sql) {
        send(0, payload().int1(Command.QUERY).string(sql, StandardCharsets.UTF_8));
    }

    void command(int command) {
        send(0, payload().int1(command));
    }

    @Override
    public void close() {
        received.release();
        channel.finishAndReleaseAll();
    }
}
