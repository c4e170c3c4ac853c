package io.tessera.proxy.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * server.xml's {@code <firewall>}: which client hosts may log in as which users, and MyCat's SQL blacklist.
 *
 * @param whiteHosts the {@code <whitehost><host>} entries in document order; empty when there is no white list
 * @param blacklistCheck {@code <blacklist check="true">}: MyCat runs Druid's WallFilter on every statement
 * @param blacklist the blacklist's properties (Druid {@code WallConfig} settings) as written, in document order
 */
public record FirewallConfig(List<WhiteHost> whiteHosts, boolean blacklistCheck, Map<String, String> blacklist) {

    /** No {@code <firewall>} element. */
    public static final FirewallConfig NONE = new FirewallConfig(List.of(), false, Map.of());

    public FirewallConfig {
        whiteHosts = List.copyOf(whiteHosts);
        blacklist = Collections.unmodifiableMap(new LinkedHashMap<>(blacklist));
    }

    /**
     * {@code <host host="..." user="...">}: clients from {@code host} may log in as one of {@code users}.
     *
     * @param host an address, or a pattern where {@code *} and {@code %} stand for any run of digits
     *     ({@code 192.168.1.*})
     * @param users the user names, from the comma list in {@code user}
     */
    public record WhiteHost(String host, List<String> users) {

        public WhiteHost {
            Objects.requireNonNull(host, "host");
            users = List.copyOf(users);
        }

        /** The host has a {@code *} or {@code %} wildcard. */
        public boolean isPattern() {
            return host.indexOf('*') >= 0 || host.indexOf('%') >= 0;
        }

        /**
         * Whether a whole client address matches: equal to {@code host}, or for a pattern, matched by the
         * expression MyCat's {@code FirewallConfig.getMaskPattern} builds, where each wildcard is
         * {@code [0-9]*} and everything else is literal.
         */
        public boolean matches(String clientHost) {
            if (!isPattern()) {
                return host.equals(clientHost);
            }
            StringBuilder regex = new StringBuilder();
            int literal = 0;
            for (int i = 0; i < host.length(); i++) {
                char c = host.charAt(i);
                if (c == '*' || c == '%') {
                    regex.append(Pattern.quote(host.substring(literal, i))).append("[0-9]*");
                    literal = i + 1;
                }
            }
            regex.append(Pattern.quote(host.substring(literal)));
            return Pattern.matches(regex.toString(), clientHost);
        }
    }
}
