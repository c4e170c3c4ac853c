package io.tessera.proxy.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * server.xml's {@code <firewall>}: which client hosts may log in as which users, and MyCat's SQL blacklist.
 *
 * @param whiteHosts the {@code <whitehost><host>} entries in document order; empty when there is no white list
 * @param blacklistCheck {@code <blacklist check="true">}: every statement goes through Druid's wall first
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
     * Whether a client from {@code host} may log in as {@code user}, on either port: always without a white list;
     * with one, only when an entry that matches the address lists the user (MyCat 1.6's
     * {@code checkFirewallWhiteHostPolicy}, which refuses a user no entry names). Unlike MyCat, a wildcard entry
     * admits only its own users too: MyCat 1.6 let every user in from a host a wildcard entry matched.
     *
     * @param host the client's address as {@code InetAddress.getHostAddress()} writes it
     */
    public boolean allowsLogin(String user, String host) {
        if (whiteHosts.isEmpty()) {
            return true;
        }
        for (WhiteHost entry : whiteHosts) {
            if (entry.users().contains(user) && entry.matches(host)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code <host host="..." user="...">}: clients from {@code host} may log in as one of {@code users}.
     *
     * @param host an address as {@link #address} writes it, or a pattern where {@code *} and {@code %} stand for any
     *     run of digits ({@code 192.168.1.*})
     * @param users the user names, from the comma list in {@code user}
     */
    public record WhiteHost(String host, List<String> users) {

        /** Digits and dots with at least one wildcard. */
        private static final Pattern WILDCARDS = Pattern.compile("[0-9.]*[*%][0-9.*%]*");
        private static final String OCTET = "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
        /** An IPv4 address as Java writes one: four numbers 0..255 without leading zeros. */
        private static final Pattern IPV4 = Pattern.compile("(" + OCTET + "\\.){3}" + OCTET);
        /** What Java reads as an IPv6 literal, never as a name to look up: a hex digit or a colon first. */
        private static final Pattern IPV6 = Pattern.compile("(?=.*:)[0-9A-Fa-f:][0-9A-Fa-f:.]*");

        public WhiteHost {
            Objects.requireNonNull(host, "host");
            users = List.copyOf(users);
        }

        /**
         * A written host as clients' addresses are compared with it (as {@code InetAddress.getHostAddress()} writes
         * them, which MyCat compares too): an IPv4 address or a pattern as written, an IPv6 address in Java's full
         * form ({@code ::1} becomes {@code 0:0:0:0:0:0:0:1}). Empty for anything else, a host name among them: it
         * would never match, in MyCat either.
         */
        public static Optional<String> address(String written) {
            if (WILDCARDS.matcher(written).matches() || IPV4.matcher(written).matches()) {
                return Optional.of(written);
            }
            if (IPV6.matcher(written).matches()) {
                try {
                    return Optional.of(InetAddress.getByName(written).getHostAddress()); // a literal: no lookup
                } catch (UnknownHostException e) {
                    return Optional.empty();
                }
            }
            return Optional.empty();
        }

        /** The host has a {@code *} or {@code %} wildcard. */
        public boolean isPattern() {
            return host.indexOf('*') >= 0 || host.indexOf('%') >= 0;
        }

        /**
         * Whether a client address matches: equal to {@code host}, or for a pattern, matched by MyCat's expression
         * ({@code FirewallConfig.getMaskPattern}: each wildcard is {@code [0-9]*}, everything else literal) from the
         * start of the address to its end or to a dot, so that a last wildcard covers the rest of the address:
         * {@code 127.*} matches {@code 127.0.0.1}, as in MyCat's examples. MyCat looks for the expression anywhere in
         * the address, so its {@code 10.0.0.*} also matched {@code 110.0.0.5} and its {@code 10.0.*.1} matched
         * {@code 10.0.5.10}; Tessera's do not.
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
            regex.append(Pattern.quote(host.substring(literal))).append("(?=[.:]|$)");
            return Pattern.compile(regex.toString()).matcher(clientHost).lookingAt();
        }
    }
}
