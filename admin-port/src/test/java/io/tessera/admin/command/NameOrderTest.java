package io.tessera.admin.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NameOrderTest {

    @Test
    void comparesTrailingNumbersByValue() {
        List<String> names = new ArrayList<>(List.of("dn10", "dn2", "host1", "dn1", "dn", "dn02",
                "dn99999999999999999999", "dn100"));
        names.sort(NameOrder.INSTANCE);
        assertThat(names).containsExactly("dn", "dn1", "dn02", "dn2", "dn10", "dn100", "dn99999999999999999999",
                "host1");
    }
}
