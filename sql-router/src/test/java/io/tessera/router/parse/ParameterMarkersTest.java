package io.tessera.router.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.error.TesseraException;
import org.junit.jupiter.api.Test;

class ParameterMarkersTest {

    @Test
    void findsMarkersButNotQuestionMarksInStringsIdentifiersOrComments() {
        ParameterMarkers markers = ParameterMarkers.of("SELECT '?', `a?`, \"?\" /* ? */ FROM t -- ?\n"
                + "WHERE id = ? AND k IN (?,?) # ?");
        assertThat(markers.count()).isEqualTo(3);
        assertThat(markers.inline(new String[] {"1", "'x'", "NULL"})).isEqualTo("SELECT '?', `a?`, \"?\" /* ? */ "
                + "FROM t -- ?\nWHERE id = 1 AND k IN ('x',NULL) # ?");
    }

    @Test
    void aStatementWithoutMarkersIsItself() {
        ParameterMarkers markers = ParameterMarkers.of("COMMIT");
        assertThat(markers.count()).isZero();
        assertThat(markers.inline(new String[0])).isEqualTo("COMMIT");
    }

    @Test
    void markersNextToOperatorsAndAtTheEnd() {
        ParameterMarkers markers = ParameterMarkers.of("SELECT ?+1,-?,?");
        assertThat(markers.inline(new String[] {"2", "3", "4"})).isEqualTo("SELECT 2+1,-3,4");
    }

    @Test
    void anUnterminatedStringIsASyntaxError() {
        assertThatThrownBy(() -> ParameterMarkers.of("SELECT 'abc"))
                .isInstanceOfSatisfying(TesseraException.class, e -> assertThat(e.errorCode()).isEqualTo(1064));
    }

    @Test
    void wrongLiteralCountIsRefused() {
        assertThatThrownBy(() -> ParameterMarkers.of("SELECT ?").inline(new String[0]))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
