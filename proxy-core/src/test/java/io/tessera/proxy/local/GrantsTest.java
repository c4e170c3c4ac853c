package io.tessera.proxy.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.config.PrivilegesConfig;
import io.tessera.proxy.config.PrivilegesConfig.DataNodePrivilege;
import io.tessera.proxy.config.PrivilegesConfig.Dml;
import io.tessera.proxy.config.PrivilegesConfig.SchemaPrivilege;
import io.tessera.proxy.config.PrivilegesConfig.TablePrivilege;
import io.tessera.proxy.config.UserConfig;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.SchemaCatalog;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GrantsTest {

    private static final SchemaCatalog CATALOG = new SchemaCatalog(List.of(
            LogicalSchema.of("TESTDB", "dn1", List.of()), LogicalSchema.of("ORDERS", "dn2", List.of())));

    private static UserConfig user(List<String> schemas, boolean readOnly, PrivilegesConfig privileges) {
        return new UserConfig("test", "secret-password", schemas, null, readOnly, 0, false, false, privileges,
                false);
    }

    private static Dml dml(String digits) {
        return new Dml(digits.charAt(0) == '1', digits.charAt(1) == '1', digits.charAt(2) == '1',
                digits.charAt(3) == '1');
    }

    @Test
    void aUserWithoutMasksHasAllPrivilegesOnEachOfItsSchemas() {
        assertThat(Grants.lines(user(List.of("TESTDB", "ORDERS"), false, PrivilegesConfig.NONE), CATALOG))
                .containsExactly(
                        "GRANT USAGE ON *.* TO 'test'@'%'",
                        "GRANT ALL PRIVILEGES ON `TESTDB`.* TO 'test'@'%'",
                        "GRANT ALL PRIVILEGES ON `ORDERS`.* TO 'test'@'%'");
    }

    @Test
    void aReadOnlyUserHasSelectOnly() {
        assertThat(Grants.lines(user(List.of("TESTDB"), true, PrivilegesConfig.NONE), CATALOG)).containsExactly(
                "GRANT USAGE ON *.* TO 'test'@'%'",
                "GRANT SELECT ON `TESTDB`.* TO 'test'@'%'");
    }

    @Test
    void dmlMasksGrantTheDmlTheyAllowPerSchemaAndPerTableAndAllFourAreAllPrivileges() {
        PrivilegesConfig privileges = new PrivilegesConfig(true, Map.of("testdb", new SchemaPrivilege("testdb",
                dml("0110"), Map.of("t_mod", new TablePrivilege("t_mod", dml("0010")),
                        "t_log", new TablePrivilege("t_log", dml("1111")),
                        "t_none", new TablePrivilege("t_none", dml("0000"))))),
                Map.of("dn2", new DataNodePrivilege("dn2", dml("0010"))));

        List<String> lines = Grants.lines(user(List.of("TESTDB", "ORDERS"), false, privileges), CATALOG);

        assertThat(lines.subList(0, 3)).containsExactly( // the schema's mask is found in any case, as it is checked
                "GRANT USAGE ON *.* TO 'test'@'%'",
                "GRANT SELECT, UPDATE ON `TESTDB`.* TO 'test'@'%'",
                "GRANT ALL PRIVILEGES ON `ORDERS`.* TO 'test'@'%'");
        assertThat(lines.subList(3, lines.size())).containsExactlyInAnyOrder(
                "GRANT SELECT ON `TESTDB`.`t_mod` TO 'test'@'%'",
                "GRANT ALL PRIVILEGES ON `TESTDB`.`t_log` TO 'test'@'%'",
                "GRANT USAGE ON `TESTDB`.`t_none` TO 'test'@'%'");
    }

    @Test
    void masksAreIgnoredWithoutCheck() {
        PrivilegesConfig unchecked = new PrivilegesConfig(false, Map.of("TESTDB", new SchemaPrivilege("TESTDB",
                dml("0000"), Map.of())), Map.of());

        assertThat(Grants.lines(user(List.of("TESTDB"), false, unchecked), CATALOG))
                .contains("GRANT ALL PRIVILEGES ON `TESTDB`.* TO 'test'@'%'");
    }

    @Test
    void readOnlyWithAMaskThatDeniesSelectLeavesUsage() {
        PrivilegesConfig privileges = new PrivilegesConfig(true, Map.of("TESTDB", new SchemaPrivilege("TESTDB",
                dml("1111"), Map.of("secret", new TablePrivilege("secret", dml("1101"))))), Map.of());

        assertThat(Grants.lines(user(List.of("TESTDB"), true, privileges), CATALOG)).containsExactly(
                "GRANT USAGE ON *.* TO 'test'@'%'",
                "GRANT SELECT ON `TESTDB`.* TO 'test'@'%'",
                "GRANT USAGE ON `TESTDB`.`secret` TO 'test'@'%'");
    }

    @Test
    void onlySchemasThatExistAndNeverThePassword() {
        ResultTable table = Grants.table(user(List.of("TESTDB", "GONE"), false, PrivilegesConfig.NONE), CATALOG);

        assertThat(table.columns()).extracting(c -> c.name()).containsExactly("Grants for test@%");
        assertThat(table.rows()).hasSize(2);
        assertThat(table.rows().toString()).doesNotContain("secret-password").doesNotContain("IDENTIFIED");
    }

    @Test
    void quotesNamesAsMysqlDoes() {
        UserConfig user = new UserConfig("o'brien", "x", List.of("TESTDB"), null, false, 0, false, false,
                PrivilegesConfig.NONE, false);

        assertThat(Grants.lines(user, CATALOG)).first().isEqualTo("GRANT USAGE ON *.* TO 'o''brien'@'%'");
    }
}
