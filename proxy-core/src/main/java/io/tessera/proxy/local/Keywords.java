package io.tessera.proxy.local;

import io.tessera.proxy.local.DerivedTable.Column;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code information_schema.KEYWORDS} as the server Tessera presents itself as has it. As MySQL 8: its columns
 * ({@code WORD}, {@code RESERVED}) and MySQL 8.0's keywords (the resource {@code mysql80-keywords.txt}), whatever the
 * data hosts are: Connector/J 8 and later read {@code SELECT WORD FROM INFORMATION_SCHEMA.KEYWORDS WHERE RESERVED=1}
 * for {@code DatabaseMetaData.getSQLKeywords()}, which MariaDB's table (no {@code RESERVED}) and MySQL 5.7 (no table)
 * fail. As MariaDB: the data host's own table, its {@code WORD} column only, which MariaDB's has.
 */
final class Keywords {

    private static final String RESOURCE = "mysql80-keywords.txt";
    private static final String MARIADB = "SELECT WORD FROM information_schema.KEYWORDS";
    private static final DerivedTable MYSQL = new DerivedTable(List.of(Column.text("WORD", 128),
            Column.signed("RESERVED")));

    private Keywords() {
    }

    /** The SELECT of the derived table that stands in for KEYWORDS. */
    static String select(boolean mariaDb) {
        return mariaDb ? MARIADB : MYSQL.select(mysql80());
    }

    /** The resource's rows: a word, a tab, 1 or 0; lines starting with {@code #} are comments. */
    static List<List<Object>> mysql80() {
        List<List<Object>> rows = new ArrayList<>(800);
        try (InputStream in = Keywords.class.getResourceAsStream(RESOURCE);
                BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.split("\t");
                rows.add(Arrays.asList(fields[0], Long.valueOf(fields[1])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("resource " + RESOURCE + " of " + Keywords.class.getName(), e);
        }
        return rows;
    }
}
