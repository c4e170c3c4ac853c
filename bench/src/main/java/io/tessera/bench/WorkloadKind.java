package io.tessera.bench;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The workloads that {@code --workload} names. */
enum WorkloadKind {
    POINT_SELECT("point-select"),
    ORDER_BY_LIMIT("order-by-limit");

    private final String option;

    WorkloadKind(String option) {
        this.option = option;
    }

    /** The name on the command line. */
    String option() {
        return option;
    }

    static WorkloadKind parse(String option) {
        for (WorkloadKind kind : values()) {
            if (kind.option.equals(option)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("--workload: " + option + " (expected: "
                + Arrays.stream(values()).map(WorkloadKind::option).collect(Collectors.joining(" or ")) + ")");
    }
}
