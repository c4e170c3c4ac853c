package io.tessera.backend.mysql;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.File;
import java.util.Objects;
import javax.net.ssl.SSLException;

/**
 * TLS to one data host server: the {@code sslMode} (and {@code sslCa}) of its {@code <writeHost>} or
 * {@code <readHost>}, with the meaning the {@code mysql} client gives {@code --ssl-mode}. The context is built once
 * per server; each connection gets its own engine. Two are equal when mode and CA file are, so that a reload keeps
 * a server's pool (a renewed CA file is read at the next start).
 */
public final class BackendTls {

    /** How much TLS a connection insists on, from none to a verified server name. */
    public enum Mode {
        /** Plain TCP (the default, as in MyCat). */
        DISABLED,
        /** TLS when the server offers it, plain otherwise; the certificate is not checked. */
        PREFERRED,
        /** TLS or no connection; the certificate is not checked. */
        REQUIRED,
        /** TLS with a certificate signed by {@code sslCa}. */
        VERIFY_CA,
        /** As VERIFY_CA, and the certificate names the host the url gives. */
        VERIFY_IDENTITY;

        /** Whether a server without TLS must be refused. */
        public boolean required() {
            return this != DISABLED && this != PREFERRED;
        }

        /** Whether the server's certificate is checked against a CA, so that {@code sslCa} is needed. */
        public boolean verifies() {
            return this == VERIFY_CA || this == VERIFY_IDENTITY;
        }
    }

    /** No TLS. */
    public static final BackendTls DISABLED = new BackendTls(Mode.DISABLED, null, null);

    private final Mode mode;
    private final File caFile;
    private final SslContext context;

    private BackendTls(Mode mode, File caFile, SslContext context) {
        this.mode = mode;
        this.caFile = caFile;
        this.context = context;
    }

    /**
     * TLS in {@code mode}, trusting the PEM certificates in {@code caFile} when the mode verifies.
     *
     * @param caFile the CA certificates; required when {@code mode.verifies()}, ignored otherwise
     * @throws SSLException when {@code caFile} holds no PEM certificate
     */
    public static BackendTls of(Mode mode, File caFile) throws SSLException {
        Objects.requireNonNull(mode, "mode");
        if (mode == Mode.DISABLED) {
            return DISABLED;
        }
        // Netty checks the host name by default: only VERIFY_IDENTITY asks for that
        SslContextBuilder builder = SslContextBuilder.forClient()
                .endpointIdentificationAlgorithm(mode == Mode.VERIFY_IDENTITY ? "HTTPS" : null);
        if (!mode.verifies()) {
            // REQUIRED and PREFERRED encrypt without checking whom they talk to, as the mysql client does
            return new BackendTls(mode, null, builder.trustManager(InsecureTrustManagerFactory.INSTANCE).build());
        }
        Objects.requireNonNull(caFile, "caFile");
        return new BackendTls(mode, caFile, builder.trustManager(caFile).build());
    }

    public Mode mode() {
        return mode;
    }

    /** Whether a connection asks for TLS when the server offers it. */
    public boolean enabled() {
        return mode != Mode.DISABLED;
    }

    /** A TLS handler for one connection to {@code host:port}, which checks that name under VERIFY_IDENTITY. */
    SslHandler newHandler(ByteBufAllocator alloc, String host, int port) {
        if (context == null) {
            throw new IllegalStateException("TLS is disabled");
        }
        return context.newHandler(alloc, host, port);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BackendTls other && mode == other.mode && Objects.equals(caFile, other.caFile);
    }

    @Override
    public int hashCode() {
        return Objects.hash(mode, caFile);
    }

    @Override
    public String toString() {
        return caFile == null ? mode.name() : mode.name() + " (CA " + caFile + ")";
    }
}
