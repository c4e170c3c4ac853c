package io.tessera.protocol.charset;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The collations clients and data hosts use in practice, by id and by name, with each character set's default
 * collation. Ids are MySQL's (MariaDB shares them below 256).
 */
public final class Collations {

    public static final int UTF8MB4_GENERAL_CI = 45;
    public static final int UTF8MB4_BIN = 46;
    public static final int UTF8_GENERAL_CI = 33;
    public static final int BINARY = 63;

    private static final Charset GBK = Charset.forName("GBK");
    private static final Map<Integer, Collation> BY_ID = new HashMap<>();
    private static final Map<String, Collation> BY_NAME = new HashMap<>();
    private static final Map<String, Collation> DEFAULT_OF_CHARSET = new HashMap<>();

    static {
        // id, name, charset, java charset; the first entry of each charset is its default collation
        add(8, "latin1_swedish_ci", "latin1", Charset.forName("windows-1252"));
        add(47, "latin1_bin", "latin1", Charset.forName("windows-1252"));
        add(48, "latin1_general_ci", "latin1", Charset.forName("windows-1252"));
        add(11, "ascii_general_ci", "ascii", StandardCharsets.US_ASCII);
        add(65, "ascii_bin", "ascii", StandardCharsets.US_ASCII);
        add(28, "gbk_chinese_ci", "gbk", GBK);
        add(87, "gbk_bin", "gbk", GBK);
        add(33, "utf8_general_ci", "utf8", StandardCharsets.UTF_8);
        add(83, "utf8_bin", "utf8", StandardCharsets.UTF_8);
        add(192, "utf8_unicode_ci", "utf8", StandardCharsets.UTF_8);
        add(45, "utf8mb4_general_ci", "utf8mb4", StandardCharsets.UTF_8);
        add(46, "utf8mb4_bin", "utf8mb4", StandardCharsets.UTF_8);
        add(224, "utf8mb4_unicode_ci", "utf8mb4", StandardCharsets.UTF_8);
        add(246, "utf8mb4_unicode_520_ci", "utf8mb4", StandardCharsets.UTF_8);
        add(255, "utf8mb4_0900_ai_ci", "utf8mb4", StandardCharsets.UTF_8);
        add(63, "binary", "binary", StandardCharsets.ISO_8859_1);
        add(54, "utf16_general_ci", "utf16", StandardCharsets.UTF_16BE);
        add(56, "utf16le_general_ci", "utf16le", StandardCharsets.UTF_16LE);
        add(35, "ucs2_general_ci", "ucs2", StandardCharsets.UTF_16BE);
        add(60, "utf32_general_ci", "utf32", Charset.forName("UTF-32"));
        add(24, "gb2312_chinese_ci", "gb2312", Charset.forName("GB2312"));
        add(248, "gb18030_chinese_ci", "gb18030", Charset.forName("GB18030"));
        add(1, "big5_chinese_ci", "big5", Charset.forName("Big5"));
        add(95, "cp932_japanese_ci", "cp932", Charset.forName("windows-31j"));
        add(13, "sjis_japanese_ci", "sjis", Charset.forName("Shift_JIS"));
        add(19, "euckr_korean_ci", "euckr", Charset.forName("EUC-KR"));
        add(9, "latin2_general_ci", "latin2", Charset.forName("ISO-8859-2"));
        add(51, "cp1251_general_ci", "cp1251", Charset.forName("windows-1251"));
        // MariaDB 11's default utf8mb4 collation for clients that ask by name
        BY_NAME.putIfAbsent("utf8mb4_uca1400_ai_ci", BY_ID.get(224));
        // MySQL 8 names utf8 "utf8mb3"
        DEFAULT_OF_CHARSET.put("utf8mb3", BY_ID.get(33));
    }

    private Collations() {
    }

    private static void add(int id, String name, String charset, Charset java) {
        Collation c = new Collation(id, name, charset, java);
        BY_ID.put(id, c);
        BY_NAME.put(name, c);
        DEFAULT_OF_CHARSET.putIfAbsent(charset, c);
    }

    public static Optional<Collation> byId(int id) {
        return Optional.ofNullable(BY_ID.get(id));
    }

    public static Optional<Collation> byName(String name) {
        return Optional.ofNullable(BY_NAME.get(name.toLowerCase(Locale.ROOT)));
    }

    /** The default collation of a character set name such as {@code utf8mb4} (case-insensitive). */
    public static Optional<Collation> defaultOf(String charsetName) {
        return Optional.ofNullable(DEFAULT_OF_CHARSET.get(charsetName.toLowerCase(Locale.ROOT)));
    }

    /**
     * The connection's collation for the collation id a client sent when logging in (handshake or COM_CHANGE_USER):
     * the default one of its character set, as MySQL applies it; utf8mb4_general_ci for an id this table does not know
     * or 0 (none sent).
     */
    public static Collation ofLogin(int id) {
        Collation requested = BY_ID.getOrDefault(id, BY_ID.get(UTF8MB4_GENERAL_CI));
        return DEFAULT_OF_CHARSET.getOrDefault(requested.charsetName(), requested);
    }

    /** The Java charset for a collation id; UTF-8 for ids this table does not know. */
    public static Charset javaCharset(int id) {
        Collation c = BY_ID.get(id);
        return c == null ? StandardCharsets.UTF_8 : c.javaCharset();
    }
}
