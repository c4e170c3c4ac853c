package io.tessera.proxy.exec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import java.util.ArrayList;
import java.util.List;

/**
 * A logged-in client on an {@link EmbeddedChannel}: what Tessera writes to it is read back as payloads with their
 * sequence ids, and the commands it saw end are counted. Everything runs on the test's thread.
 */
final class FakeClient {

    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final Session session = new Session(7, "127.0.0.1");
    private final ClientChannel client;
    private int commandsDone;

    FakeClient(int capabilities) {
        session.authenticated(null, Capability.PROTOCOL_41 | capabilities,
                Collations.byId(Collations.UTF8MB4_GENERAL_CI).orElseThrow());
        client = new ClientChannel(session, channel, () -> commandsDone++);
        client.startCommand(1);
    }

    ClientChannel client() {
        return client;
    }

    Session session() {
        return session;
    }

    EmbeddedChannel channel() {
        return channel;
    }

    int commandsDone() {
        return commandsDone;
    }

    /** Runs what was queued on the channel's loop, then takes every frame written since the last call. */
    List<Received> received() {
        channel.runPendingTasks();
        List<Received> frames = new ArrayList<>();
        ByteBuf out;
        while ((out = channel.readOutbound()) != null) {
            while (out.isReadable()) {
                int length = out.readUnsignedMediumLE();
                int sequenceId = out.readUnsignedByte();
                byte[] payload = new byte[length];
                out.readBytes(payload);
                frames.add(new Received(sequenceId, payload));
            }
            out.release();
        }
        return frames;
    }

    /** The ERR among {@code frames} (the only one), read. */
    static ErrPacket error(List<Received> frames) {
        List<Received> errors = frames.stream().filter(f -> (f.payload()[0] & 0xFF) == ErrPacket.HEADER).toList();
        if (errors.size() != 1) {
            throw new AssertionError("expected one ERR, got " + frames);
        }
        return ErrPacket.read(new PayloadReader(Unpooled.wrappedBuffer(errors.get(0).payload())));
    }

    record Received(int sequenceId, byte[] payload) {

        @Override
        public String toString() {
            return "#" + sequenceId + ":" + ByteBufUtil.hexDump(payload);
        }
    }
}
