package io.tessera.proxy.config;

import io.tessera.backend.mysql.BackendTls;
import java.nio.file.Path;
import java.util.Objects;

/**
 * TLS from Tessera to one {@code <writeHost>} or {@code <readHost>}: its {@code sslMode} and {@code sslCa}
 * attributes (Tessera's own; MyCat 1.6 has none, so a MyCat schema.xml connects in plain TCP as before).
 *
 * @param mode how much TLS the connection insists on
 * @param caFile the PEM CA certificates that sign the server's certificate, resolved against the conf directory;
 *     {@code null} unless the mode verifies
 */
public record HostTlsConfig(BackendTls.Mode mode, Path caFile) {

    /** Plain TCP. */
    public static final HostTlsConfig DISABLED = new HostTlsConfig(BackendTls.Mode.DISABLED, null);

    public HostTlsConfig {
        Objects.requireNonNull(mode, "mode");
        if (mode.verifies() != (caFile != null)) {
            throw new IllegalArgumentException("caFile: " + caFile + " (expected: a file exactly when " + mode
                    + " verifies the server)");
        }
    }
}
