package io.tessera.protocol;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * The fuzz tests' loop and generators (issue 18), shared by the modules' {@code *FuzzTest}s through this module's
 * test-jar. A property runs {@code -Dtessera.fuzz.tries} times (default 1000); try {@code i} draws its inputs from a
 * {@link Random} seeded with {@code seed + i}, where {@code -Dtessera.fuzz.seed} sets the base seed (fixed by default
 * so that CI is repeatable). A failure names the try's seed and every input drawn, byte arrays in hex, so that
 * {@code -Dtessera.fuzz.seed=<that seed> -Dtessera.fuzz.tries=1} replays exactly the failing input.
 *
 * <p>Hand-written instead of a property-testing library: there is no shrinking, so a failure shows the input as
 * drawn; generators lean towards edges (empty, maximal, 0xFB..0xFF, 2^16, 2^24, 2^64-1) to find small cases early.
 */
public final class Fuzz {

    /** Tries per property. */
    public static final int TRIES = Integer.getInteger("tessera.fuzz.tries", 1000);
    /** Base seed; try {@code i} uses {@code SEED + i}. */
    public static final long SEED = Long.getLong("tessera.fuzz.seed", 0x7E55E4AL);

    private static final byte[] EDGE_BYTES = {0x00, 0x01, 0x7F, (byte) 0x80, (byte) 0xFB, (byte) 0xFC, (byte) 0xFD,
        (byte) 0xFE, (byte) 0xFF};
    private static final int[] EDGE_INTS = {0, 1, -1, 0xFB, 0xFFFF, 0x10000, 0xFF_FFFF, 0x100_0000,
        Integer.MAX_VALUE, Integer.MIN_VALUE};
    /** Length-encoded integers at the edges of their 1-, 3-, 4- and 9-byte forms, and 2^64-1. */
    private static final long[] LENENC_EDGES = {0, 1, 0xFA, 0xFB, 0xFC, 0xFFFF, 0x1_0000, 0xFF_FFFF, 0x100_0000,
        Integer.MAX_VALUE, 0xFFFF_FFFFL, 0x1_0000_0000L, Long.MAX_VALUE, Long.MIN_VALUE, -1L};

    private Fuzz() {
    }

    /** Runs {@code property} {@link #TRIES} times, each with fresh inputs; the first failure ends the test. */
    public static void forAll(Consumer<Case> property) {
        for (int i = 0; i < TRIES; i++) {
            long seed = SEED + i;
            Case c = new Case(new Random(seed));
            try {
                property.accept(c);
            } catch (Throwable e) {
                throw new AssertionError("fuzz try " + i + " of " + TRIES + " failed; replay it with "
                        + "-Dtessera.fuzz.seed=" + seed + " -Dtessera.fuzz.tries=1 (base seed " + SEED + ")\ninput:"
                        + c.drawn() + "\n" + e, e);
            }
        }
    }

    /** Lowercase hex, two digits a byte. */
    public static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    /** One try: its random source and a record of what was drawn from it, for the failure message. */
    public static final class Case {

        private final Random random;
        private final StringBuilder drawn = new StringBuilder();

        Case(Random random) {
            this.random = random;
        }

        /** The raw source, for a generator of a test's own; {@link #note} what it made from it. */
        public Random random() {
            return random;
        }

        /** Records a value the test made itself; byte arrays are shown in hex. */
        public <T> T note(String name, T value) {
            drawn.append("\n  ").append(name).append(" = ").append(value instanceof byte[] b ? hex(b) : value);
            return value;
        }

        String drawn() {
            return drawn.toString();
        }

        /** Any int, one time in four an edge (0, ±1, 0xFB, 2^16, 2^24, MIN, MAX). */
        public int anyInt(String name) {
            return note(name, rawInt());
        }

        /** In {@code [min, max]}, one time in five {@code min} or {@code max}. */
        public int intIn(String name, int min, int max) {
            return note(name, rawIntIn(min, max));
        }

        public boolean bool(String name) {
            return note(name, random.nextBoolean());
        }

        /** A value from {@code values}. */
        public <T> T oneOf(String name, List<T> values) {
            return note(name, values.get(random.nextInt(values.size())));
        }

        /** An index into {@code weights}, chosen with those relative weights. */
        public int weighted(int... weights) {
            int total = 0;
            for (int w : weights) {
                total += w;
            }
            int pick = random.nextInt(total);
            for (int i = 0; i < weights.length; i++) {
                pick -= weights[i];
                if (pick < 0) {
                    return i;
                }
            }
            throw new AssertionError("unreachable");
        }

        /** A length-encoded integer, half the time at an edge of its encodings or 2^64-1, else any long. */
        public long lenencValue(String name) {
            long v = random.nextBoolean() ? LENENC_EDGES[random.nextInt(LENENC_EDGES.length)] + random.nextInt(3) - 1
                    : random.nextLong();
            return note(name, v);
        }

        /** Up to {@code maxLength} bytes: the length is often 0, 1 or the maximum; bytes are often edge values. */
        public byte[] bytes(String name, int maxLength) {
            return note(name, rawBytes(biasedLength(maxLength)));
        }

        /** Up to {@code maxLength} booleans, the length biased like {@link #bytes}. */
        public boolean[] booleans(String name, int maxLength) {
            boolean[] out = new boolean[biasedLength(maxLength)];
            for (int i = 0; i < out.length; i++) {
                out[i] = random.nextBoolean();
            }
            drawn.append("\n  ").append(name).append(" = ").append(Arrays.toString(out));
            return out;
        }

        /** Between {@code minSize} and {@code maxSize} ints in {@code [min, max]}. */
        public List<Integer> ints(String name, int minSize, int maxSize, int min, int max) {
            int size = minSize + biasedLength(maxSize - minSize);
            List<Integer> out = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                out.add(rawIntIn(min, max));
            }
            return note(name, out);
        }

        /**
         * A client-to-server byte stream of up to {@code maxParts} parts: mostly whole frames (3-byte length, any
         * sequence id, payload of 0..40 bytes) so that frames complete, mixed with garbage and headers claiming up
         * to 2^24-1 bytes that never arrive.
         */
        public byte[] framedStream(String name, int maxParts) {
            int parts = biasedLength(maxParts);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int p = 0; p < parts; p++) {
                switch (weighted(6, 2, 1)) {
                    case 0 -> {
                        byte[] payload = rawBytes(rawIntIn(0, 40));
                        out.write(payload.length);
                        out.write(0);
                        out.write(0);
                        out.write(random.nextInt(256)); // any sequence id, in order or not
                        out.writeBytes(payload);
                    }
                    case 1 -> out.writeBytes(rawBytes(biasedLength(24)));
                    default -> {
                        int length = rawIntIn(0, 0xFF_FFFF);
                        out.writeBytes(new byte[] {(byte) length, (byte) (length >> 8), (byte) (length >> 16), 0});
                    }
                }
            }
            return note(name, out.toByteArray());
        }

        private int rawInt() {
            return random.nextInt(4) == 0 ? EDGE_INTS[random.nextInt(EDGE_INTS.length)] : random.nextInt();
        }

        private int rawIntIn(int min, int max) {
            int pick = random.nextInt(10);
            if (pick == 0) {
                return min;
            }
            if (pick == 1) {
                return max;
            }
            return (int) (min + Math.floorMod(random.nextLong(), (long) max - min + 1));
        }

        private int biasedLength(int max) {
            return switch (random.nextInt(8)) {
                case 0 -> 0;
                case 1 -> Math.min(1, max);
                case 2 -> max;
                case 3, 4 -> random.nextInt(Math.min(max, 8) + 1);
                default -> random.nextInt(max + 1);
            };
        }

        private byte[] rawBytes(int length) {
            byte[] out = new byte[length];
            random.nextBytes(out);
            for (int i = 0; i < length; i++) {
                if (random.nextInt(6) == 0) {
                    out[i] = EDGE_BYTES[random.nextInt(EDGE_BYTES.length)];
                }
            }
            return out;
        }
    }
}
