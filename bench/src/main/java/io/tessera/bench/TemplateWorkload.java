package io.tessera.bench;

import io.tessera.bench.template.TemplateFile;
import java.sql.Statement;
import java.util.List;

/**
 * MyCat's template test: the {@code sql=} line of a template file with its random variables filled anew for every
 * execution. Each rendering is a different text, so it always runs as a plain query (preparing it would cost a
 * round trip per statement); the table is the user's own.
 */
final class TemplateWorkload implements Workload {

    private final TemplateFile template;

    TemplateWorkload(TemplateFile template) {
        this.template = template;
    }

    @Override
    public List<String> createTable() {
        throw new IllegalArgumentException("--prepare: a template's table is the user's own; create it first");
    }

    @Override
    public Operation operation(int thread, int threads) {
        return (connection, random) -> {
            try (Statement statement = connection.createStatement()) {
                if (statement.execute(template.sql().render(random))) {
                    Rows.drain(statement.getResultSet());
                }
            }
            return true;
        };
    }
}
