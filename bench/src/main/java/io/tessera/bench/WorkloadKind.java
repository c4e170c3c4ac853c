package io.tessera.bench;

import io.tessera.bench.template.TemplateFile;
import java.io.IOException;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The workloads that {@code --workload} names, with the table each uses unless {@code --table} says otherwise. */
enum WorkloadKind {
    INSERT("insert", "travelrecord"),
    GLOBAL_INSERT("global-insert", "goods"),
    SELECT("select", "travelrecord"),
    MERGE_SELECT("merge-select", "travelrecord"),
    UPDATE("update", "travelrecord"),
    TEMPLATE("template", ""),
    ORDER_BY_LIMIT("order-by-limit", "bench_orders");

    private final String option;
    private final String defaultTable;

    WorkloadKind(String option, String defaultTable) {
        this.option = option;
        this.defaultTable = defaultTable;
    }

    /** The name on the command line. */
    String option() {
        return option;
    }

    String defaultTable() {
        return defaultTable;
    }

    Workload create(BenchOptions o) {
        return switch (this) {
            case INSERT -> new Insert(o.table(), o.ids());
            case GLOBAL_INSERT -> new GlobalInsert(o.table());
            case SELECT -> new Select(o.table(), o.ids(), o.rows());
            case MERGE_SELECT -> new MergeSelect(o.table(), o.ids(), o.rows());
            case UPDATE -> new Update(o.table(), o.ids(), o.rows());
            case TEMPLATE -> new TemplateWorkload(readTemplate(o));
            case ORDER_BY_LIMIT -> new OrderByLimit(o.table(), Math.toIntExact(o.rows()));
        };
    }

    private static TemplateFile readTemplate(BenchOptions o) {
        try {
            return TemplateFile.read(o.template());
        } catch (IOException e) {
            throw new IllegalArgumentException("--template: cannot read " + o.template() + ": " + e.getMessage(), e);
        }
    }

    static WorkloadKind parse(String option) {
        for (WorkloadKind kind : values()) {
            if (kind.option.equals(option)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("--workload: " + option + " (expected: " + names() + ")");
    }

    static String names() {
        return Arrays.stream(values()).map(WorkloadKind::option).collect(Collectors.joining("|"));
    }
}
