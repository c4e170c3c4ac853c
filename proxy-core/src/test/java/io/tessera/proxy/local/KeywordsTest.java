package io.tessera.proxy.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeywordsTest {

    @Test
    void mysql80sKeywordsEachOnceWithWhetherReserved() {
        List<List<Object>> rows = Keywords.mysql80();
        Set<Object> words = new HashSet<>();
        long reserved = 0;
        for (List<Object> row : rows) {
            assertThat(words.add(row.get(0))).as("%s once", row.get(0)).isTrue();
            assertThat(row.get(1)).isIn(0L, 1L);
            reserved += (Long) row.get(1);
        }
        assertThat(rows).hasSize(745).contains(List.of("SELECT", 1L), List.of("LATERAL", 1L), List.of("ACTION", 0L));
        assertThat(reserved).isEqualTo(258);
    }

    @Test
    void asMySqlItIsADerivedTableOfWordAndReservedAsMariaDbTheDataHostsWords() {
        assertThat(Keywords.select(false)).startsWith("SELECT CAST(X'").contains("AS `WORD`", "AS `RESERVED`");
        assertThat(Keywords.select(true)).isEqualTo("SELECT WORD FROM information_schema.KEYWORDS");
    }
}
