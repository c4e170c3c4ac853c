package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.EOFException;
import java.io.IOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hostile and broken command packets over real TCP after a successful login (issue 18): random command bytes,
 * malformed and huge frame lengths, wrong sequence ids, truncated COM_STMT_EXECUTE, huge length-encoded values,
 * invalid UTF-8 in COM_QUERY and mutated SQL, on many connections at once. After each batch: every connection got
 * its answers or was closed (a COM_PING after the inputs must be answered or the connection closed, within the read
 * timeout: no hang), Tessera still serves a normal client, no thread died and nothing unexpected was logged, no
 * client connection is left and the data hosts' pools are back to their baseline.
 *
 * <p>Size: {@code -Dtessera.fuzz.tries} (default 1000) inputs in all; the seed is logged and can be fixed with
 * {@code -Dtessera.fuzz.seed} to replay a failure (docs/operations.md, Fuzz tests).
 */
@Tag("integration")
class ProtocolFuzzIT {

    private static final Logger LOG = LogManager.getLogger(ProtocolFuzzIT.class);

    private static final int WORKERS = 8;
    private static final int INPUTS_PER_CONNECTION = 5;
    private static final int CONNECTIONS_PER_BATCH = 40;
    private static final int READ_TIMEOUT_MILLIS = 10_000;
    private static final byte[] PING = {0x0E};

    /** Statements of the sharded schema; nothing that holds locks past its statement or drops the tables. */
    private static final List<String> SEEDS = List.of(
            "SELECT * FROM orders WHERE id = 1",
            "SELECT * FROM orders o WHERE o.id IN (2, 4) AND status = 'a' ORDER BY id DESC LIMIT 2, 3",
            "SELECT status, COUNT(*), SUM(id), AVG(id), MAX(id) FROM orders GROUP BY status HAVING COUNT(*) > 0",
            "SELECT DISTINCT status FROM orders ORDER BY 1",
            "SELECT o.id, i.item_id FROM orders o JOIN order_items i ON o.id = i.order_id WHERE o.id = 3",
            "SELECT * FROM orders WHERE id = (SELECT MAX(id) FROM travelrecord)",
            "SELECT * FROM orders UNION ALL SELECT * FROM orders WHERE id = 2",
            "SELECT * FROM region r JOIN orders o ON r.id = o.id",
            "SELECT * FROM travelrecord WHERE id BETWEEN 1 AND 10000000",
            "INSERT INTO orders (id, status) VALUES (1, 'a'), (2, 'b'), (3, 'c')",
            "INSERT INTO order_items (item_id, order_id) VALUES (10, 3)",
            "INSERT INTO item_notes (note_id, item_id) VALUES (1, 10), (2, 11)",
            "INSERT INTO region (id, name) VALUES (1, 'north')",
            "INSERT INTO travelrecord (id, v) VALUES (5, 'x')",
            "UPDATE orders SET status = 'z' WHERE id = 3",
            "DELETE FROM orders WHERE id = 7",
            "SELECT @@version_comment LIMIT 1",
            "SHOW TABLES",
            "SHOW COLUMNS FROM orders",
            "EXPLAIN SELECT * FROM orders WHERE id = 1",
            "SELECT 'caf\u00e9', '\u4e2d', 0x41, _utf8mb4'x' COLLATE utf8mb4_bin",
            "/*!40001 SQL_NO_CACHE */ SELECT * FROM `orders` WHERE `id` = 2");
    private static final List<String> FRAGMENTS = List.of(" ", "(", ")", ",", "'", "\"", "`", "?", "*", ";", "--",
            "/*", "*/", "/*!", "\\", "=", " OR ", " AND ", " NOT ", " NULL", " IN (", " LIKE ", " SELECT ", " FROM ",
            " WHERE ", " orders", " id", " LIMIT ", " UNION ", " JOIN ", " GROUP BY ", " ORDER BY ", " VALUES ",
            " 99999999999999999999999", " -1", " 0x", " @x", " @@x", " TESTDB.", "\u00e9", "\ud83d\ude00");

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/sharded").withExtraHosts(1);

    /** Kinds of hostile input; each is a whole command unless it {@link Input#incomplete says otherwise}. */
    private enum Kind {
        RANDOM_COMMAND, WRONG_SEQUENCE, MALFORMED_LENGTH, HUGE_LENGTH, TRUNCATED_EXECUTE, HUGE_LENENC,
        INVALID_UTF8_QUERY, RANDOM_SQL
    }

    /** Raw wire bytes, framing included; {@code incomplete} when the stream may be left mid-frame. */
    private record Input(Kind kind, byte[] wire, boolean incomplete) {

        @Override
        public String toString() {
            return kind + ":" + hex(wire, 64);
        }
    }

    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong connections = new AtomicLong();
    private final AtomicLong leftMidFrame = new AtomicLong();
    private final AtomicLong answeredByPing = new AtomicLong();
    private final AtomicLong closedByTessera = new AtomicLong();

    @Test
    void hostilePacketsGetErrorsOrClosesAndLeaveTesseraServing() throws Exception {
        int tries = Integer.getInteger("tessera.fuzz.tries", 1000);
        long seed = Long.getLong("tessera.fuzz.seed", System.nanoTime());
        LOG.warn("protocol fuzz: {} inputs, seed {} (-Dtessera.fuzz.seed={} replays it)", tries, seed, seed);
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, status VARCHAR(10))");
            s.execute("CREATE TABLE order_items (item_id BIGINT PRIMARY KEY, order_id BIGINT)");
            s.execute("CREATE TABLE item_notes (note_id BIGINT PRIMARY KEY, item_id BIGINT)");
            s.execute("CREATE TABLE region (id BIGINT PRIMARY KEY, name VARCHAR(10))");
            s.execute("CREATE TABLE travelrecord (id BIGINT PRIMARY KEY, v VARCHAR(10))");
            s.execute("INSERT INTO orders VALUES (1, 'a'), (2, 'b')");
        }
        awaitNoClientsAndIdlePools();
        Set<Thread> threads = tesseraThreads();
        List<Throwable> uncaught = new ArrayList<>();
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            synchronized (uncaught) {
                uncaught.add(e);
            }
        });
        Random seeds = new Random(seed);
        ExecutorService workers = Executors.newFixedThreadPool(WORKERS);
        try {
            for (int batch = 0; sent.get() < tries; batch++) {
                LogLines log = LogLines.capture(); // per batch: a long run's DEBUG lines would fill the heap
                LogLines leaks = LogLines.capture("io.netty.util.ResourceLeakDetector");
                List<Future<String>> results = new ArrayList<>();
                for (int i = 0; i < CONNECTIONS_PER_BATCH; i++) {
                    long connectionSeed = seeds.nextLong();
                    results.add(workers.submit(() -> oneConnection(connectionSeed)));
                }
                List<String> failures = new ArrayList<>();
                for (Future<String> result : results) {
                    String failure = result.get(120, TimeUnit.SECONDS);
                    if (failure != null) {
                        failures.add(failure);
                    }
                }
                assertThat(failures).as("batch %d (seed %d): connections that hung or got a wrong answer", batch,
                        seed).isEmpty();
                System.gc(); // paranoid leak detection reports a lost buffer after a GC, at a later allocation
                assertServesANormalClient();
                awaitNoClientsAndIdlePools();
                log.close();
                leaks.close();
                assertThat(leaks.lines()).as("batch %d (seed %d): leaked buffers", batch, seed).isEmpty();
                assertThat(unexpected(log.lines())).as("batch %d (seed %d): unexpected log lines", batch, seed)
                        .isEmpty();
                synchronized (uncaught) {
                    assertThat(uncaught).as("uncaught exceptions").isEmpty();
                }
                assertThat(threads).as("Tessera's threads").allMatch(Thread::isAlive);
            }
        } finally {
            workers.shutdownNow();
            Thread.setDefaultUncaughtExceptionHandler(previous);
        }
        LOG.warn("protocol fuzz: {} inputs on {} connections: {} answered a ping afterwards, {} were closed by Tessera,"
                + " {} left mid-frame", sent.get(), connections.get(), answeredByPing.get(), closedByTessera.get(),
                leftMidFrame.get());
    }

    /**
     * Logs in, prepares a statement, sends a few hostile inputs and then a COM_PING, and reads until the ping's OK or
     * the connection's end. Returns null when all is well, else what went wrong, with the inputs.
     */
    private String oneConnection(long seed) {
        Random random = new Random(seed);
        List<Input> inputs = new ArrayList<>();
        connections.incrementAndGet();
        try (RawClient c = new RawClient(tessera.port())) {
            RawClient.Reply login = c.login(RunningTessera.USER, RunningTessera.PASSWORD, "TESTDB");
            if (!login.isOk()) {
                return "login refused: " + login.text();
            }
            c.command(concat((byte) 0x16, "SELECT * FROM orders WHERE id = ? AND status = ?"));
            RawClient.Reply prepared = c.read();
            if (!prepared.isOk()) {
                return "prepare refused: " + prepared.text();
            }
            byte[] statementId = {prepared.payload()[1], prepared.payload()[2], prepared.payload()[3],
                prepared.payload()[4]};
            readEofs(c, 2); // two parameter definitions and EOF, two column definitions and EOF
            boolean incomplete = false;
            for (int i = 0; i < INPUTS_PER_CONNECTION && !incomplete; i++) {
                // only the last input may leave a frame unfinished: whatever follows it would be read as its rest
                Input input = input(random, statementId, i == INPUTS_PER_CONNECTION - 1);
                inputs.add(input);
                sent.incrementAndGet();
                try {
                    c.writeRaw(input.wire());
                } catch (SocketException e) {
                    closedByTessera.incrementAndGet(); // closed after an earlier input: allowed
                    return null;
                }
                incomplete = input.incomplete();
            }
            if (incomplete) {
                leftMidFrame.incrementAndGet();
                return null; // Tessera waits for the rest of the frame, as MySQL does, or has closed
            }
            c.command(PING);
            return awaitPingOrClose(c) ? null : "no answer to COM_PING";
        } catch (SocketTimeoutException e) {
            return "hung: no reply within " + READ_TIMEOUT_MILLIS + " ms after " + inputs;
        } catch (IOException e) {
            return "I/O failure " + e + " after " + inputs;
        } catch (RuntimeException e) {
            return e + " after " + inputs;
        }
    }

    /** True at the ping's OK, or when Tessera closed the connection; SocketTimeoutException when neither comes. */
    private boolean awaitPingOrClose(RawClient c) throws IOException {
        try {
            while (true) {
                RawClient.Reply r = c.read();
                // the ping's OK: sequence 1, status flags and no warnings (a text row of "" would start with 0x00 too)
                if (r.sequence() == 1 && r.isOk() && r.payload().length == 7) {
                    answeredByPing.incrementAndGet();
                    return true;
                }
            }
        } catch (EOFException | SocketException e) {
            closedByTessera.incrementAndGet();
            return true;
        }
    }

    private static Input input(Random random, byte[] statementId, boolean mayBeIncomplete) {
        Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
        while (!mayBeIncomplete && (kind == Kind.MALFORMED_LENGTH || kind == Kind.HUGE_LENGTH)) {
            kind = Kind.values()[random.nextInt(Kind.values().length)];
        }
        return switch (kind) {
            case RANDOM_COMMAND -> {
                int command = random.nextInt(256);
                if (command == 0x11 || command == 0x01) {
                    command = 0x1F; // COM_CHANGE_USER and COM_QUIT end the session's use here: reset instead
                }
                byte[] payload = new byte[random.nextInt(41)]; // empty too: MySQL reads that as COM_SLEEP
                random.nextBytes(payload);
                if (payload.length > 0) {
                    payload[0] = (byte) command;
                }
                yield new Input(kind, frame(0, payload), false);
            }
            case WRONG_SEQUENCE -> new Input(kind, frame(1 + random.nextInt(255), random.nextBoolean()
                    ? concat((byte) 0x03, "SELECT 1") : PING), false);
            case MALFORMED_LENGTH -> {
                byte[] payload = concat((byte) 0x03, "SELECT 1");
                byte[] wire = frame(0, payload);
                int stated = random.nextInt(2 * payload.length + 1);
                wire[0] = (byte) stated;
                yield new Input(kind, wire, true); // what follows a short length is read as the next header
            }
            case HUGE_LENGTH -> {
                int length = random.nextBoolean() ? 0xFF_FFFF : 0x1_0000 + random.nextInt(0xFE_FFFF);
                byte[] wire = new byte[4 + random.nextInt(32)];
                random.nextBytes(wire);
                wire[0] = (byte) length;
                wire[1] = (byte) (length >> 8);
                wire[2] = (byte) (length >> 16);
                wire[3] = 0;
                yield new Input(kind, wire, true);
            }
            case TRUNCATED_EXECUTE -> {
                byte[] whole = execute(statementId, random, false);
                yield new Input(kind, frame(0, Arrays.copyOf(whole, 1 + random.nextInt(whole.length))),
                        false);
            }
            case HUGE_LENENC -> new Input(kind, frame(0, execute(statementId, random, true)), false);
            case INVALID_UTF8_QUERY -> {
                byte[] sql = SEEDS.get(random.nextInt(SEEDS.size())).getBytes(StandardCharsets.UTF_8);
                for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) {
                    sql[random.nextInt(sql.length)] = (byte) (0x80 + random.nextInt(0x80)); // a stray continuation
                }
                byte[] payload = new byte[sql.length + 1];
                payload[0] = 0x03;
                System.arraycopy(sql, 0, payload, 1, sql.length);
                yield new Input(kind, frame(0, payload), false);
            }
            case RANDOM_SQL -> new Input(kind, frame(0, concat((byte) 0x03, mutated(random))), false);
        };
    }

    /**
     * COM_STMT_EXECUTE of the two-parameter statement with types BIGINT and VARCHAR; with {@code hugeLength} the
     * string's length-encoded length claims up to 2^64-1 bytes.
     */
    private static byte[] execute(byte[] id, Random random, boolean hugeLength) {
        RawClient.ByteWriter w = new RawClient.ByteWriter().int1(0x17).bytes(id).int1(random.nextInt(2)).int4(1)
                .int1(0).int1(1).int1(0x08).int1(0).int1(0x0F).int1(0);
        w.int4(random.nextInt()).int4(0);
        if (hugeLength) {
            int prefix = 0xFC + random.nextInt(3);
            w.int1(prefix).int4(-1).int4(prefix == 0xFE ? -1 : 0);
        } else {
            w.int1(3).bytes("abc".getBytes(StandardCharsets.UTF_8));
        }
        byte[] tail = new byte[random.nextInt(8)];
        random.nextBytes(tail);
        return w.bytes(tail).toBytes();
    }

    private static String mutated(Random random) {
        String sql = SEEDS.get(random.nextInt(SEEDS.size()));
        for (int i = 0, n = random.nextInt(4); i < n; i++) {
            int at = random.nextInt(sql.length() + 1);
            sql = switch (random.nextInt(3)) {
                case 0 -> sql.substring(0, at) + FRAGMENTS.get(random.nextInt(FRAGMENTS.size())) + sql.substring(at);
                case 1 -> sql.substring(0, at) + sql.substring(Math.min(sql.length(), at + 1 + random.nextInt(8)));
                default -> sql.substring(0, at);
            };
        }
        return sql;
    }

    private static void assertServesANormalClient() throws Exception {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT 1")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(1);
        }
    }

    /** No client connection left, no data-host connection borrowed, and every pooled connection listed. */
    private static void awaitNoClientsAndIdlePools() throws Exception {
        AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@connection"), List::isEmpty);
        AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@datasource"), rows -> rows.stream()
                .allMatch(row -> row.get("ACTIVE").equals("0")
                        && Long.parseLong(row.get("IDLE")) <= Long.parseLong(row.get("SIZE"))));
        AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@backend"), backends -> {
            try {
                // one row per data node: dn1 and dn3 share host1's pool, which counts once
                long pooled = AdminRows.of(tessera.adminPort(), "show @@datasource").stream()
                        .collect(Collectors.toMap(row -> row.get("NAME"),
                                row -> Long.parseLong(row.get("ACTIVE")) + Long.parseLong(row.get("IDLE")),
                                (a, b) -> a))
                        .values().stream().mapToLong(Long::longValue).sum();
                return backends.size() == pooled;
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** Tessera's own threads: its event loops and business executor, started by now. */
    private static Set<Thread> tesseraThreads() {
        Set<Thread> threads = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().contains("EventLoop") || t.getName().startsWith("BusinessExecutor"))
                .collect(Collectors.toSet());
        assertThat(threads).as("Tessera's threads").isNotEmpty();
        return threads;
    }

    /**
     * Lines that mean a handler met an exception it did not expect. A client that goes away (reset, broken pipe) is
     * normal; how often that is logged is the front end's log-flood fix (issue 18), not this test's subject.
     */
    private static List<String> unexpected(List<String> lines) {
        return lines.stream()
                .filter(line -> line.startsWith("ERROR") || line.contains("unexpected failure"))
                .filter(line -> !line.contains("IOException") && !line.contains("NativeIoException"))
                .collect(Collectors.toList());
    }

    private static byte[] frame(int sequence, byte[] payload) {
        byte[] wire = new byte[4 + payload.length];
        wire[0] = (byte) payload.length;
        wire[1] = (byte) (payload.length >> 8);
        wire[2] = (byte) (payload.length >> 16);
        wire[3] = (byte) sequence;
        System.arraycopy(payload, 0, wire, 4, payload.length);
        return wire;
    }

    private static byte[] concat(byte command, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        byte[] payload = new byte[bytes.length + 1];
        payload[0] = command;
        System.arraycopy(bytes, 0, payload, 1, bytes.length);
        return payload;
    }

    private static void readEofs(RawClient c, int count) throws IOException {
        for (int eofs = 0; eofs < count; ) {
            RawClient.Reply r = c.read();
            if (r.first() == 0xFE && r.payload().length < 9) {
                eofs++;
            }
        }
    }

    private static String hex(byte[] bytes, int max) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.min(bytes.length, max); i++) {
            out.append(String.format("%02x", bytes[i]));
        }
        return bytes.length > max ? out + "..." : out.toString();
    }
}
