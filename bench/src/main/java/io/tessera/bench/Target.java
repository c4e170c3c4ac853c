package io.tessera.bench;

import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * Where a run sends its statements: one JDBC URL, or several data hosts measured at once whose QPS are summed (as
 * MyCat's guide compares a proxy with the hosts behind it), and the process whose CPU time per query is reported.
 */
record Target(String name, List<String> urls, Optional<ProcessCpu> cpu) {

    Target {
        urls = List.copyOf(urls);
    }

    /** The host and port of a one-host {@code jdbc:mysql://HOST:PORT/...} (or {@code jdbc:mariadb:}) URL. */
    static URI address(String url) {
        URI uri = url.startsWith("jdbc:") ? URI.create(url.substring("jdbc:".length())) : null;
        if (uri == null || uri.getHost() == null) {
            throw new IllegalArgumentException("cannot find the host and port in " + url
                    + " (expected: jdbc:mysql://HOST:PORT/DATABASE?...)");
        }
        return uri;
    }

    /** {@code url} with its host and port replaced by 127.0.0.1:{@code port}: the same database through a relay. */
    static String throughPort(String url, int port) {
        String authority = address(url).getRawAuthority();
        int at = url.indexOf(authority);
        return url.substring(0, at) + "127.0.0.1:" + port + url.substring(at + authority.length());
    }
}
