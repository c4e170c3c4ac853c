package io.tessera.protocol.codec;

import static io.tessera.protocol.codec.FrameKind.COLUMNS_EOF;
import static io.tessera.protocol.codec.FrameKind.COLUMN_COUNT;
import static io.tessera.protocol.codec.FrameKind.COLUMN_DEFINITION;
import static io.tessera.protocol.codec.FrameKind.CONTINUATION;
import static io.tessera.protocol.codec.FrameKind.ERR;
import static io.tessera.protocol.codec.FrameKind.OK;
import static io.tessera.protocol.codec.FrameKind.PARAMS_EOF;
import static io.tessera.protocol.codec.FrameKind.PARAM_DEFINITION;
import static io.tessera.protocol.codec.FrameKind.PREPARE_OK;
import static io.tessera.protocol.codec.FrameKind.ROW;
import static io.tessera.protocol.codec.FrameKind.ROWS_EOF;
import static io.tessera.protocol.codec.PacketDecoder.MAX_PAYLOAD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.TrackingAllocator;
import io.tessera.protocol.constant.ServerStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResponseTrackerTest {

    private static final int AUTOCOMMIT = ServerStatus.AUTOCOMMIT;
    private static final int MORE = ServerStatus.MORE_RESULTS_EXISTS;
    private static final int CURSOR = ServerStatus.CURSOR_EXISTS;

    /** Column definition "a", utf8mb4, VAR_STRING: starts with the length-encoded catalog "def". */
    private static final String COLUMN = "03 64 65 66 00 00 00 01 61 01 61 0c 2d 00 00 01 00 00 fd 00 00 00 00 00";
    /** Text row ('1', NULL). */
    private static final String ROW_1_NULL = "01 31 fb";
    /** Binary row (1, NULL): header 0x00, NULL bitmap with column 1 at bit 3, then 1 as a LONG. Looks like an OK. */
    private static final String BINARY_ROW = "00 08 01 00 00 00";
    /** ERR 1146 #42S02. */
    private static final String ERR_1146 = "ff 7a 04 23 34 32 53 30 32 6e 6f";

    private final TrackingAllocator alloc = new TrackingAllocator();
    private final ResponseTracker tracker = new ResponseTracker();
    /** How many frames {@link #track} has classified: the next one's sequence id, less one. */
    private int sent;

    @AfterEach
    void releasedEverything() {
        alloc.assertAllReleased();
    }

    @Test
    void isIdleBeforeStart() {
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void okEndsTheResponseWithItsStatus() {
        tracker.start(false, false);

        assertThat(track(ok(AUTOCOMMIT | ServerStatus.IN_TRANS))).containsExactly(OK);
        assertThat(tracker.inProgress()).isFalse();
        assertThat(tracker.lastStatus()).isEqualTo(AUTOCOMMIT | ServerStatus.IN_TRANS);
    }

    @Test
    void readsOkStatusAfterMultiByteAffectedRowsAndInsertId() {
        tracker.start(false, false);

        // affected rows 300 (fc 2c 01), last insert id 70000 (fd 70 11 01), status IN_TRANS
        assertThat(track(hex("00 fc 2c 01 fd 70 11 01 01 00 00 00"))).containsExactly(OK);
        assertThat(tracker.lastStatus()).isEqualTo(ServerStatus.IN_TRANS);
    }

    @Test
    void errEndsTheResponse() {
        tracker.start(true, false);

        assertThat(track(hex(ERR_1146))).containsExactly(ERR);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void localFileRequestWaitsForTheFileThenTheOkOrErr() {
        tracker.start(false, false);

        assertThat(track(hex("fb 2f 74 6d 70 2f 61"))).containsExactly(FrameKind.LOCAL_FILE_REQUEST); // "/tmp/a"
        assertThat(tracker.inProgress()).isTrue();
        assertThat(track(ok(AUTOCOMMIT))).containsExactly(OK);
        assertThat(tracker.inProgress()).isFalse();

        tracker.start(false, false);
        track(hex("fb 61"));
        assertThat(track(hex(ERR_1146))).containsExactly(ERR);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void followsResultSetWithClassicEof() {
        tracker.start(false, false);

        assertThat(track(hex("02"), hex(COLUMN), hex(COLUMN), eof(AUTOCOMMIT),
                hex(ROW_1_NULL), hex(ROW_1_NULL), hex(ROW_1_NULL), eof(AUTOCOMMIT | ServerStatus.IN_TRANS)))
                .containsExactly(COLUMN_COUNT, COLUMN_DEFINITION, COLUMN_DEFINITION, COLUMNS_EOF, ROW, ROW, ROW,
                        ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
        assertThat(tracker.lastStatus()).isEqualTo(AUTOCOMMIT | ServerStatus.IN_TRANS);
    }

    @Test
    void followsResultSetUnderDeprecateEof() {
        tracker.start(true, false);

        assertThat(track(hex("02"), hex(COLUMN), hex(COLUMN), hex(ROW_1_NULL), hex(ROW_1_NULL),
                okAsEof(AUTOCOMMIT | ServerStatus.IN_TRANS)))
                .containsExactly(COLUMN_COUNT, COLUMN_DEFINITION, COLUMN_DEFINITION, ROW, ROW, ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
        assertThat(tracker.lastStatus()).isEqualTo(AUTOCOMMIT | ServerStatus.IN_TRANS);
    }

    @Test
    void followsEmptyResultSetInBothFramings() {
        tracker.start(false, false);
        assertThat(track(hex("01"), hex(COLUMN), eof(AUTOCOMMIT), eof(AUTOCOMMIT)))
                .containsExactly(COLUMN_COUNT, COLUMN_DEFINITION, COLUMNS_EOF, ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();

        tracker.start(true, false);
        assertThat(track(hex("01"), hex(COLUMN), okAsEof(AUTOCOMMIT)))
                .containsExactly(COLUMN_COUNT, COLUMN_DEFINITION, ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void countsColumnsFromALengthEncodedColumnCount() {
        tracker.start(true, false);
        List<IntFunction<Packet>> response = new ArrayList<>();
        response.add(hex("fc fb 00")); // 251 columns
        for (int i = 0; i < 251; i++) {
            response.add(hex(COLUMN));
        }
        response.add(hex(ROW_1_NULL));
        response.add(okAsEof(AUTOCOMMIT));

        List<FrameKind> kinds = track(response);

        assertThat(kinds).hasSize(254).startsWith(COLUMN_COUNT).endsWith(ROW, ROWS_EOF);
        assertThat(kinds.subList(1, 252)).containsOnly(COLUMN_DEFINITION);
    }

    @ParameterizedTest(name = "deprecateEof={0}")
    @ValueSource(booleans = {false, true})
    void chainsResultSetsWhileMoreResultsExist(boolean deprecateEof) {
        tracker.start(deprecateEof, false);

        List<FrameKind> first = track(resultSet(deprecateEof, MORE | AUTOCOMMIT));
        assertThat(tracker.inProgress()).as("after the first result set").isTrue();
        assertThat(tracker.lastStatus()).isEqualTo(MORE | AUTOCOMMIT);
        List<FrameKind> second = track(resultSet(deprecateEof, MORE | AUTOCOMMIT));
        assertThat(tracker.inProgress()).isTrue();
        // a CALL ends with the OK of the procedure itself
        assertThat(track(ok(AUTOCOMMIT))).containsExactly(OK);
        assertThat(tracker.inProgress()).isFalse();

        List<FrameKind> expected = deprecateEof
                ? List.of(COLUMN_COUNT, COLUMN_DEFINITION, ROW, ROWS_EOF)
                : List.of(COLUMN_COUNT, COLUMN_DEFINITION, COLUMNS_EOF, ROW, ROWS_EOF);
        assertThat(first).isEqualTo(expected);
        assertThat(second).isEqualTo(expected);
        assertThat(tracker.lastStatus()).isEqualTo(AUTOCOMMIT);
    }

    @Test
    void chainsOkWithMoreResultsToAResultSet() {
        tracker.start(false, false);

        assertThat(track(ok(MORE | AUTOCOMMIT))).containsExactly(OK);
        assertThat(tracker.inProgress()).isTrue();
        assertThat(track(resultSet(false, AUTOCOMMIT)))
                .containsExactly(COLUMN_COUNT, COLUMN_DEFINITION, COLUMNS_EOF, ROW, ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
    }

    @ParameterizedTest(name = "deprecateEof={0}")
    @ValueSource(booleans = {false, true})
    void rowOfMoreThan16MiBIsOneRowThenContinuations(boolean deprecateEof) {
        tracker.start(deprecateEof, false);
        track(header(deprecateEof));

        // a value of some 32 MiB: its 0xFE length prefix opens the row, which spans three frames
        assertThat(track(large(0xFE), large(0x00), hex("61 62 63 64 65 66 67 68 69 6a 6b")))
                .containsExactly(ROW, CONTINUATION, CONTINUATION);
        assertThat(tracker.inProgress()).isTrue();
        assertThat(track(hex(ROW_1_NULL), end(deprecateEof))).containsExactly(ROW, ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
    }

    @ParameterizedTest(name = "deprecateEof={0}")
    @ValueSource(booleans = {false, true})
    void rowOfExactlyMaxPayloadEndsWithAnEmptyContinuation(boolean deprecateEof) {
        tracker.start(deprecateEof, false);
        track(header(deprecateEof));

        assertThat(track(large(0xFD), hex(""), hex(ROW_1_NULL), end(deprecateEof)))
                .containsExactly(ROW, CONTINUATION, ROW, ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
    }

    @ParameterizedTest(name = "deprecateEof={0}")
    @ValueSource(booleans = {false, true})
    void rowOfMaxPayloadStartingWith0xFEIsARowNotTheEnd(boolean deprecateEof) {
        tracker.start(deprecateEof, false);
        track(header(deprecateEof));

        assertThat(track(large(0xFE))).containsExactly(ROW);
        assertThat(tracker.inProgress()).isTrue();
        // the short frame that ends the payload looks like an EOF, and is not one
        assertThat(track(hex("fe 00 00 02 00"))).containsExactly(CONTINUATION);
        assertThat(tracker.inProgress()).isTrue();
        assertThat(track(end(deprecateEof))).containsExactly(ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void continuationStartingWith0xFFIsNotAnErr() {
        tracker.start(true, false);
        track(header(true));

        assertThat(track(large(0xFC), hex("ff 48 04"), okAsEof(AUTOCOMMIT)))
                .containsExactly(ROW, CONTINUATION, ROWS_EOF);
    }

    @Test
    void errInTheMiddleOfRowsEndsTheResponse() {
        tracker.start(false, false);

        assertThat(track(hex("01"), hex(COLUMN), eof(AUTOCOMMIT), hex(ROW_1_NULL), hex(ERR_1146)))
                .containsExactly(COLUMN_COUNT, COLUMN_DEFINITION, COLUMNS_EOF, ROW, ERR);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void errAfterAResultSetWithMoreResultsEndsTheResponse() {
        tracker.start(true, false);

        track(resultSet(true, MORE | AUTOCOMMIT));
        assertThat(track(hex(ERR_1146))).containsExactly(ERR);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void fieldListResponseEndsAtItsEof() {
        tracker.start(false, true);

        assertThat(track(hex(COLUMN), hex(COLUMN), hex(COLUMN), eof(AUTOCOMMIT | ServerStatus.IN_TRANS)))
                .containsExactly(COLUMN_DEFINITION, COLUMN_DEFINITION, COLUMN_DEFINITION, ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
        assertThat(tracker.lastStatus()).isEqualTo(AUTOCOMMIT | ServerStatus.IN_TRANS);
    }

    @Test
    void fieldListResponseEndsAtItsOkUnderDeprecateEof() {
        tracker.start(true, true);

        assertThat(track(hex(COLUMN), hex(COLUMN), okAsEof(AUTOCOMMIT)))
                .containsExactly(COLUMN_DEFINITION, COLUMN_DEFINITION, ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
        assertThat(tracker.lastStatus()).isEqualTo(AUTOCOMMIT);
    }

    @Test
    void fieldListResponseOfATableWithoutColumnsIsJustTheEof() {
        tracker.start(false, true);

        assertThat(track(eof(AUTOCOMMIT))).containsExactly(ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void fieldListErrEndsTheResponse() {
        tracker.start(false, true);

        assertThat(track(hex(ERR_1146))).containsExactly(ERR);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void startResetsStatusAndState() {
        tracker.start(false, false);
        track(ok(ServerStatus.IN_TRANS));

        tracker.start(false, false);

        assertThat(tracker.inProgress()).isTrue();
        assertThat(tracker.lastStatus()).isZero();
    }

    @Test
    void rejectsAFrameAfterTheEnd() {
        tracker.start(false, false);
        track(ok(AUTOCOMMIT));

        Packet late = ok(AUTOCOMMIT).apply(2);
        try {
            assertThatThrownBy(() -> tracker.next(late))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("frame after the end of the response: Packet[seq=2, length=7]");
        } finally {
            late.release();
        }
    }

    @ParameterizedTest(name = "deprecateEof={0}")
    @ValueSource(booleans = {false, true})
    void prepareWithoutParamsOrColumnsIsJustPrepareOk(boolean deprecateEof) {
        tracker.startPrepare(deprecateEof);

        assertThat(track(prepareOk(0, 0))).containsExactly(PREPARE_OK);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void prepareWithParamsOnlyEndsAtTheirEof() {
        tracker.startPrepare(false);

        assertThat(track(prepareOk(0, 2), hex(COLUMN), hex(COLUMN))).containsExactly(PREPARE_OK, PARAM_DEFINITION,
                PARAM_DEFINITION);
        assertThat(tracker.inProgress()).isTrue();
        assertThat(track(eof(AUTOCOMMIT))).containsExactly(PARAMS_EOF);
        assertThat(tracker.inProgress()).isFalse();
        assertThat(tracker.lastStatus()).isEqualTo(AUTOCOMMIT);
    }

    @Test
    void prepareWithColumnsOnlyEndsAtTheirEof() {
        tracker.startPrepare(false);

        assertThat(track(prepareOk(3, 0), hex(COLUMN), hex(COLUMN), hex(COLUMN), eof(AUTOCOMMIT)))
                .containsExactly(PREPARE_OK, COLUMN_DEFINITION, COLUMN_DEFINITION, COLUMN_DEFINITION, COLUMNS_EOF);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void prepareWithParamsAndColumnsHasAnEofAfterEachPart() {
        tracker.startPrepare(false);

        assertThat(track(prepareOk(2, 1), hex(COLUMN), eof(AUTOCOMMIT), hex(COLUMN), hex(COLUMN), eof(AUTOCOMMIT)))
                .containsExactly(PREPARE_OK, PARAM_DEFINITION, PARAMS_EOF, COLUMN_DEFINITION, COLUMN_DEFINITION,
                        COLUMNS_EOF);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void prepareUnderDeprecateEofEndsAfterTheLastDefinition() {
        tracker.startPrepare(true);
        assertThat(track(prepareOk(2, 1), hex(COLUMN), hex(COLUMN), hex(COLUMN)))
                .containsExactly(PREPARE_OK, PARAM_DEFINITION, COLUMN_DEFINITION, COLUMN_DEFINITION);
        assertThat(tracker.inProgress()).isFalse();

        tracker.startPrepare(true);
        assertThat(track(prepareOk(0, 2), hex(COLUMN), hex(COLUMN)))
                .containsExactly(PREPARE_OK, PARAM_DEFINITION, PARAM_DEFINITION);
        assertThat(tracker.inProgress()).isFalse();

        tracker.startPrepare(true);
        assertThat(track(prepareOk(1, 0), hex(COLUMN))).containsExactly(PREPARE_OK, COLUMN_DEFINITION);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void countsParamsAndColumnsAboveOneByte() {
        tracker.startPrepare(true);
        List<IntFunction<Packet>> response = new ArrayList<>();
        response.add(prepareOk(300, 256));
        for (int i = 0; i < 556; i++) {
            response.add(hex(COLUMN));
        }

        List<FrameKind> kinds = track(response);

        assertThat(kinds.subList(1, 257)).containsOnly(PARAM_DEFINITION);
        assertThat(kinds.subList(257, 557)).containsOnly(COLUMN_DEFINITION);
        assertThat(tracker.inProgress()).isFalse();
    }

    @ParameterizedTest(name = "deprecateEof={0}")
    @ValueSource(booleans = {false, true})
    void prepareErrEndsTheResponse(boolean deprecateEof) {
        tracker.startPrepare(deprecateEof);

        assertThat(track(hex(ERR_1146))).containsExactly(ERR);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void rejectsAPrepareResponseThatIsNeitherOkNorErr() {
        tracker.startPrepare(false);
        Packet frame = Frames.packet(alloc, 1, "01");
        try {
            assertThatThrownBy(() -> tracker.next(frame))
                    .isInstanceOf(MalformedPacketException.class)
                    .hasMessage("malformed packet: COM_STMT_PREPARE response: 1 bytes starting with 0x01 "
                            + "(expected: COM_STMT_PREPARE_OK or ERR)");
        } finally {
            frame.release();
        }
    }

    @Test
    void rejectsAMissingEofAfterTheParameterDefinitions() {
        tracker.startPrepare(false);
        track(prepareOk(1, 1), hex(COLUMN));
        Packet frame = Frames.packet(alloc, 3, COLUMN);
        try {
            assertThatThrownBy(() -> tracker.next(frame))
                    .isInstanceOf(MalformedPacketException.class)
                    .hasMessage("malformed packet: COM_STMT_PREPARE response: 24 bytes starting with 0x03 after the "
                            + "parameter definitions (expected: EOF)");
        } finally {
            frame.release();
        }
    }

    @Test
    void executeThatOpensACursorEndsAtTheColumnsEof() {
        tracker.start(false, false);

        assertThat(track(hex("02"), hex(COLUMN), hex(COLUMN), eof(AUTOCOMMIT | CURSOR)))
                .containsExactly(COLUMN_COUNT, COLUMN_DEFINITION, COLUMN_DEFINITION, COLUMNS_EOF);
        assertThat(tracker.inProgress()).isFalse();
        assertThat(tracker.lastStatus()).isEqualTo(AUTOCOMMIT | CURSOR);
    }

    @Test
    void executeThatOpensACursorUnderDeprecateEofEndsAtTheOkAfterTheColumns() {
        tracker.start(true, false);

        assertThat(track(hex("01"), hex(COLUMN), okAsEof(AUTOCOMMIT | CURSOR)))
                .containsExactly(COLUMN_COUNT, COLUMN_DEFINITION, ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
        assertThat(tracker.lastStatus()).isEqualTo(AUTOCOMMIT | CURSOR);
    }

    @ParameterizedTest(name = "deprecateEof={0}")
    @ValueSource(booleans = {false, true})
    void binaryRowsAreRowsNotOks(boolean deprecateEof) {
        tracker.start(deprecateEof, false);
        track(header(deprecateEof));

        assertThat(track(hex(BINARY_ROW), hex("00 00 00 00 02 00 00"), hex(BINARY_ROW))).containsOnly(ROW);
        assertThat(tracker.inProgress()).isTrue();
        assertThat(track(end(deprecateEof))).containsExactly(ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void fetchIsRowsThenAnEofThatMaySayTheCursorLivesOn() {
        tracker.startFetch(false);

        assertThat(track(hex(BINARY_ROW), hex(BINARY_ROW), eof(AUTOCOMMIT | CURSOR)))
                .containsExactly(ROW, ROW, ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
        assertThat(tracker.lastStatus()).isEqualTo(AUTOCOMMIT | CURSOR);
    }

    @Test
    void fetchPastTheLastRowIsJustTheEofWithLastRowSent() {
        tracker.startFetch(false);

        assertThat(track(eof(AUTOCOMMIT | ServerStatus.LAST_ROW_SENT))).containsExactly(ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
        assertThat(tracker.lastStatus()).isEqualTo(AUTOCOMMIT | ServerStatus.LAST_ROW_SENT);
    }

    @Test
    void fetchUnderDeprecateEofEndsAtTheOk() {
        tracker.startFetch(true);

        assertThat(track(hex(BINARY_ROW), okAsEof(AUTOCOMMIT | ServerStatus.LAST_ROW_SENT)))
                .containsExactly(ROW, ROWS_EOF);
        assertThat(tracker.inProgress()).isFalse();
        assertThat(tracker.lastStatus()).isEqualTo(AUTOCOMMIT | ServerStatus.LAST_ROW_SENT);
    }

    @Test
    void fetchErrEndsTheResponse() {
        tracker.startFetch(false);

        assertThat(track(hex(ERR_1146))).containsExactly(ERR);
        assertThat(tracker.inProgress()).isFalse();
    }

    @Test
    void startForgetsAnUnfinishedPrepare() {
        tracker.startPrepare(false);
        track(prepareOk(1, 1));

        tracker.start(false, false);

        assertThat(track(ok(AUTOCOMMIT))).containsExactly(OK);
        assertThat(tracker.inProgress()).isFalse();
    }

    /** Classifies each frame, numbering them from 1, and releases it. */
    @SafeVarargs
    private List<FrameKind> track(IntFunction<Packet>... response) {
        List<IntFunction<Packet>> frames = new ArrayList<>(response.length);
        for (IntFunction<Packet> frame : response) {
            frames.add(frame);
        }
        return track(frames);
    }

    private List<FrameKind> track(List<IntFunction<Packet>> response) {
        List<FrameKind> kinds = new ArrayList<>();
        for (IntFunction<Packet> frame : response) {
            Packet packet = frame.apply(++sent & 0xFF);
            try {
                kinds.add(tracker.next(packet));
            } finally {
                packet.release();
            }
        }
        return kinds;
    }

    private List<IntFunction<Packet>> header(boolean deprecateEof) {
        return deprecateEof ? List.of(hex("01"), hex(COLUMN)) : List.of(hex("01"), hex(COLUMN), eof(AUTOCOMMIT));
    }

    private List<IntFunction<Packet>> resultSet(boolean deprecateEof, int endStatus) {
        List<IntFunction<Packet>> frames = new ArrayList<>(header(deprecateEof));
        frames.add(hex(ROW_1_NULL));
        frames.add(deprecateEof ? okAsEof(endStatus) : eof(endStatus));
        return frames;
    }

    private IntFunction<Packet> end(boolean deprecateEof) {
        return deprecateEof ? okAsEof(AUTOCOMMIT) : eof(AUTOCOMMIT);
    }

    private IntFunction<Packet> hex(String payload) {
        return seq -> Frames.packet(alloc, seq, payload);
    }

    private IntFunction<Packet> large(int firstByte) {
        return seq -> Frames.large(alloc, seq, MAX_PAYLOAD, firstByte);
    }

    /** {@code 0x00 | affected 0 | insert id 0 | status | warnings 0}. */
    private IntFunction<Packet> ok(int status) {
        return hex(String.format("00 00 00 %02x %02x 00 00", status & 0xFF, status >> 8));
    }

    /** The OK that ends rows under CLIENT_DEPRECATE_EOF. */
    private IntFunction<Packet> okAsEof(int status) {
        return hex(String.format("fe 00 00 %02x %02x 00 00", status & 0xFF, status >> 8));
    }

    /** COM_STMT_PREPARE_OK of statement 1: {@code 0x00 | 4 id | 2 columns | 2 params | 0x00 | 2 warnings}. */
    private IntFunction<Packet> prepareOk(int columns, int params) {
        return hex(String.format("00 01 00 00 00 %02x %02x %02x %02x 00 00 00", columns & 0xFF, columns >> 8,
                params & 0xFF, params >> 8));
    }

    /** {@code 0xFE | warnings 0 | status}. */
    private IntFunction<Packet> eof(int status) {
        return hex(String.format("fe 00 00 %02x %02x", status & 0xFF, status >> 8));
    }
}
