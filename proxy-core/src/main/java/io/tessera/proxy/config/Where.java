package io.tessera.proxy.config;

/**
 * Where a problem is: the file, the line where the element starts, and the element with its ancestors that
 * matter, written as XML, e.g. {@code <dataHost name="host1"><writeHost host="hostM1">}.
 */
record Where(String file, int line, String element) {

    static Where of(String file, XmlElement element, String description) {
        return new Where(file, element.line(), description);
    }

    /** A child element; its line replaces this one. */
    Where child(XmlElement child, String description) {
        return new Where(file, child.line(), element + description);
    }

    /** {@code <tag>}. */
    static String tag(String tag) {
        return "<" + tag + ">";
    }

    /** {@code <tag attribute="value">}, or {@code <tag>} when the value is missing. */
    static String tag(String tag, String attribute, String value) {
        return value == null ? tag(tag) : "<" + tag + " " + attribute + "=\"" + value + "\">";
    }
}
