package io.tessera.router.function;

/**
 * MyCat's {@code io.mycat.route.function.PartitionByHashMod}: node = |wang(text.hashCode())| mod {@code count}, where
 * wang is Thomas Wang's 32-bit integer hash, as MyCat writes it.
 *
 * <pre>{@code
 * <function name="hash-mod" class="io.mycat.route.function.PartitionByHashMod">
 *     <property name="count">4</property>
 * </function>
 * }</pre>
 *
 * <p>Compatibility rules, as in MyCat 1.6.7.6:
 * <ul>
 *   <li>Every value is hashed as text, numbers included: {@code 42} and {@code '42'} go to the same node, and
 *       {@code '042'} may not.</li>
 *   <li>Before hashing, every single quote becomes a space and the text is trimmed ({@code String.trim()}), so
 *       {@code "'abc'"} and {@code "abc"} go to the same node, and {@code "O'Brien"} is hashed as
 *       {@code "O Brien"}.</li>
 *   <li>NULL is placed as the text {@code NULL}, as MyCat's parser hands it over.</li>
 * </ul>
 * MyCat has no range calculation here: a range goes to every node.
 */
record HashModFunction(int count) implements ShardingFunction {

    HashModFunction {
        if (count < 1) {
            throw new IllegalArgumentException("count: " + count + " (expected: >= 1)");
        }
    }

    /** Reads rule.xml properties; {@link FunctionRegistry} adds the function's name to any error. */
    static HashModFunction fromProperties(FunctionProperties props) {
        return new HashModFunction(props.requiredInt("count"));
    }

    @Override
    public boolean readsText() {
        return true;
    }

    @Override
    public int nodeCount() {
        return count;
    }

    @Override
    public int nodeOf(SqlValue value) {
        int hash;
        if (value instanceof SqlValue.Int v) {
            hash = DecimalText.hashCode(v.value());    // a number's text has no quote and no blank to remove
        } else {
            hash = unquotedHashCode(MycatValues.text(value));
        }
        // MyCat takes |wang| as a BigInteger, then masks or mods it; both equal this for counts up to 2^31 - 1.
        return (int) (Math.abs((long) wang(hash)) % count);
    }

    /** {@code text.replace("'", " ").trim().hashCode()}, without building the strings. */
    static int unquotedHashCode(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && trims(text.charAt(start))) {
            start++;
        }
        while (end > start && trims(text.charAt(end - 1))) {
            end--;
        }
        int hash = 0;
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            hash = 31 * hash + (c == '\'' ? ' ' : c);
        }
        return hash;
    }

    private static boolean trims(char c) {
        return c <= ' ' || c == '\'';
    }

    /** Thomas Wang's 32-bit integer hash, in MyCat's exact sequence of shifts. */
    static int wang(int key) {
        int k = ~key + (key << 21);
        k = k ^ k >> 24;
        k = k + (k << 3) + (k << 8);
        k = k ^ k >> 14;
        k = k + (k << 2) + (k << 4);
        k = k ^ k >> 28;
        return k + (k << 31);
    }
}
