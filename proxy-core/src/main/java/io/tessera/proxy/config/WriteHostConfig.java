package io.tessera.proxy.config;

import java.util.List;
import java.util.Objects;

/**
 * A {@code <writeHost>} of a {@link DataHostConfig}: a MySQL server that takes writes, with its read hosts.
 *
 * @param host the host's name in the configuration (MyCat's {@code host} attribute), unique in its data host
 * @param url {@code host:port} for the native driver, a JDBC URL for jdbc, as written
 * @param hostName the server's address: from {@code url} for native ({@code [::1]:3306} gives {@code ::1}); for
 *     jdbc the host MyCat reads from the URL, empty when the URL has none
 * @param port the server's port; for jdbc the port of the URL, -1 when the URL has none
 * @param user the backend user
 * @param password the backend password in clear text (decrypted when {@code usingDecrypt} is set);
 *     {@link #toString()} masks it
 * @param usingDecrypt the password was written encrypted
 * @param checkAlive MyCat's {@code checkAlive}; default true
 * @param weight weight for weighted read balancing; default 0
 * @param tls TLS to the server
 * @param readHosts the read hosts in document order
 */
public record WriteHostConfig(
        String host,
        String url,
        String hostName,
        int port,
        String user,
        String password,
        boolean usingDecrypt,
        boolean checkAlive,
        int weight,
        HostTlsConfig tls,
        List<ReadHostConfig> readHosts) {

    public WriteHostConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(hostName, "hostName");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(tls, "tls");
        readHosts = List.copyOf(readHosts);
    }

    @Override
    public String toString() {
        return "WriteHostConfig[host=" + host + ", url=" + url + ", hostName=" + hostName + ", port=" + port
                + ", user=" + user + ", password=" + Masking.MASK + ", usingDecrypt=" + usingDecrypt
                + ", checkAlive=" + checkAlive + ", weight=" + weight + ", tls=" + tls + ", readHosts=" + readHosts
                + "]";
    }
}
