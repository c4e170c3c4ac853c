package io.tessera.proxy.frontend;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.tessera.protocol.auth.TransportSecurity;
import io.tessera.proxy.config.ConfigException;
import io.tessera.proxy.config.SystemConfig;
import io.tessera.proxy.config.TesseraConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * TLS for the client port, from server.xml's {@code sslCert} and {@code sslKey} (PEM files, relative to the conf
 * directory unless absolute). Netty picks the engine: OpenSSL (netty-tcnative's BoringSSL) where it loads, the JDK's
 * otherwise. Nothing is generated: without a certificate, TLS is not offered.
 */
public final class ClientTls {

    private static final Logger LOG = LogManager.getLogger(ClientTls.class);

    private ClientTls() {
    }

    /**
     * What the client port offers of TLS.
     *
     * @throws ConfigException when a file cannot be read or does not hold a certificate or an unencrypted key
     */
    public static TransportSecurity of(TesseraConfig config) {
        SystemConfig system = config.system();
        if (system.sslCert().isEmpty() || system.sslKey().isEmpty()) {
            return TransportSecurity.NONE;
        }
        Path cert = config.confDir().resolve(system.sslCert().get());
        Path key = config.confDir().resolve(system.sslKey().get());
        List<String> problems = new ArrayList<>();
        readable("sslCert", cert, problems);
        readable("sslKey", key, problems);
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        SslContext context;
        try {
            context = SslContextBuilder.forServer(cert.toFile(), key.toFile()).build();
        } catch (SSLException | IllegalArgumentException e) {
            // the message names the file's problem, never its content
            throw new ConfigException(List.of("server.xml <system> sslCert " + cert + ", sslKey " + key
                    + ": not a PEM certificate and unencrypted PKCS#8 key that belong together (" + e.getMessage()
                    + ")"));
        }
        LOG.info("client port: TLS offered{} ({} engine, certificate {})",
                system.requireSecureTransport() ? " and required" : "", SslContext.defaultServerProvider(), cert);
        return TransportSecurity.offered(channel -> context.newHandler(channel.alloc()),
                system.requireSecureTransport());
    }

    private static void readable(String property, Path file, List<String> problems) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            problems.add("server.xml <system> " + property + ": " + file + ": not a readable file");
        }
    }
}
