package io.tessera.bench.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class RandomCharsTest {

    @Test
    void drawsFixedLengthStringsFromTheListedRanges() {
        List<String> strings = Renders.of("${char([a-f,0-9]8:8)}", 500);
        assertThat(strings).allSatisfy(s -> assertThat(s).matches("[a-f0-9]{8}"));
        assertThat(String.join("", strings).chars().distinct().count()).isEqualTo(16);
    }

    @Test
    void drawsLengthsFromMinToMax() {
        assertThat(Renders.of("${char([x]2:4)}", 300)).containsOnly("xx", "xxx", "xxxx");
        assertThat(Renders.of("${char([x]0:0)}", 1)).containsExactly("");
    }

    @Test
    void defaultsToMyCatsLengthsOfOneTo256() {
        List<Integer> lengths = Renders.of("${char([a-c])}", 10_000).stream().map(String::length).toList();
        assertThat(lengths).allSatisfy(n -> assertThat(n).isBetween(1, 256)).contains(1, 256);
    }

    @Test
    void takesSingleCharactersAsWellAsRanges() {
        assertThat(Renders.of("${char([x,-,A-B]1:1)}", 300)).containsOnly("x", "-", "A", "B");
    }

    @Test
    void picksARangeFirstThenACharacterInIt() {
        String chars = Renders.of("${char([a,0-9]10000:10000)}", 1).get(0);
        long as = chars.chars().filter(c -> c == 'a').count();
        assertThat(as).isBetween(4700L, 5300L);                  // half, not one in eleven
        assertThat(chars.chars().filter(c -> c != 'a').mapToObj(c -> (char) c).collect(Collectors.toSet()))
                .containsExactlyInAnyOrder('0', '1', '2', '3', '4', '5', '6', '7', '8', '9');
    }
}
