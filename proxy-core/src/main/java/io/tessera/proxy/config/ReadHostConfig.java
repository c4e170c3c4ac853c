package io.tessera.proxy.config;

import java.util.Objects;

/**
 * A {@code <readHost>} of a {@link WriteHostConfig}: a replica that serves reads.
 *
 * @param host the host's name in the configuration (MyCat's {@code host} attribute), unique in its write host
 * @param url {@code host:port} for the native driver, a JDBC URL for jdbc, as written
 * @param hostName the server's address (see {@link WriteHostConfig#hostName()})
 * @param port the server's port (see {@link WriteHostConfig#port()})
 * @param user the backend user
 * @param password the backend password in clear text; {@link #toString()} masks it
 * @param usingDecrypt the password was written encrypted
 * @param weight weight for weighted read balancing; default 0
 * @param tls TLS to the server
 */
public record ReadHostConfig(
        String host,
        String url,
        String hostName,
        int port,
        String user,
        String password,
        boolean usingDecrypt,
        int weight,
        HostTlsConfig tls) {

    public ReadHostConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(hostName, "hostName");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(tls, "tls");
    }

    @Override
    public String toString() {
        return "ReadHostConfig[host=" + host + ", url=" + url + ", hostName=" + hostName + ", port=" + port
                + ", user=" + user + ", password=" + Masking.MASK + ", usingDecrypt=" + usingDecrypt
                + ", weight=" + weight + ", tls=" + tls + "]";
    }
}
