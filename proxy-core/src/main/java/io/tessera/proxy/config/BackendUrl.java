package io.tessera.proxy.config;

import io.tessera.proxy.config.DataHostConfig.DbDriver;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * The address in a {@code <writeHost>} or {@code <readHost>} {@code url}.
 *
 * <p>For the native driver the url is {@code host:port}, an IPv6 address in brackets ({@code [::1]:3306}).
 * For jdbc it is a JDBC URL, kept as written; host and port are read from it as MyCat does, by parsing what
 * follows {@code jdbc:} as a URI, and may be absent ({@code jdbc:oracle:thin:@...} has neither).
 *
 * @param hostName the server's address; empty when a JDBC URL names none
 * @param port the server's port; -1 when a JDBC URL names none
 */
record BackendUrl(String hostName, int port) {

    static BackendUrl parse(DbDriver driver, String url) throws InvalidValueException {
        return driver == DbDriver.NATIVE ? parseNative(url.trim()) : parseJdbc(url.trim());
    }

    private static BackendUrl parseNative(String url) throws InvalidValueException {
        String host;
        String port;
        if (url.startsWith("[")) {
            int close = url.indexOf(']');
            if (close < 2 || close + 1 >= url.length() || url.charAt(close + 1) != ':') {
                throw notHostPort();
            }
            host = url.substring(1, close);
            port = url.substring(close + 2);
        } else {
            int colon = url.indexOf(':');
            if (colon < 1 || colon != url.lastIndexOf(':')) {
                throw notHostPort();
            }
            host = url.substring(0, colon).trim();
            port = url.substring(colon + 1).trim();
        }
        try {
            int number = Integer.parseInt(port);
            if (host.isEmpty() || number < 1 || number > 65_535) {
                throw notHostPort();
            }
            return new BackendUrl(host, number);
        } catch (NumberFormatException e) {
            throw notHostPort();
        }
    }

    private static BackendUrl parseJdbc(String url) throws InvalidValueException {
        if (!url.startsWith("jdbc:")) {
            throw new InvalidValueException("expected a JDBC URL (jdbc:...) with dbDriver=\"jdbc\"");
        }
        try {
            URI uri = new URI(url.substring("jdbc:".length()));
            return new BackendUrl(uri.getHost() == null ? "" : uri.getHost(), uri.getPort());
        } catch (URISyntaxException e) {
            throw new InvalidValueException("not a valid JDBC URL: " + e.getReason());
        }
    }

    private static InvalidValueException notHostPort() {
        return new InvalidValueException("expected host:port with a port 1..65535 (dbDriver=\"native\"), e.g."
                + " 127.0.0.1:3306 or [::1]:3306");
    }
}
