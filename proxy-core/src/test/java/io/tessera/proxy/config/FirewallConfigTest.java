package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.proxy.config.FirewallConfig.WhiteHost;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The white list's decisions: which user may log in from which address. */
class FirewallConfigTest {

    private static FirewallConfig whiteList(WhiteHost... hosts) {
        return new FirewallConfig(List.of(hosts), false, Map.of());
    }

    @Test
    void withoutAWhiteListEveryUserMayLogInFromAnywhere() {
        assertThat(FirewallConfig.NONE.allowsLogin("root", "10.1.2.3")).isTrue();
        assertThat(new FirewallConfig(List.of(), true, Map.of()).allowsLogin("root", "10.1.2.3")).isTrue();
    }

    @Test
    void aUserMayLogInOnlyFromTheHostsListedForIt() {
        FirewallConfig firewall = whiteList(new WhiteHost("127.0.0.1", List.of("root", "app")),
                new WhiteHost("10.0.0.*", List.of("app")));

        assertThat(firewall.allowsLogin("root", "127.0.0.1")).isTrue();
        assertThat(firewall.allowsLogin("app", "127.0.0.1")).isTrue();
        assertThat(firewall.allowsLogin("app", "10.0.0.7")).isTrue();
        assertThat(firewall.allowsLogin("root", "10.0.0.7")).as("a wildcard admits its own users only").isFalse();
        assertThat(firewall.allowsLogin("root", "127.0.0.2")).isFalse();
        assertThat(firewall.allowsLogin("other", "127.0.0.1")).as("a user no entry names").isFalse();
        assertThat(firewall.allowsLogin("ROOT", "127.0.0.1")).as("names are case-sensitive, as in MyCat").isFalse();
    }

    @Test
    void anAddressMatchesExactly() {
        WhiteHost host = new WhiteHost("192.168.1.5", List.of("app"));

        assertThat(host.isPattern()).isFalse();
        assertThat(host.matches("192.168.1.5")).isTrue();
        assertThat(host.matches("192.168.1.50")).isFalse();
        assertThat(host.matches("10.192.168.1.5")).isFalse();
    }

    @Test
    void aWildcardStandsForDigitsAndTheLastOneForTheRestOfTheAddress() {
        assertThat(matching("127.0.0.*", "127.0.0.1", "127.0.0.255", "127.0.0.")).isTrue();
        assertThat(matching("127.*", "127.0.0.1", "127.255.3.4")).isTrue();
        assertThat(matching("1*7.%", "127.0.0.1", "17.1.1.1", "1007.1")).isTrue();
        assertThat(matching("*", "10.1.2.3", "0:0:0:0:0:0:0:1")).isTrue();
        assertThat(matching("192.168.1.1*", "192.168.1.1", "192.168.1.15", "192.168.1.199")).isTrue();

        WhiteHost host = new WhiteHost("10.0.0.*", List.of("app"));
        assertThat(host.matches("110.0.0.5")).as("MyCat found the mask inside the address").isFalse();
        assertThat(host.matches("10.0.1.5")).isFalse();
        assertThat(new WhiteHost("10.0.*.1", List.of("app")).matches("10.0.5.10")).as("not in an octet").isFalse();
        assertThat(new WhiteHost("10.0.*.1", List.of("app")).matches("10.0.5.1")).isTrue();
        assertThat(new WhiteHost("192.168.1.1*", List.of("app")).matches("192.168.1.2")).isFalse();
        assertThat(new WhiteHost("127.0.0.*", List.of("app")).matches("127x0x0x1")).isFalse();
    }

    private static boolean matching(String pattern, String... addresses) {
        WhiteHost host = new WhiteHost(pattern, List.of("app"));
        for (String address : addresses) {
            if (!host.matches(address)) {
                throw new AssertionError(pattern + " does not match " + address);
            }
        }
        return true;
    }

    @Test
    void hostsAreWrittenAsClientAddressesAre() {
        assertThat(WhiteHost.address("127.0.0.1")).contains("127.0.0.1");
        assertThat(WhiteHost.address("192.168.%.*")).contains("192.168.%.*");
        assertThat(WhiteHost.address("::1")).contains("0:0:0:0:0:0:0:1");
        assertThat(WhiteHost.address("fe80::1:2")).contains("fe80:0:0:0:0:0:1:2");
        assertThat(WhiteHost.address("localhost")).isEmpty();
        assertThat(WhiteHost.address("db.example.com")).isEmpty();
        assertThat(WhiteHost.address("127.000.0.1")).isEmpty();
        assertThat(WhiteHost.address("256.0.0.1")).isEmpty();
        assertThat(WhiteHost.address("127.0.0")).isEmpty();
        assertThat(WhiteHost.address("::g")).isEmpty();
        assertThat(WhiteHost.address("1:2:3")).isEmpty();
    }
}
