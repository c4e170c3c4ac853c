package io.tessera.router.function;

/** How MyCat 1.6 hands a sharding value to a function, and what it does with a partition that names no node. */
final class MycatValues {

    private MycatValues() {
    }

    /**
     * The text MyCat's {@code calculate(String)} receives: {@link SqlValue#text()}, except that MyCat's insert parser
     * passes an inserted NULL as its SQL text {@code NULL}, so a NULL goes where the text {@code NULL} goes.
     */
    static String text(SqlValue value) {
        return value instanceof SqlValue.Null ? "NULL" : value.text();
    }

    /**
     * A char of a value's text without building the text of an integer: {@code text.charAt(index)}, or, when
     * {@code text} is null, the char of {@code Long.toString(number)}, whose length is {@code length}.
     */
    static char charAt(String text, long number, int length, int index) {
        return text != null ? text.charAt(index) : DecimalText.charAt(number, length, index);
    }

    /**
     * A partition a function computed. MyCat rejects a negative one when it looks up the data node ("Can't find a valid
     * data node for specified node index"); one beyond the table's nodes is the router's to reject, as it is MyCat's.
     */
    static int requireNode(int partition, String function, SqlValue value) {
        if (partition < 0) {
            throw SqlValues.unplaceable(function, value, "partition " + partition + " (expected: >= 0)");
        }
        return partition;
    }
}
