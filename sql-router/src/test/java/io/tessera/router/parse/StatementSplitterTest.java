package io.tessera.router.parse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatementSplitterTest {

    @Test
    void cutsAtSemicolonsOutsideStringsIdentifiersAndComments() {
        assertThat(StatementSplitter.split("SELECT ';'; INSERT INTO `a;b` VALUES (1) /* ; */;\n"
                + "SELECT \"x;y\" -- ;\n; ;"))
                .containsExactly("SELECT ';'", "INSERT INTO `a;b` VALUES (1) /* ; */", "SELECT \"x;y\" -- ;");
    }

    @Test
    void oneStatementIsItself() {
        assertThat(StatementSplitter.split("SELECT 1")).containsExactly("SELECT 1");
        assertThat(StatementSplitter.split("SELECT 1;")).containsExactly("SELECT 1");
    }
}
