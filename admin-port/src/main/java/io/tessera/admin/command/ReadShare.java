package io.tessera.admin.command;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** MyCat's R% column: reads over reads and writes, two decimals ({@code 0.83}); {@code 0.00} with neither. */
final class ReadShare {

    private ReadShare() {
    }

    static String of(long reads, long writes) {
        long all = reads + writes;
        if (all == 0) {
            return "0.00"; // MyCat divides by zero here and prints DecimalFormat's NaN sign
        }
        // exact decimal arithmetic, half-even as MyCat's DecimalFormat("0.00") rounds
        return BigDecimal.valueOf(reads).divide(BigDecimal.valueOf(all), 2, RoundingMode.HALF_EVEN).toPlainString();
    }
}
