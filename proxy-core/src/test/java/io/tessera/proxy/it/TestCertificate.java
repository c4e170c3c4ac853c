package io.tessera.proxy.it;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed certificate for TLS tests, made at test time with the openssl command (the one docs/security.md
 * shows), so that no key is checked in: {@value #CERT} and {@value #KEY} (unencrypted PKCS#8) in a directory.
 */
final class TestCertificate {

    static final String CERT = "server-cert.pem";
    static final String KEY = "server-key.pem";

    private TestCertificate() {
    }

    /** Writes the pair into {@code dir}, for CN=localhost and the addresses localhost and 127.0.0.1, valid one day. */
    static void writeInto(Path dir) throws Exception {
        Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                "-keyout", dir.resolve(KEY).toString(),
                "-out", dir.resolve(CERT).toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("openssl req failed: " + output);
        }
    }
}
