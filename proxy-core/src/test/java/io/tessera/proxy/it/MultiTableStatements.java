package io.tessera.proxy.it;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * Generates the statements of {@link MultiTableDifferentialIT} from a seed: joins of a sharded table with a
 * single-node, a global, a co-located and a differently sharded table, ER joins, UNIONs, subqueries, derived tables
 * and CTEs, and writes over several tables (multi-table UPDATE and DELETE, subqueries in writes, INSERT ... SELECT,
 * subqueries in VALUES). Each says whether Tessera must answer it: those are the shapes it can answer exactly; the
 * others it may answer or refuse, never answer wrongly. Sharded rows live on node {@code key mod 3} (node 1 for 0).
 */
final class MultiTableStatements {

    /** One shape: a statement from the random source and the statement's number. */
    private record Template(String category, boolean write, Function<SplittableRandom, Shape> make) {
    }

    /** What a template makes before it is numbered. */
    private record Shape(String sql, boolean ordered, boolean mustAnswer) {
    }

    private static final int WRITE_SHARE_PERCENT = 30;

    private final SplittableRandom random;
    private final List<Template> reads = new ArrayList<>();
    private final List<Template> writes = new ArrayList<>();
    private int index;

    MultiTableStatements(long seed) {
        this.random = new SplittableRandom(seed);
        joinsWithASingleNodeTable();
        joinsWithAGlobalTable();
        joinsOfShardedTables();
        unions();
        subqueries();
        derivedTables();
        writes();
        insertsFromSelects();
    }

    List<MultiTableStatement> generate(int count) {
        List<MultiTableStatement> statements = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            boolean write = random.nextInt(100) < WRITE_SHARE_PERCENT;
            List<Template> from = write ? writes : reads;
            Template template = from.get(random.nextInt(from.size()));
            Shape shape = template.make().apply(random);
            statements.add(new MultiTableStatement(index++, template.category(), shape.sql(), template.write(),
                    shape.ordered(), shape.mustAnswer()));
        }
        return statements;
    }

    private void read(String category, Function<SplittableRandom, Shape> make) {
        reads.add(new Template(category, false, make));
    }

    private void write(String category, Function<SplittableRandom, Shape> make) {
        writes.add(new Template(category, true, make));
    }

    private void joinsWithASingleNodeTable() {
        read("sharded x single-node", r -> {
            List<Integer> ids = ids(r, 1 + r.nextInt(3));
            return new Shape("SELECT h.id, s.name FROM hotnews h JOIN single_t s ON h.sid = s.id WHERE h.id IN ("
                    + join(ids) + ") ORDER BY h.id", true, onFirstNode(ids));
        });
        read("sharded x single-node", r -> new Shape("SELECT COUNT(*) FROM hotnews h JOIN single_t s ON h.sid = s.id",
                true, false));
        read("sharded x single-node", r -> new Shape("SELECT s.id, COUNT(h.id) FROM single_t s LEFT JOIN hotnews h"
                + " ON h.sid = s.id GROUP BY s.id ORDER BY s.id", true, false));
        read("sharded x single-node", r -> {
            int id = 1 + r.nextInt(90);
            return new Shape("SELECT h.id, h.title, s.name FROM single_t s RIGHT JOIN hotnews h ON h.sid = s.id"
                    + " WHERE h.id = " + id, true, id % 3 == 0);
        });
        read("sharded x single-node", r -> {
            int id = 1 + r.nextInt(90);
            return new Shape("SELECT COUNT(*) FROM hotnews h, single_t s WHERE h.sid = s.id AND h.id = " + id, true,
                    id % 3 == 0);
        });
        read("single-node x global", r -> new Shape("SELECT s.id, g.label FROM single_t s JOIN g ON g.id = s.id"
                + " WHERE s.id < " + r.nextInt(15) + " ORDER BY s.id", true, true));
        read("single-node x global", r -> new Shape("SELECT g.id, s.name FROM g LEFT JOIN single2 s ON s.id = g.id + "
                + r.nextInt(12) + " ORDER BY g.id", true, true));
        read("single-node x single-node", r -> new Shape("SELECT COUNT(*) FROM single_t s JOIN single2 x"
                + " ON s.id = x.id", true, false));
    }

    private void joinsWithAGlobalTable() {
        read("sharded x global", r -> new Shape("SELECT h.id, g.label FROM hotnews h JOIN g ON h.gid = g.id"
                + " WHERE g.id < " + r.nextInt(13) + " ORDER BY h.id LIMIT " + (1 + r.nextInt(20)), true, true));
        read("sharded x global", r -> new Shape("SELECT g.label, COUNT(*), SUM(h.sid) FROM hotnews h JOIN g"
                + " ON h.gid = g.id GROUP BY g.label ORDER BY g.label", true, true));
        read("sharded x global", r -> new Shape("SELECT g.label, COUNT(*) FROM hotnews h JOIN g ON h.gid = g.id"
                + " GROUP BY g.label HAVING COUNT(*) > " + r.nextInt(20) + " ORDER BY 1", true, true));
        read("sharded x global", r -> new Shape("SELECT h.id, g.label FROM hotnews h LEFT JOIN g ON h.gid = g.id"
                + " AND g.label = " + word(r) + " ORDER BY h.id", true, true));
        read("sharded x global", r -> new Shape("SELECT DISTINCT g.label FROM hotnews h JOIN g ON h.gid = g.id"
                + " WHERE h.sid > " + r.nextInt(30), false, true));
        read("sharded x global", r -> new Shape("SELECT g.id, COUNT(h.id) FROM g LEFT JOIN hotnews h ON h.gid = g.id"
                + " GROUP BY g.id ORDER BY g.id", true, false));
        read("sharded x global", r -> new Shape("SELECT h.id, g.label FROM g RIGHT JOIN hotnews h ON h.gid = g.id"
                + " WHERE h.sid BETWEEN " + r.nextInt(15) + " AND " + (15 + r.nextInt(15)) + " ORDER BY h.id", true,
                true));
        read("sharded x global", r -> new Shape("SELECT COUNT(DISTINCT h.gid) FROM hotnews h JOIN g ON h.gid = g.id",
                true, false));
    }

    private void joinsOfShardedTables() {
        read("co-located", r -> new Shape("SELECT h.id, COUNT(c.cid) FROM hotnews h LEFT JOIN comments c"
                + " ON c.hid = h.id GROUP BY h.id ORDER BY h.id", true, true));
        read("co-located", r -> new Shape("SELECT c.body, COUNT(*) FROM hotnews h JOIN comments c ON c.hid = h.id"
                + " WHERE h.title = " + word(r) + " GROUP BY c.body ORDER BY c.body", true, true));
        read("co-located", r -> {
            int low = 1 + r.nextInt(90);
            return new Shape("SELECT h.id, c.cid FROM comments c RIGHT JOIN hotnews h ON c.hid = h.id WHERE h.id"
                    + " BETWEEN " + low + " AND " + (low + r.nextInt(10)) + " ORDER BY h.id, c.cid", true, true);
        });
        read("co-located", r -> new Shape("SELECT h1.id, h2.title FROM hotnews h1 JOIN hotnews h2 ON h1.id = h2.id"
                + " WHERE h1.sid < " + r.nextInt(30) + " ORDER BY h1.id", true, true));
        read("not co-located", r -> new Shape("SELECT COUNT(*) FROM hotnews h JOIN comments c ON c.hid = h.sid",
                true, false));
        read("not co-located", r -> new Shape("SELECT COUNT(*) FROM hotnews h JOIN other o ON o.id = h.id", true,
                false));
        read("ER", r -> new Shape("SELECT c.id, COUNT(o.id), SUM(o.amount) FROM customer c LEFT JOIN orders o"
                + " ON o.cid = c.id GROUP BY c.id ORDER BY c.id", true, true));
        read("ER", r -> new Shape("SELECT o.id, SUM(i.qty) FROM orders o JOIN items i ON i.oid = o.id"
                + " WHERE o.amount > " + r.nextInt(1000) + " GROUP BY o.id ORDER BY o.id", true, true));
        read("ER", r -> new Shape("SELECT c.name, COUNT(*) FROM customer c JOIN orders o ON o.cid = c.id"
                + " JOIN items i ON i.oid = o.id WHERE c.id = " + (1 + r.nextInt(40)) + " GROUP BY c.name ORDER BY 1",
                true, true));
        read("ER", r -> new Shape("SELECT COUNT(*) FROM customer c JOIN items i ON i.oid = c.id", true, false));
    }

    private void unions() {
        read("UNION", r -> new Shape("SELECT id FROM hotnews WHERE sid < " + r.nextInt(30)
                + " UNION SELECT id FROM single_t ORDER BY 1 LIMIT " + (1 + r.nextInt(30)), true, true));
        read("UNION", r -> new Shape("SELECT id, title FROM hotnews WHERE gid = " + r.nextInt(13)
                + " UNION ALL SELECT id, name FROM single_t WHERE id < " + r.nextInt(25), false, true));
        read("UNION", r -> new Shape("SELECT title FROM hotnews UNION SELECT name FROM single2 UNION SELECT label"
                + " FROM g", false, true));
        read("UNION", r -> new Shape("SELECT hid FROM comments WHERE body = " + word(r) + " UNION ALL SELECT id FROM"
                + " hotnews WHERE id = " + (1 + r.nextInt(90)), false, true));
        read("UNION", r -> new Shape("SELECT id FROM single_t UNION ALL SELECT id FROM single2 ORDER BY id", false,
                true));
        read("UNION", r -> new Shape("SELECT id, label FROM g WHERE id < " + r.nextInt(12) + " UNION SELECT id, title"
                + " FROM hotnews WHERE id = " + (1 + r.nextInt(90)) + " ORDER BY 1, 2", true, true));
        read("UNION", r -> new Shape("SELECT sid, COUNT(*) FROM hotnews GROUP BY sid UNION ALL SELECT id, 1 FROM"
                + " single_t", false, false));
        read("UNION", r -> new Shape("SELECT id FROM hotnews UNION SELECT id FROM single_t UNION ALL SELECT id FROM"
                + " single2", false, false));
        read("UNION", r -> new Shape("SELECT COUNT(*) FROM (SELECT id FROM hotnews UNION SELECT id FROM single_t) t",
                true, false));
    }

    private void subqueries() {
        read("subquery", r -> new Shape("SELECT id FROM hotnews WHERE gid IN (SELECT id FROM g WHERE label = "
                + word(r) + ") ORDER BY id", true, true));
        read("subquery", r -> new Shape("SELECT h.id FROM hotnews h WHERE EXISTS (SELECT 1 FROM comments c WHERE"
                + " c.hid = h.id AND c.body = " + word(r) + ") ORDER BY h.id", true, true));
        read("subquery", r -> new Shape("SELECT h.id FROM hotnews h WHERE NOT EXISTS (SELECT 1 FROM comments c WHERE"
                + " c.hid = h.id) ORDER BY h.id", true, true));
        read("subquery", r -> new Shape("SELECT h.id, (SELECT COUNT(*) FROM comments c WHERE c.hid = h.id) FROM"
                + " hotnews h WHERE h.sid < " + r.nextInt(30) + " ORDER BY h.id", true, true));
        read("subquery", r -> new Shape("SELECT COUNT(*) FROM hotnews WHERE id IN (SELECT hid FROM comments WHERE"
                + " body = " + word(r) + ")", true, true));
        read("subquery", r -> new Shape("SELECT COUNT(*) FROM hotnews WHERE id NOT IN (SELECT hid FROM comments)",
                true, false));
        read("subquery", r -> new Shape("SELECT id FROM hotnews WHERE sid IN (SELECT id FROM single_t)", false,
                false));
        read("subquery", r -> new Shape("SELECT * FROM single_t WHERE id IN (SELECT id FROM g) ORDER BY id", true,
                true));
        read("subquery", r -> new Shape("SELECT h.id, (SELECT label FROM g WHERE g.id = h.gid) FROM hotnews h"
                + " ORDER BY h.id LIMIT " + (1 + r.nextInt(40)), true, true));
        read("subquery", r -> new Shape("SELECT id FROM hotnews WHERE title = (SELECT MAX(title) FROM hotnews)",
                false, false));
    }

    private void derivedTables() {
        read("derived table", r -> new Shape("SELECT COUNT(*), SUM(t.sid) FROM (SELECT id, sid FROM hotnews WHERE"
                + " gid < " + r.nextInt(13) + ") t", true, true));
        read("derived table", r -> new Shape("SELECT t.id, c.body FROM (SELECT id FROM hotnews WHERE sid > "
                + r.nextInt(30) + ") t JOIN comments c ON c.hid = t.id ORDER BY t.id, c.cid", true, true));
        read("derived table", r -> new Shape("SELECT COUNT(*) FROM (SELECT sid FROM hotnews GROUP BY sid) t", true,
                false));
        read("derived table", r -> new Shape("WITH t AS (SELECT id, title FROM hotnews WHERE id > " + r.nextInt(90)
                + ") SELECT title, COUNT(*) FROM t GROUP BY title ORDER BY 1", true, true));
        read("derived table", r -> new Shape("SELECT h.id, t.label FROM (SELECT id, label FROM g) t JOIN hotnews h"
                + " ON h.gid = t.id ORDER BY h.id", true, true));
    }

    private void writes() {
        write("UPDATE x global", r -> new Shape("UPDATE hotnews h JOIN g ON h.gid = g.id SET h.title = g.label"
                + " WHERE g.id = " + r.nextInt(12), false, true));
        write("UPDATE x single-node", r -> {
            List<Integer> ids = ids(r, 1 + r.nextInt(2));
            return new Shape("UPDATE hotnews h JOIN single_t s ON h.sid = s.id SET h.title = s.name WHERE h.id IN ("
                    + join(ids) + ")", false, onFirstNode(ids));
        });
        write("DELETE x sharded", r -> new Shape("DELETE c FROM comments c JOIN hotnews h ON c.hid = h.id WHERE"
                + " h.title = " + word(r) + " AND c.cid % 7 = " + r.nextInt(7), false, true));
        write("DELETE x global", r -> new Shape("DELETE h FROM hotnews h JOIN g ON g.id = h.gid WHERE g.label = "
                + word(r) + " AND h.id % 9 = " + r.nextInt(9), false, true));
        write("UPDATE global x sharded", r -> new Shape("UPDATE g JOIN hotnews h ON h.gid = g.id SET g.label = "
                + word(r), false, false));
        write("UPDATE global", r -> new Shape("UPDATE g SET label = " + word(r) + " WHERE id IN (SELECT id FROM"
                + " (SELECT id FROM g WHERE id < " + r.nextInt(12) + ") x)", false, true));
        write("UPDATE + subquery", r -> new Shape("UPDATE hotnews SET title = " + word(r) + " WHERE gid IN (SELECT id"
                + " FROM g WHERE label = " + word(r) + ")", false, true));
        write("UPDATE + subquery", r -> new Shape("UPDATE hotnews h SET sid = (SELECT COUNT(*) FROM comments c WHERE"
                + " c.hid = h.id) WHERE h.id % 5 = " + r.nextInt(5), false, true));
        write("DELETE + subquery", r -> new Shape("DELETE FROM comments WHERE hid IN (SELECT id FROM hotnews WHERE"
                + " gid = " + r.nextInt(13) + ")", false, true));
        write("UPDATE + subquery", r -> new Shape("UPDATE single_t SET name = " + word(r) + " WHERE id IN (SELECT sid"
                + " FROM hotnews WHERE gid = " + r.nextInt(13) + ")", false, false));
        write("UPDATE ... LIMIT", r -> new Shape("UPDATE hotnews SET title = " + word(r) + " WHERE sid = "
                + r.nextInt(30) + " ORDER BY id LIMIT 2", false, false));
        write("UPDATE single-node x global", r -> new Shape("UPDATE single_t s JOIN g ON g.id = s.id SET s.name ="
                + " g.label WHERE s.id < " + r.nextInt(12), false, true));
    }

    private void insertsFromSelects() {
        write("INSERT ... SELECT", r -> new Shape("INSERT INTO comments (cid, hid, body) SELECT id + " + freshIds()
                + ", id, title FROM hotnews WHERE gid = " + r.nextInt(13), false, true));
        write("INSERT ... SELECT", r -> new Shape("INSERT INTO single_t (id, name) SELECT id + " + freshIds()
                + ", label FROM g WHERE id < " + r.nextInt(12), false, true));
        write("INSERT ... SELECT", r -> new Shape("INSERT INTO g (id, label) SELECT id + " + freshIds() + ", label"
                + " FROM g WHERE id < " + r.nextInt(12), false, true));
        write("INSERT ... SELECT", r -> new Shape("INSERT INTO single_t (id, name) SELECT id + " + freshIds()
                + ", title FROM hotnews WHERE gid = " + r.nextInt(13), false, false));
        write("INSERT ... SELECT", r -> new Shape("INSERT INTO other (id, x) SELECT id + " + freshIds() + ", sid FROM"
                + " hotnews WHERE gid = " + r.nextInt(13), false, false));
        write("INSERT + subquery", r -> new Shape("INSERT INTO hotnews (id, sid, gid, title) VALUES (" + freshIds()
                + ", (SELECT MAX(id) FROM g), " + r.nextInt(13) + ", " + word(r) + ")", false, true));
        write("INSERT + subquery", r -> {
            int id = freshIds() + r.nextInt(3);
            return new Shape("INSERT INTO hotnews (id, sid, gid, title) VALUES (" + id + ", (SELECT COUNT(*) FROM"
                    + " single_t), " + r.nextInt(13) + ", " + word(r) + ")", false, id % 3 == 0);
        });
    }

    /** A base for ids no row has yet: one million apart per statement. */
    private int freshIds() {
        return 1_000_000 * (index + 1);
    }

    private static List<Integer> ids(SplittableRandom r, int count) {
        List<Integer> ids = new ArrayList<>(count);
        boolean firstNode = r.nextBoolean();
        for (int i = 0; i < count; i++) {
            ids.add(firstNode ? 3 * (1 + r.nextInt(30)) : 1 + r.nextInt(90));
        }
        return ids;
    }

    private static boolean onFirstNode(List<Integer> ids) {
        return ids.stream().allMatch(id -> id % 3 == 0);
    }

    private static String word(SplittableRandom r) {
        return "'" + MultiTableData.WORDS.get(r.nextInt(MultiTableData.WORDS.size())) + "'";
    }

    private static String join(List<Integer> ids) {
        return String.join(", ", ids.stream().map(String::valueOf).toList());
    }
}
