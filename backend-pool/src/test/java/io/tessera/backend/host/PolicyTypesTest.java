package io.tessera.backend.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Balance, WriteType and SwitchType keep MyCat's numbers, each of them, and refuse any other. */
class PolicyTypesTest {

    @Test
    void everyBalanceHasMyCatsNumber() {
        assertThat(Balance.values()).extracting(Balance::code).containsExactly(0, 1, 2, 3);
        for (Balance balance : Balance.values()) {
            assertThat(Balance.of(balance.code())).isSameAs(balance);
        }
        assertThatThrownBy(() -> Balance.of(4)).hasMessage("balance: 4 (expected: 0..3)");
    }

    @Test
    void everyWriteTypeHasMyCatsNumber() {
        assertThat(WriteType.values()).extracting(WriteType::code).containsExactly(0, 1, 2);
        for (WriteType type : WriteType.values()) {
            assertThat(WriteType.of(type.code())).isSameAs(type);
        }
        assertThatThrownBy(() -> WriteType.of(-1)).hasMessage("writeType: -1 (expected: 0..2)");
    }

    @Test
    void everySwitchTypeHasMyCatsNumberAndOnlyMinusOneNeverSwitches() {
        assertThat(SwitchType.values()).extracting(SwitchType::code).containsExactly(-1, 0, 1, 2, 3);
        for (SwitchType type : SwitchType.values()) {
            assertThat(SwitchType.of(type.code())).isSameAs(type);
            assertThat(type.switches()).isEqualTo(type != SwitchType.NEVER);
        }
        assertThatThrownBy(() -> SwitchType.of(4)).hasMessage("switchType: 4 (expected: -1..3)");
    }
}
