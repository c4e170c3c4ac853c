package io.tessera.proxy.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.tessera.admin.server.AdminUser;
import io.tessera.proxy.config.ConfigLoader;
import io.tessera.proxy.config.TesseraConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdminUsersTest {

    @TempDir
    Path dir;

    private TesseraConfig load(String firewall, String managerOfB) throws IOException {
        Files.writeString(dir.resolve("server.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:server xmlns:mycat="http://io.mycat/">
                    %s
                    <user name="a">
                        <property name="password">pa</property>
                        <property name="schemas">TESTDB</property>
                    </user>
                    <user name="b">
                        <property name="password">pb</property>
                        <property name="schemas">TESTDB</property>
                        <property name="manager">%s</property>
                    </user>
                </mycat:server>
                """.formatted(firewall, managerOfB));
        Files.writeString(dir.resolve("schema.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:schema xmlns:mycat="http://io.mycat/">
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                </mycat:schema>
                """);
        Files.writeString(dir.resolve("rule.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:rule xmlns:mycat="http://io.mycat/">
                </mycat:rule>
                """);
        return ConfigLoader.load(dir);
    }

    @Test
    void withNoManagerEveryUserMayLogInAndManageAsInMycat() throws IOException {
        List<AdminUser> users = AdminUsers.of(load("", "false"));

        assertThat(users).extracting(AdminUser::name, AdminUser::password, AdminUser::manager)
                .containsExactly(tuple("a", "pa", true), tuple("b", "pb", true));
        assertThat(users.get(0).allowedFrom().test("10.9.8.7")).isTrue();
    }

    @Test
    void withAManagerEveryUserMayLogInAndOnlyManagersManage() throws IOException {
        assertThat(AdminUsers.of(load("", "true"))).extracting(AdminUser::name, AdminUser::manager)
                .containsExactly(tuple("a", false), tuple("b", true));
    }

    @Test
    void theWhiteListDecidesFromWhereAsOnTheClientPort() throws IOException {
        List<AdminUser> users = AdminUsers.of(load("""
                <firewall>
                    <whitehost>
                        <host host="127.0.0.1" user="a,b"/>
                        <host host="10.0.0.*" user="b"/>
                    </whitehost>
                </firewall>
                """, "false"));

        AdminUser a = users.get(0);
        AdminUser b = users.get(1);
        assertThat(a.allowedFrom().test("127.0.0.1")).isTrue();
        assertThat(a.allowedFrom().test("10.0.0.5")).isFalse();
        assertThat(b.allowedFrom().test("10.0.0.5")).isTrue();
        assertThat(b.allowedFrom().test("127.0.0.2")).isFalse();
    }
}
