package io.tessera.router;

import io.tessera.protocol.Fuzz;
import java.util.List;
import java.util.Random;

/**
 * sql-router's generators for the fuzz tests, on top of mysql-protocol's {@link Fuzz} loop (its test-jar): text
 * over an alphabet, token soup, and SQL mutated by inserting, deleting, truncating and repeating pieces.
 */
public final class SqlFuzz {

    private SqlFuzz() {
    }

    /** Up to {@code maxLength} characters of {@code alphabet}. */
    public static String text(Fuzz.Case c, String alphabet, int maxLength) {
        Random random = c.random();
        int length = random.nextInt(maxLength + 1);
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return c.note("text", out.toString());
    }

    /** Up to {@code maxParts} fragments joined. */
    public static String soup(Fuzz.Case c, List<String> fragments, int maxParts) {
        Random random = c.random();
        int parts = random.nextInt(maxParts + 1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < parts; i++) {
            out.append(fragments.get(random.nextInt(fragments.size())));
        }
        return c.note("soup", out.toString());
    }

    /**
     * {@code sql} after up to {@code maxEdits} edits at positions 0..200 (clamped to the text): insert a fragment,
     * delete 1..12 characters, cut the rest off, or append a copy of a piece.
     */
    public static String mutate(Fuzz.Case c, String sql, List<String> fragments, int maxEdits) {
        Random random = c.random();
        int edits = random.nextInt(maxEdits + 1);
        String out = sql;
        for (int e = 0; e < edits; e++) {
            int at = Math.min(random.nextInt(201), out.length());
            out = switch (random.nextInt(4)) {
                case 0 -> out.substring(0, at) + fragments.get(random.nextInt(fragments.size())) + out.substring(at);
                case 1 -> out.substring(0, at) + out.substring(Math.min(out.length(), at + 1 + random.nextInt(12)));
                case 2 -> out.substring(0, at);
                default -> {
                    int to = Math.min(random.nextInt(201), out.length());
                    yield out + " " + out.substring(Math.min(at, to), Math.max(at, to));
                }
            };
        }
        return c.note("mutated", out);
    }

    /** Up to {@code maxLength} bytes, eight in nine from {@code common}, the rest any byte. */
    public static byte[] bytesMostlyFrom(Fuzz.Case c, byte[] common, int maxLength) {
        Random random = c.random();
        byte[] out = new byte[random.nextInt(4) == 0 ? maxLength : random.nextInt(maxLength + 1)];
        for (int i = 0; i < out.length; i++) {
            out[i] = random.nextInt(9) < 8 ? common[random.nextInt(common.length)] : (byte) random.nextInt(256);
        }
        return c.note("bytes", out);
    }
}
