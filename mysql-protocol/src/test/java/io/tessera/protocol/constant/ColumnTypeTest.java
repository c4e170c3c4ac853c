package io.tessera.protocol.constant;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ColumnTypeTest {

    @ParameterizedTest
    @EnumSource(ColumnType.class)
    void everyTypeIsFoundByItsCode(ColumnType type) {
        assertThat(ColumnType.of(type.code())).isSameAs(type);
    }

    @Test
    void unassignedCodesReadAsString() {
        assertThat(ColumnType.of(0x20)).isEqualTo(ColumnType.STRING);
        assertThat(ColumnType.of(0xF4)).isEqualTo(ColumnType.STRING);
    }

    @Test
    void usesTheWireCodesOfTheManual() {
        assertThat(ColumnType.LONGLONG.code()).isEqualTo(0x08);
        assertThat(ColumnType.VARCHAR.code()).isEqualTo(0x0F);
        assertThat(ColumnType.NEWDECIMAL.code()).isEqualTo(0xF6);
        assertThat(ColumnType.VAR_STRING.code()).isEqualTo(0xFD);
        assertThat(ColumnType.GEOMETRY.code()).isEqualTo(0xFF);
    }
}
