package io.tessera.router.sequence;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlParser;
import org.junit.jupiter.api.Test;

class KeylessInsertTest {

    private final SqlParser parser = new SqlParser();

    private KeylessInsert keyless(String sql) {
        return KeylessInsert.of(parser.parse(sql), "id", true);
    }

    @Test
    void addsTheKeyWithOneConsecutiveIdPerRow() {
        ParsedStatement insert = parser.parse("insert into orders (name, amount) values ('a', 1), ('b', 2), ('c', 3)");
        KeylessInsert keyless = KeylessInsert.of(insert, "id", true);
        assertThat(keyless.rows()).isEqualTo(3);
        assertThat(keyless.fromSelect()).isFalse();
        ParsedStatement filled = keyless.withKey(insert, "id", 41);
        assertThat(filled.sql()).isEqualTo(
                "INSERT INTO orders (name, amount, `id`) VALUES ('a', 1, 41), ('b', 2, 42), ('c', 3, 43)");
        assertThat(filled.type()).isEqualTo(insert.type());
        assertThat(filled.tables()).isEqualTo(insert.tables());
    }

    @Test
    void leavesAnInsertThatGivesTheKeyAloneWhateverItsCaseOrQuotes() {
        assertThat(keyless("insert into orders (ID, name) values (1, 'a')")).isNull();
        assertThat(keyless("insert into orders (`Id`, name) values (1, 'a')")).isNull();
        assertThat(keyless("insert into orders (o.id, name) values (1, 'a')")).isNull();
    }

    @Test
    void fillsTheRowsThatGiveTheKeyAsNullDefaultOrZero() {
        ParsedStatement insert = parser.parse(
                "insert into orders (id, name) values (0, 'a'), (7, 'b'), (null, 'c'), (default, 'd'), (00, 'e')");
        KeylessInsert keyless = KeylessInsert.of(insert, "ID", true);
        assertThat(keyless.rows()).isEqualTo(4);
        assertThat(keyless.withKey(insert, "id", 41).sql()).isEqualTo("INSERT INTO orders (id, name)"
                + " VALUES (41, 'a'), (7, 'b'), (42, 'c'), (43, 'd'), (44, 'e')");
    }

    @Test
    void leavesAZeroKeyAloneUnderNoAutoValueOnZero() {
        ParsedStatement insert = parser.parse("insert into orders (id, name) values (0, 'a'), (null, 'b')");
        KeylessInsert keyless = KeylessInsert.of(insert, "id", false);
        assertThat(keyless.rows()).isEqualTo(1);
        assertThat(keyless.withKey(insert, "id", 5).sql())
                .isEqualTo("INSERT INTO orders (id, name) VALUES (0, 'a'), (5, 'b')");
        assertThat(KeylessInsert.of(parser.parse("insert into orders (id) values (0)"), "id", false)).isNull();
        assertThat(keyless("insert into orders (id) values (18446744073709551616)")).isNull();
    }

    @Test
    void leavesAnInsertWithoutAColumnListAndOtherStatementsAlone() {
        assertThat(keyless("insert into orders values (1, 'a')")).isNull();
        assertThat(keyless("replace into orders (name) values ('a')")).isNull();
        assertThat(keyless("update orders set name = 'a'")).isNull();
    }

    @Test
    void fillsTheSetFormAsOneRow() {
        ParsedStatement insert = parser.parse("insert into orders set name = 'a'");
        KeylessInsert keyless = KeylessInsert.of(insert, "id", true);
        assertThat(keyless.rows()).isEqualTo(1);
        assertThat(keyless.withKey(insert, "id", 9).sql()).contains("`id`").contains("9");
    }

    @Test
    void tellsAnInsertSelectItCannotFill() {
        ParsedStatement insert = parser.parse("insert into orders (name) select name from staging");
        assertThat(KeylessInsert.of(insert, "id", true).fromSelect()).isTrue();
        assertThat(KeylessInsert.insertsSelected(insert)).isTrue();
        assertThat(KeylessInsert.insertsSelected(parser.parse("replace into t (id) select 1 from s"))).isTrue();
        assertThat(KeylessInsert.insertsSelected(parser.parse("insert into t (id) values (1)"))).isFalse();
    }

    @Test
    void readsTheTableAndSchemaUnquoted() {
        ParsedStatement insert = parser.parse("insert into `TESTDB`.`Orders` (name) values ('a')");
        assertThat(KeylessInsert.tableOf(insert)).isEqualTo("Orders");
        assertThat(KeylessInsert.schemaOf(insert)).isEqualTo("TESTDB");
        assertThat(KeylessInsert.schemaOf(parser.parse("insert into orders (name) values ('a')"))).isNull();
        assertThat(KeylessInsert.tableOf(parser.parse("select 1"))).isNull();
    }
}
