package io.tessera.proxy.exec.merge;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

class PadSpaceTest {

    private static final String UTF8MB4_GENERAL_CI = "utf8mb4_general_ci";
    private static final String UTF8MB4_0900_AI_CI = "utf8mb4_0900_ai_ci";

    private static int compare(String collation, int[] a, int[] b) {
        ByteBuf x = weights(a);
        ByteBuf y = weights(b);
        return Integer.signum(PadSpace.compare(PadSpace.spaceWeight(collation), x, 0, x.readableBytes(), y, 0,
                y.readableBytes()));
    }

    private static ByteBuf weights(int[] bytes) {
        ByteBuf buf = Unpooled.buffer();
        for (int b : bytes) {
            buf.writeByte(b);
        }
        return buf;
    }

    @Test
    void trailingSpacesDoNotCountUnderPadSpaceButCharactersBelowASpaceDo() {
        int[] a = {0x00, 0x41};                   // WEIGHT_STRING('a' COLLATE utf8mb4_general_ci)
        int[] aSpace = {0x00, 0x41, 0x00, 0x20};  // 'a '
        int[] aTab = {0x00, 0x41, 0x00, 0x09};    // 'a\t', which MariaDB sorts before 'a'
        assertThat(compare(UTF8MB4_GENERAL_CI, a, aSpace)).isZero();
        assertThat(compare(UTF8MB4_GENERAL_CI, aTab, a)).isNegative();
        assertThat(compare(UTF8MB4_GENERAL_CI, a, aTab)).isPositive();
        assertThat(compare(UTF8MB4_0900_AI_CI, a, aSpace)).isNegative(); // NO PAD
    }

    @Test
    void knowsTheSpaceWeightOfTheCommonCollations() {
        assertThat(PadSpace.spaceWeight("utf8mb4_bin")).containsExactly(0x00, 0x00, 0x20);
        assertThat(PadSpace.spaceWeight("utf8mb4_unicode_ci")).containsExactly(0x02, 0x09);
        assertThat(PadSpace.spaceWeight("utf8mb4_unicode_520_ci")).containsExactly(0x02, 0x0A);
        assertThat(PadSpace.spaceWeight("latin1_swedish_ci")).containsExactly(0x20);
        assertThat(PadSpace.spaceWeight("utf8mb4_nopad_bin")).isNull();
        assertThat(PadSpace.spaceWeight("binary")).isNull();
    }
}
