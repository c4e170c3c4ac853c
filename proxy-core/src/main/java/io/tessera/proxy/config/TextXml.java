package io.tessera.proxy.config;

import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlText;

/**
 * An element that holds text only, such as {@code <heartbeat>} or {@code <columns>}. Bound as an object rather
 * than a string so that an empty element is told apart from a missing one, and so that stray attributes are
 * reported; each such element has its own small subclass that names it.
 */
abstract class TextXml extends XmlElement {

    @JacksonXmlText
    String text;

    /** The text with surrounding white space removed; empty for an empty element. */
    final String trimmed() {
        return text == null ? "" : text.trim();
    }
}
