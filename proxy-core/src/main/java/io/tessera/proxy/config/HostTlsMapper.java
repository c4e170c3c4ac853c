package io.tessera.proxy.config;

import io.tessera.backend.mysql.BackendTls;
import io.tessera.proxy.config.DataHostConfig.DbDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Checks the {@code sslMode} and {@code sslCa} attributes of a {@code <writeHost>} or {@code <readHost>}: a mode
 * the {@code mysql} client's {@code --ssl-mode} knows, a readable CA file exactly when the mode verifies the server,
 * and the native driver only (a JDBC URL carries its driver's own TLS options). Whether the file holds a certificate
 * is checked where the TLS context is built.
 */
final class HostTlsMapper {

    private final Values values;
    private final Path confDir;

    HostTlsMapper(Values values, Path confDir) {
        this.values = values;
        this.confDir = confDir;
    }

    /** The host's TLS; {@link HostTlsConfig#DISABLED} when something is wrong (reported). */
    HostTlsConfig map(Where where, DbDriver driver, String sslMode, String sslCa) {
        Problems problems = values.problems();
        String modeName = Values.optional(sslMode);
        String caName = Values.optional(sslCa);
        if (modeName == null) {
            if (caName != null) {
                problems.add(where, "sslCa \"" + sslCa + "\": needs sslMode=\"VERIFY_CA\" or \"VERIFY_IDENTITY\"");
            }
            return HostTlsConfig.DISABLED;
        }
        BackendTls.Mode mode = mode(modeName);
        if (mode == null) {
            problems.add(where, "sslMode \"" + sslMode + "\": expected one of "
                    + Arrays.toString(BackendTls.Mode.values()));
            return HostTlsConfig.DISABLED;
        }
        if (driver == DbDriver.JDBC && mode != BackendTls.Mode.DISABLED) {
            problems.add(where, "sslMode \"" + sslMode + "\": for dbDriver=\"jdbc\" put the driver's TLS options in"
                    + " the url (e.g. ?sslMode=REQUIRED for Connector/J)");
            return HostTlsConfig.DISABLED;
        }
        if (!mode.verifies()) {
            if (caName != null) {
                problems.add(where, "sslCa \"" + sslCa + "\": sslMode=\"" + mode + "\" does not verify the server"
                        + " (use VERIFY_CA or VERIFY_IDENTITY)");
            }
            return new HostTlsConfig(mode, null);
        }
        if (caName == null) {
            problems.add(where, "sslMode \"" + mode + "\": needs sslCa, the PEM file of the CA that signs the"
                    + " server's certificate");
            return HostTlsConfig.DISABLED;
        }
        Path ca = confDir.resolve(caName);
        if (!Files.isRegularFile(ca) || !Files.isReadable(ca)) {
            problems.add(where, "sslCa \"" + sslCa + "\": " + ca + " is not a readable file");
            return HostTlsConfig.DISABLED;
        }
        return new HostTlsConfig(mode, ca);
    }

    private static BackendTls.Mode mode(String name) {
        try {
            return BackendTls.Mode.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
