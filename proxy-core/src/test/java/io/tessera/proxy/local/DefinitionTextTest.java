package io.tessera.proxy.local;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DefinitionTextTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "CREATE DEFINER=`root`@`localhost` PROCEDURE `p`(IN x INT) SELECT x"
                    + "|CREATE PROCEDURE `p`(IN x INT) SELECT x",
            "CREATE DEFINER=`tessera`@`10.0.0.%` FUNCTION `f`() RETURNS int(11) RETURN 1"
                    + "|CREATE FUNCTION `f`() RETURNS int(11) RETURN 1",
            "CREATE DEFINER='a''b'@'%' TRIGGER t BEFORE INSERT ON orders FOR EACH ROW SET @x = 1"
                    + "|CREATE TRIGGER t BEFORE INSERT ON orders FOR EACH ROW SET @x = 1",
            "CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `v` AS select 1 AS `1`"
                    + "|CREATE ALGORITHM=UNDEFINED SQL SECURITY DEFINER VIEW `v` AS select 1 AS `1`",
            "CREATE DEFINER=`app_role` EVENT `e` ON SCHEDULE EVERY 1 DAY DO SELECT 1"
                    + "|CREATE EVENT `e` ON SCHEDULE EVERY 1 DAY DO SELECT 1",
            "create definer = current_user() procedure p() select 1|create procedure p() select 1",
    })
    void dropsTheDataHostAccount(String text, String logical) {
        assertThat(DefinitionText.logical(text, "db1", "TESTDB")).isEqualTo(logical);
    }

    @Test
    void namesTheLogicalSchemaWhereThePhysicalDatabaseIsQuoted() {
        assertThat(DefinitionText.logical("CREATE VIEW `v` AS select `db1`.`t`.`id` AS `id` from `db1`.`t`", "db1",
                "TESTDB")).isEqualTo("CREATE VIEW `v` AS select `TESTDB`.`t`.`id` AS `id` from `TESTDB`.`t`");
        assertThat(DefinitionText.logical("CREATE VIEW `v` AS select `db10`.`t`.`id` from `db10`.`t`", "db1",
                "TESTDB")).as("another database's name that starts alike").contains("`db10`.`t`");
    }

    @Test
    void leavesADefinerInTheBodyAlone() {
        String body = "CREATE PROCEDURE `p`() SELECT 'DEFINER=`x`@`y` ' AS s";
        assertThat(DefinitionText.logical(body, "db1", "TESTDB")).isEqualTo(body);
        assertThat(DefinitionText.logical(null, "db1", "TESTDB")).isNull();
    }
}
