package io.tessera.protocol.auth;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import java.util.Objects;
import java.util.function.Function;

/**
 * What {@link ServerLogin} offers of TLS (MySQL manual: "SSL Handshake"): when {@link #handlers} is set, the greeting
 * offers CLIENT_SSL and a client's SSLRequest puts the handler it makes (an SslHandler in server mode) first in the
 * pipeline; when {@link #required}, a login that did not start TLS is refused with 3159, as MySQL does under
 * {@code require_secure_transport}.
 *
 * @param handlers makes the TLS handler of one connection; {@code null}: TLS is not offered
 * @param required plaintext logins are refused
 */
public record TransportSecurity(Function<Channel, ChannelHandler> handlers, boolean required) {

    /** No TLS: CLIENT_SSL is not offered. */
    public static final TransportSecurity NONE = new TransportSecurity(null, false);

    public TransportSecurity {
        if (required && handlers == null) {
            throw new IllegalArgumentException("required: true (expected: false without a TLS handler)");
        }
    }

    /** TLS offered by {@code handlers}, and required or not. */
    public static TransportSecurity offered(Function<Channel, ChannelHandler> handlers, boolean required) {
        return new TransportSecurity(Objects.requireNonNull(handlers, "handlers"), required);
    }

    public boolean offered() {
        return handlers != null;
    }

    @Override
    public String toString() {
        return "TransportSecurity[offered=" + offered() + ", required=" + required + "]";
    }
}
