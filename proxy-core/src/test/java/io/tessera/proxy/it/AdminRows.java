package io.tessera.proxy.it;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** The admin port's answers as rows by column label, and waiting for them to show a state. */
final class AdminRows {

    private static final long WAIT_MILLIS = 20_000;

    /** What an admin command answers, asked again while waiting. */
    interface Source {
        List<Map<String, String>> get() throws SQLException;
    }

    private AdminRows() {
    }

    /** The rows of {@code command} on the admin port {@code port}, as {@value RunningTessera#USER}. */
    static List<Map<String, String>> of(int port, String command) throws SQLException {
        String url = "jdbc:mysql://127.0.0.1:" + port + "/?useSSL=false&allowPublicKeyRetrieval=true";
        List<Map<String, String>> rows = new ArrayList<>();
        try (Connection admin = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD);
                Statement s = admin.createStatement(); ResultSet rs = s.executeQuery(command)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                Map<String, String> row = new LinkedHashMap<>();
                for (int i = 1; i <= columns; i++) {
                    row.put(rs.getMetaData().getColumnLabel(i), rs.getString(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** The affected rows of control {@code command} on the admin port {@code port}, as {@value RunningTessera#USER}. */
    static int update(int port, String command) throws SQLException {
        String url = "jdbc:mysql://127.0.0.1:" + port + "/?useSSL=false&allowPublicKeyRetrieval=true";
        try (Connection admin = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD);
                Statement s = admin.createStatement()) {
            return s.executeUpdate(command);
        }
    }

    /** Returns once {@code done} holds of what {@code rows} answers; fails after 20 s with the last answer. */
    static void await(Source rows, Predicate<List<Map<String, String>>> done) throws Exception {
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        List<Map<String, String>> last = rows.get();
        while (!done.test(last)) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("not reached within 20 s: " + last);
            }
            Thread.sleep(50);
            last = rows.get();
        }
    }
}
