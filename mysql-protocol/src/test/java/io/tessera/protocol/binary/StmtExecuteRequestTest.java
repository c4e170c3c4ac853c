package io.tessera.protocol.binary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.tessera.protocol.TrackingAllocator;
import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.constant.ColumnType;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StmtExecuteRequestTest {

    /** COM_STMT_EXECUTE, statement 1, no cursor, iteration count 1. */
    private static final String HEADER = "17 01000000 00 01000000 ";
    private static final ParameterType LONG = new ParameterType(ColumnType.LONG, false);
    private static final ParameterType VARCHAR = new ParameterType(ColumnType.VARCHAR, false);
    private static final ParameterType BLOB = new ParameterType(ColumnType.BLOB, false);

    private final TrackingAllocator alloc = new TrackingAllocator();

    @AfterEach
    void releasedEverything() {
        alloc.assertAllReleased();
    }

    @Test
    void readsHeaderOfAStatementWithoutParameters() {
        StmtExecuteRequest request = read("17 2a000000 01 01000000", 0, null, null);

        assertThat(request.statementId()).isEqualTo(42);
        assertThat(request.cursorType()).isEqualTo(StmtExecuteRequest.CURSOR_TYPE_READ_ONLY);
        assertThat(request.newParamsBound()).isFalse();
        assertThat(request.types()).isEmpty();
        assertThat(request.values()).isEmpty();
    }

    @Test
    void readsStatementIdAsUnsigned() {
        assertThat(read("17 ffffffff 00 01000000", 0, null, null).statementId()).isEqualTo(4_294_967_295L);
    }

    @ParameterizedTest(name = "type {0} flags {1}: {2} -> {3}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "01 | 00 | ff                         | -1",
            "01 | 80 | ff                         | 255",
            "02 | 00 | feff                       | -2",
            "02 | 80 | feff                       | 65534",
            "0d | 80 | e807                       | 2024",
            "03 | 00 | ffffffff                   | -1",
            "03 | 80 | ffffffff                   | 4294967295",
            "09 | 00 | 00000080                   | -2147483648",
            "08 | 00 | 0000000000000080           | -9223372036854775808",
            "08 | 00 | ffffffffffffffff           | -1",
            "08 | 80 | ffffffffffffffff           | 18446744073709551615",
            "04 | 00 | 0000003f                   | 0.5E0",
            "04 | 00 | cdcccc3d                   | 0.1E0",
            "05 | 00 | 000000000000f83f           | 1.5E0",
            "05 | 00 | 9a9999999999b93f           | 0.1E0",
            "00 | 00 | 05 2d312e3530              | -1.50",
            "f6 | 00 | 07 31323334352e36          | 12345.6",
            "f6 | 00 | 07 2b312e3565 2d 32        | +1.5e-2",
            "0a | 00 | 04 e807 01 02              | '2024-01-02'",
            "0a | 00 | 07 e807 01 02 03 04 05     | '2024-01-02'",
            "0a | 00 | 00                         | '0000-00-00'",
            "0c | 00 | 04 e807 01 02              | '2024-01-02 00:00:00'",
            "0c | 00 | 07 e807 01 02 03 04 05     | '2024-01-02 03:04:05'",
            "0c | 00 | 0b e807 01 02 03 04 05 40e20100 | '2024-01-02 03:04:05.123456'",
            "0c | 00 | 0b e807 0c 1f 17 3b 3b 00000000 | '2024-12-31 23:59:59'",
            "0c | 00 | 00                         | '0000-00-00 00:00:00'",
            "07 | 00 | 0b e807 01 02 03 04 05 20a10700 | '2024-01-02 03:04:05.500000'",
            "07 | 00 | 00                         | '0000-00-00 00:00:00'",
            "0b | 00 | 00                         | '00:00:00'",
            "0b | 00 | 08 00 00000000 02 03 04    | '02:03:04'",
            "0b | 00 | 08 00 01000000 02 03 04    | '26:03:04'",
            "0b | 00 | 0c 01 22000000 16 3b 3b 01000000 | '-838:59:59.000001'",
            "0b | 00 | 0c 01 00000000 00 00 00 a0860100 | '-00:00:00.100000'",
            "0f | 00 | 03 616263                  | 'abc'",
            "fd | 00 | 04 69742773                | 'it''s'",
            "fe | 00 | 02 c3a9                    | 'é'",
            "f7 | 00 | 03 726564                  | 'red'",
            "f8 | 00 | 03 612c62                  | 'a,b'",
            "f5 | 00 | 02 7b7d                    | '{}'",
            "f9 | 00 | 01 00                      | X'00'",
            "fa | 00 | 02 00ff                    | X'00ff'",
            "fb | 00 | 00                         | X''",
            "fc | 00 | 03 5c2700                  | X'5c2700'",
            "ff | 00 | 02 0102                    | X'0102'",
            "10 | 00 | 01 05                      | X'05'",
            "06 | 00 | \"\"                       | NULL",
    })
    void readsEveryParameterType(String type, String flags, String value, String literal) {
        StmtExecuteRequest request = read(HEADER + "00 01 " + type + flags + value, 1, null, null);

        assertThat(request.newParamsBound()).isTrue();
        assertThat(request.types()).containsExactly(ParameterType.of(0, Integer.parseInt(type, 16),
                Integer.parseInt(flags, 16)));
        assertThat(literal(request.values()[0])).isEqualTo(literal);
    }

    @Test
    void readsValuesIntoTheirTypedForm() {
        StmtExecuteRequest request = read(HEADER + "00 01 0880 0b00 0c00"
                + "ffffffffffffffff" + "0c 01 22000000 16 3b 3b 01000000" + "0b e807 01 02 03 04 05 40e20100", 3,
                null, null);

        assertThat(request.values()).containsExactly(new BoundValue.Int(-1, true),
                new BoundValue.Time(true, 34, 22, 59, 59, 1),
                new BoundValue.DateTime(false, 2024, 1, 2, 3, 4, 5, 123_456));
    }

    @Test
    void nullBitmapMarksNullsWhichHaveNoBytes() {
        // LONG 7, VARCHAR NULL (bit 1), LONG 9
        StmtExecuteRequest request = read(HEADER + "02 01 0300 0f00 0300" + "07000000" + "09000000", 3, null, null);

        assertThat(request.values()).containsExactly(new BoundValue.Int(7, false), BoundValue.NULL,
                new BoundValue.Int(9, false));
    }

    @Test
    void nullBitmapOfTenParametersTakesTwoBytes() {
        StringBuilder hex = new StringBuilder(HEADER + "01 02 01 ");   // bits 0 and 9 set, then bound
        hex.append("0100".repeat(10));                                 // ten TINY
        for (int i = 1; i <= 8; i++) {
            hex.append(String.format("%02x", i));
        }

        BoundValue[] values = read(hex.toString(), 10, null, null).values();

        assertThat(values[0]).isEqualTo(BoundValue.NULL);
        assertThat(values[9]).isEqualTo(BoundValue.NULL);
        for (int i = 1; i <= 8; i++) {
            assertThat(values[i]).isEqualTo(new BoundValue.Int(i, false));
        }
    }

    @Test
    void usesThePreviousTypesWhenNoneAreSent() {
        StmtExecuteRequest request = read(HEADER + "00 00" + "2a000000" + "02 6869", 2,
                new ParameterType[] {LONG, VARCHAR}, null);

        assertThat(request.newParamsBound()).isFalse();
        assertThat(request.types()).containsExactly(LONG, VARCHAR);
        assertThat(request.values()).containsExactly(new BoundValue.Int(42, false),
                new BoundValue.Text("hi".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void takesAnyNonZeroNewParamsBoundFlagAsTypesFollowingAsMySqlDoes() {
        assertThat(read(HEADER + "00 07 0300 2a000000", 1, null, null).values())
                .containsExactly(new BoundValue.Int(42, false));
    }

    @Test
    void rejectsAnExecutionWithoutTypesWhenNoneWereBoundBefore() {
        assertThatThrownBy(() -> read(HEADER + "00 00 2a000000", 1, null, null))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage("malformed packet: COM_STMT_EXECUTE: no parameter types, and no earlier execution of "
                        + "statement 1 bound any");
    }

    @Test
    void leavesLongDataParametersToTheCallerWhateverTheirNullBit() {
        // BLOB from COM_STMT_SEND_LONG_DATA (NULL bit set too), LONG 5, VARCHAR from long data
        StmtExecuteRequest request = read(HEADER + "01 01 fc00 0300 0f00" + "05000000", 3, null,
                new boolean[] {true, false, true});

        assertThat(request.values()).containsExactly(null, new BoundValue.Int(5, false), null);
        assertThat(BoundValue.ofLongData(request.types()[0], new byte[] {0x27}))
                .isEqualTo(new BoundValue.Binary(new byte[] {0x27}));
        assertThat(BoundValue.ofLongData(request.types()[2], new byte[] {0x27}))
                .isEqualTo(new BoundValue.Text(new byte[] {0x27}));
    }

    @Test
    void accessorsReturnCopies() {
        StmtExecuteRequest request = read(HEADER + "00 01 0300 2a000000", 1, null, null);

        request.types()[0] = VARCHAR;
        request.values()[0] = BoundValue.NULL;

        assertThat(request.types()).containsExactly(LONG);
        assertThat(request.values()).containsExactly(new BoundValue.Int(42, false));
    }

    @Test
    void toStringNamesTheShapeNotTheValues() {
        StmtExecuteRequest request = read(HEADER + "00 01 0f00 06 736563726574", 1, null, null);

        assertThat(request).hasToString("StmtExecuteRequest[statementId=1, cursorType=0, params=1, "
                + "newParamsBound=true]");
    }

    @Test
    void rejectsCallerMistakesAsIllegalArguments() {
        assertThatThrownBy(() -> read(HEADER + "00 00 2a000000", 1, new ParameterType[] {LONG, LONG}, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("previousTypes: 2 types (expected: 1)");
        assertThatThrownBy(() -> read(HEADER, 1, null, new boolean[2]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("longDataSent: 2 flags (expected: 1)");
    }

    @Test
    void rejectsTruncatedOrForeignHeadersBitmapsAndTypes() {
        assertMalformed("", 0, "COM_STMT_EXECUTE header: needed 10 bytes, 0 left");
        assertMalformed("17 01000000 00 0100", 0, "COM_STMT_EXECUTE header: needed 10 bytes, 8 left");
        assertMalformed("16 01000000 00 01000000", 0, "COM_STMT_EXECUTE: command 0x16 (expected: 0x17)");
        assertMalformed(HEADER, 1, "COM_STMT_EXECUTE NULL bitmap and new-params-bound flag: needed 2 bytes, 0 left");
        assertMalformed(HEADER + "00", 9,
                "COM_STMT_EXECUTE NULL bitmap and new-params-bound flag: needed 3 bytes, 1 left");
        assertMalformed(HEADER + "00 01 03", 1, "COM_STMT_EXECUTE parameter types: needed 2 bytes, 1 left");
        assertMalformed(HEADER + "00 01 0300", 2, "COM_STMT_EXECUTE parameter types: needed 4 bytes, 2 left");
        assertMalformed(HEADER + "00 01 0300 0300 07000000", 2,
                "COM_STMT_EXECUTE parameter 1 (LONG): needed 4 more bytes, 0 left");
    }

    @ParameterizedTest(name = "type {0}")
    @ValueSource(strings = {"20", "f4", "0e", "11", "12", "13"})
    void rejectsTypesNoClientCanBind(String code) {
        assertMalformed(HEADER + "00 01 " + code + "00", 1,
                "COM_STMT_EXECUTE parameter 0: type 0x" + code + " (expected: a type a client can bind)");
    }

    @ParameterizedTest(name = "{1}: {0}")
    @CsvSource(delimiter = '|', value = {
            "0100                                 | TINY       | needed 1 more bytes, 0 left",
            "0200 01                              | SHORT      | needed 2 more bytes, 1 left",
            "0d00 01                              | YEAR       | needed 2 more bytes, 1 left",
            "0300 010203                          | LONG       | needed 4 more bytes, 3 left",
            "0900 01                              | INT24      | needed 4 more bytes, 1 left",
            "0800 01020304050607                  | LONGLONG   | needed 8 more bytes, 7 left",
            "0400 0102                            | FLOAT      | needed 4 more bytes, 2 left",
            "0500 01                              | DOUBLE     | needed 8 more bytes, 1 left",
            "0f00                                 | VARCHAR    | needed 1 more bytes, 0 left",
            "0f00 05 6162                         | VARCHAR    | length-encoded string: 5 bytes, 2 left",
            "fc00 fc 01                           | BLOB       | needed 2 more bytes, 1 left",
            "fc00 ff                              | BLOB       | length-encoded integer: prefix 0xFF",
            "fd00 fb                              | VAR_STRING | length 0xFB (NULL) where a value's length belongs",
            "f600 03 3132                         | NEWDECIMAL | length-encoded string: 3 bytes, 2 left",
            "0a00                                 | DATE       | needed 1 more bytes, 0 left",
            "0a00 05 e807010203                   | DATE       | length 5 (expected: 0, 4, 7 or 11)",
            "0c00 07 e80701                       | DATETIME   | needed 1 more bytes, 0 left",
            "0700 0b e807 01 02 03 04 05 40e2     | TIMESTAMP  | needed 4 more bytes, 2 left",
            "0c00 0b e807 01 02 03 04 05 40420f00 | DATETIME   | micros: 1000000 (expected: 0..999999)",
            "0b00 09 000000000000000000           | TIME       | length 9 (expected: 0, 8 or 12)",
            "0b00 08 00 000000                    | TIME       | needed 4 more bytes, 3 left",
            "0b00 0c 00 00000000 01 02 03         | TIME       | needed 4 more bytes, 0 left",
            "0b00 0c 00 00000000 01 02 03 ffffffff | TIME      | micros: 4294967295 (expected: 0..999999)",
    })
    void rejectsTruncatedOrInvalidValuesNamingTheParameter(String typeAndValue, String type, String detail) {
        assertMalformed(HEADER + "00 01 " + typeAndValue, 1,
                "COM_STMT_EXECUTE parameter 0 (" + type + "): " + detail);
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "1x   | 02 3178",
            "1;-- | 04 313b2d2d",
            "\"\" | 00",
            ".    | 01 2e",
            "-    | 01 2d",
            "1e   | 02 3165",
            "1..2 | 04 312e2e32",
            "1e5. | 04 3165352e",
            "1 2  | 03 312032",
            "0x1F | 04 30783146",
    })
    void rejectsDecimalsThatAreNotNumbers(String text, String value) {
        assertMalformed(HEADER + "00 01 f600 " + value, 1, "COM_STMT_EXECUTE parameter 0 (NEWDECIMAL): '"
                + text + "' (expected: digits with an optional sign, one dot and an exponent)");
    }

    private void assertMalformed(String hex, int paramCount, String message) {
        assertThatThrownBy(() -> read(hex, paramCount, null, null))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage("malformed packet: " + message);
    }

    private StmtExecuteRequest read(String hex, int paramCount, ParameterType[] previous, boolean[] longData) {
        ByteBuf payload = alloc.hex(hex);
        try {
            return StmtExecuteRequest.read(new PayloadReader(payload), paramCount, previous, longData);
        } finally {
            payload.release();
        }
    }

    private static String literal(BoundValue value) {
        StringBuilder sql = new StringBuilder();
        value.appendLiteral(sql, StandardCharsets.UTF_8, true);
        return sql.toString();
    }
}
