package io.tessera.proxy.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Base of the Jackson binding classes: one instance per XML element, whose start tag {@link ConfigXmlReader}
 * finds so that problems can name their line.
 */
abstract class XmlElement {

    private int line;
    private int column;

    final void locate(int line, int column) {
        this.line = line;
        this.column = column;
    }

    /** Line of the element's start tag, 1-based; 0 when unknown. */
    final int line() {
        return line;
    }

    final int column() {
        return column;
    }

    /** The element's name without prefix, e.g. {@code dataHost}. */
    abstract String tag();

    /** The bound child elements: each list in document order (the order between lists does not matter). */
    List<XmlElement> children() {
        return List.of();
    }

    /** The lists, one after the other. */
    @SafeVarargs
    static List<XmlElement> concat(List<? extends XmlElement>... lists) {
        List<XmlElement> all = new ArrayList<>();
        for (List<? extends XmlElement> list : lists) {
            all.addAll(list);
        }
        return all;
    }

    /**
     * Attributes and child elements that MyCat 1.6 accepts on this element and Tessera does not use: they are
     * logged at DEBUG and skipped. Any other name the binding does not declare is logged at WARN.
     */
    Set<String> unusedMycatNames() {
        return Set.of();
    }
}
