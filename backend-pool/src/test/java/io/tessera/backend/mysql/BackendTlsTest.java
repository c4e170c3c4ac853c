package io.tessera.backend.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBufAllocator;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BackendTlsTest {

    @TempDir
    Path dir;

    @Test
    void disabledHasNoEngine() throws SSLException {
        BackendTls tls = BackendTls.of(BackendTls.Mode.DISABLED, null);

        assertThat(tls).isSameAs(BackendTls.DISABLED);
        assertThat(tls.enabled()).isFalse();
        assertThatThrownBy(() -> tls.newHandler(ByteBufAllocator.DEFAULT, "127.0.0.1", 3306))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void requiredEncryptsWithoutACaAndEqualsItsTwinSoThatAReloadKeepsThePool() throws SSLException {
        BackendTls tls = BackendTls.of(BackendTls.Mode.REQUIRED, null);

        assertThat(tls.enabled()).isTrue();
        assertThat(tls.mode().required()).isTrue();
        assertThat(tls).isEqualTo(BackendTls.of(BackendTls.Mode.REQUIRED, null))
                .isNotEqualTo(BackendTls.of(BackendTls.Mode.PREFERRED, null));
        assertThat(tls.newHandler(ByteBufAllocator.DEFAULT, "127.0.0.1", 3306).engine().getUseClientMode()).isTrue();
    }

    @Test
    void verifyIdentityChecksTheHostName() throws Exception {
        File ca = certificate();

        BackendTls tls = BackendTls.of(BackendTls.Mode.VERIFY_IDENTITY, ca);

        assertThat(tls.newHandler(ByteBufAllocator.DEFAULT, "127.0.0.1", 3306).engine().getSSLParameters()
                .getEndpointIdentificationAlgorithm()).isEqualTo("HTTPS");
        assertThat(BackendTls.of(BackendTls.Mode.VERIFY_CA, ca).newHandler(ByteBufAllocator.DEFAULT, "127.0.0.1",
                3306).engine().getSSLParameters().getEndpointIdentificationAlgorithm()).isNull();
    }

    @Test
    void aCaFileWithoutACertificateIsRefused() throws Exception {
        File garbage = Files.writeString(dir.resolve("ca.pem"), "not a certificate").toFile();

        assertThatThrownBy(() -> BackendTls.of(BackendTls.Mode.VERIFY_CA, garbage))
                .isInstanceOfAny(SSLException.class, IllegalArgumentException.class);
    }

    private File certificate() throws Exception {
        Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                "-subj", "/CN=localhost", "-keyout", dir.resolve("key.pem").toString(),
                "-out", dir.resolve("cert.pem").toString()).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor()).isZero();
        return dir.resolve("cert.pem").toFile();
    }
}
