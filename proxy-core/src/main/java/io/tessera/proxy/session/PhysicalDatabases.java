package io.tessera.proxy.session;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The data nodes' databases on the data hosts, and the logical names a client reads in their place: a data host's
 * message such as {@code Table 'db3.t_mod' doesn't exist} reads {@code Table 'TESTDB.t_mod' doesn't exist}, as if the
 * logical schema were one database. Only a name in an identifier's place is replaced: quoted ({@code 'db3'},
 * {@code 'db3.t'}, {@code `db3`}, {@code "db3"}) or qualifying a name ({@code FUNCTION db3.f}), never a part of a
 * longer word; a quoted user name ({@code 'db3'@'host'}) stays. Names match in any case, as a data host with
 * {@code lower_case_table_names} may write them. Used when an error is rare, never on rows. Immutable.
 */
public final class PhysicalDatabases {

    /** No data node: every message stays as it is. */
    public static final PhysicalDatabases NONE = new PhysicalDatabases(Map.of(), Map.of());

    /** Logical schemas by database, the first the one a database stands for outside them; case-insensitive. */
    private final Map<String, List<String>> schemas = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    private final Pattern names;

    /**
     * @param databases the database of each data node, by data node name
     * @param schemasByNode the logical schemas that use each data node (its default {@code dataNode} or one of its
     *     tables'), in the order of schema.xml; a node without any stands for itself, by its data node name
     */
    public PhysicalDatabases(Map<String, String> databases, Map<String, List<String>> schemasByNode) {
        for (Map.Entry<String, String> node : databases.entrySet()) {
            List<String> logical = schemasByNode.getOrDefault(node.getKey(), List.of());
            List<String> known = schemas.computeIfAbsent(node.getValue(), d -> new ArrayList<>());
            for (String schema : logical.isEmpty() ? List.of(node.getKey()) : logical) {
                if (!known.contains(schema)) {
                    known.add(schema);
                }
            }
        }
        this.names = schemas.isEmpty() ? null : pattern(schemas.keySet());
    }

    /**
     * {@code message}, from a data host, with every database of a data node in an identifier's place replaced by the
     * logical schema it stands for: {@code currentSchema} when that schema uses the node, else the first that does.
     */
    public String hide(String message, String currentSchema) {
        if (names == null || message == null) {
            return message;
        }
        Matcher m = names.matcher(message);
        if (!m.find()) {
            return message;
        }
        StringBuilder out = new StringBuilder(message.length() + 16);
        do {
            List<String> logical = schemas.get(m.group());
            String name = currentSchema != null && logical.contains(currentSchema) ? currentSchema : logical.get(0);
            m.appendReplacement(out, Matcher.quoteReplacement(name));
        } while (m.find());
        m.appendTail(out);
        return out.toString();
    }

    /**
     * A database name in an identifier's place: after a quote and before the same quote or a dot (not a quoted user
     * name, {@code 'name'@}), or unquoted at the start of a word and before a dot and a name.
     */
    private static Pattern pattern(Iterable<String> databases) {
        List<String> sorted = new ArrayList<>();
        databases.forEach(sorted::add);
        sorted.sort(Comparator.comparingInt(String::length).reversed()); // the longest name first: db10 before db1
        StringBuilder any = new StringBuilder();
        for (String database : sorted) {
            any.append(any.length() == 0 ? "" : "|").append(Pattern.quote(database));
        }
        String name = "(?:" + any + ")";
        String quoted = "(?<=(['`\"]))" + name + "(?=\\1(?!@)|\\.)";
        String qualifier = "(?<![\\w$.'`\"])" + name + "(?=\\.[\\w$`])";
        return Pattern.compile(quoted + "|" + qualifier, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }
}
