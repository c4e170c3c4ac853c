package io.tessera.proxy.config;

import java.util.ArrayList;
import java.util.List;

/**
 * MyCat's name lists with {@code $} ranges ({@code io.mycat.util.SplitUtil.split(s, ',', '$', '-')}), used by
 * {@code <table dataNode>}, {@code subTables} and the three attributes of {@code <dataNode>}.
 *
 * <p>The list is split at commas; each piece is trimmed and empty pieces are skipped. A piece without
 * {@code $} is a name. A piece {@code prefix$low-high} stands for {@code prefix+low} ... {@code prefix+high},
 * numbers written without padding ({@code dn$0-2} is {@code dn0,dn1,dn2}); {@code prefix$n} stands for
 * {@code prefix+n}. Where MyCat would fail with an exception or quietly expand to nothing (no prefix, a
 * missing or non-numeric bound, a range that runs backwards), this class throws an
 * {@link InvalidValueException} that says which.
 */
final class NodeNames {

    /** Most names one range may produce; MyCat's largest samples ({@code dn$0-743}) are far below it. */
    static final int MAX_RANGE = 65_536;

    private NodeNames() {
    }

    static List<String> expand(String list) throws InvalidValueException {
        List<String> names = new ArrayList<>();
        for (String piece : pieces(list, ',')) {
            if (piece.indexOf('$') < 0) {
                names.add(piece);
            } else {
                expandRange(piece, names);
            }
        }
        return names;
    }

    private static void expandRange(String piece, List<String> names) throws InvalidValueException {
        List<String> parts = pieces(piece, '$');
        if (parts.size() != 2) {
            throw new InvalidValueException("\"" + piece + "\" is not prefix$low-high");
        }
        String prefix = parts.get(0);
        List<String> bounds = pieces(parts.get(1), '-');
        if (bounds.isEmpty() || bounds.size() > 2) {
            throw new InvalidValueException("\"" + piece + "\" is not prefix$low-high");
        }
        int low = bound(piece, bounds.get(0));
        int high = bound(piece, bounds.get(bounds.size() - 1));
        if (low > high) {
            throw new InvalidValueException("range \"" + piece + "\" runs backwards (" + low + " > " + high + ")");
        }
        if ((long) high - low + 1 > MAX_RANGE) {
            throw new InvalidValueException("range \"" + piece + "\" gives more than " + MAX_RANGE + " names");
        }
        for (int i = low; i <= high; i++) {
            names.add(prefix + i);
        }
    }

    private static int bound(String piece, String bound) throws InvalidValueException {
        try {
            return Integer.parseInt(bound);
        } catch (NumberFormatException e) {
            throw new InvalidValueException("range \"" + piece + "\": \"" + bound + "\" is not a number");
        }
    }

    /** Splits at {@code separator}, trims each piece and drops empty ones, as SplitUtil does. */
    private static List<String> pieces(String text, char separator) {
        List<String> pieces = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == separator) {
                String piece = text.substring(start, i).trim();
                if (!piece.isEmpty()) {
                    pieces.add(piece);
                }
                start = i + 1;
            }
        }
        return pieces;
    }
}
