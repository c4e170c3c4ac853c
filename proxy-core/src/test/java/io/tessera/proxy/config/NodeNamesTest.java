package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class NodeNamesTest {

    @Test
    void expandsARangeWithoutPadding() throws Exception {
        assertThat(NodeNames.expand("dn$0-2")).containsExactly("dn0", "dn1", "dn2");
        assertThat(NodeNames.expand("dn$8-11")).containsExactly("dn8", "dn9", "dn10", "dn11");
    }

    @Test
    void expandsMycatsLargestSampleRange() throws Exception {
        List<String> names = NodeNames.expand("dn$0-743");

        assertThat(names).hasSize(744).startsWith("dn0", "dn1").endsWith("dn742", "dn743");
        assertThat(names).isEqualTo(IntStream.rangeClosed(0, 743).mapToObj(i -> "dn" + i).toList());
    }

    @Test
    void keepsThePrefixDigitsAsWritten() throws Exception {
        assertThat(NodeNames.expand("dn1$0-2")).containsExactly("dn10", "dn11", "dn12");
    }

    @Test
    void expandsCommaListsOfNamesAndRangesInOrder() throws Exception {
        assertThat(NodeNames.expand("dn1,dn$5-6, other$1-2 ,last")).containsExactly("dn1", "dn5", "dn6", "other1",
                "other2", "last");
    }

    @Test
    void readsASingleNumberAsAOneNameRange() throws Exception {
        assertThat(NodeNames.expand("dn$7")).containsExactly("dn7");
    }

    @Test
    void trimsAroundSeparatorsAndSkipsEmptyPieces() throws Exception {
        assertThat(NodeNames.expand(" dn $ 1 - 2 ,, dn9, ")).containsExactly("dn1", "dn2", "dn9");
    }

    @Test
    void leavesPlainNamesAlone() throws Exception {
        assertThat(NodeNames.expand("dn1")).containsExactly("dn1");
        assertThat(NodeNames.expand("db-1")).containsExactly("db-1");
    }

    @Test
    void rejectsARangeThatRunsBackwards() {
        assertThatThrownBy(() -> NodeNames.expand("dn$3-1"))
                .isInstanceOf(InvalidValueException.class)
                .hasMessage("range \"dn$3-1\" runs backwards (3 > 1)");
    }

    @Test
    void rejectsARangeWithoutPrefixOrBounds() {
        assertThatThrownBy(() -> NodeNames.expand("$1-3")).hasMessage("\"$1-3\" is not prefix$low-high");
        assertThatThrownBy(() -> NodeNames.expand("dn$")).hasMessage("\"dn$\" is not prefix$low-high");
        assertThatThrownBy(() -> NodeNames.expand("dn$1-2-3")).hasMessage("\"dn$1-2-3\" is not prefix$low-high");
        assertThatThrownBy(() -> NodeNames.expand("a$1$2")).hasMessage("\"a$1$2\" is not prefix$low-high");
    }

    @Test
    void rejectsNonNumericBounds() {
        assertThatThrownBy(() -> NodeNames.expand("dn$a-3")).hasMessage("range \"dn$a-3\": \"a\" is not a number");
    }

    @Test
    void rejectsRangesOfMoreThan65536Names() throws Exception {
        assertThatThrownBy(() -> NodeNames.expand("dn$0-65536"))
                .hasMessage("range \"dn$0-65536\" gives more than 65536 names");
        assertThat(NodeNames.expand("dn$1-65536")).hasSize(65_536);
    }
}
