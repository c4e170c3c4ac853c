package io.tessera.proxy.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.deser.ValueInstantiator;
import com.fasterxml.jackson.dataformat.xml.XmlFactory;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import com.fasterxml.jackson.dataformat.xml.deser.FromXmlParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;

/**
 * Reads one MyCat XML file into its binding class with Jackson's XML module.
 *
 * <p>MyCat files start with {@code <!DOCTYPE mycat:schema SYSTEM "schema.dtd">}. The line is parsed but the DTD
 * is never loaded: DTD support and external entities are off in the StAX factory, so the file needs no DTD
 * beside it and no entity can reach outside it. The root element is checked here, by its local name, so both
 * MyCat namespaces ({@code http://io.mycat/} and {@code http://org.opencloudb/}) work; Jackson binds the rest.
 * Every binding object learns the position of its start tag. A name the binding does not declare is logged, at
 * DEBUG when MyCat 1.6 accepts it ({@link XmlElement#unusedMycatNames()}) and at WARN otherwise, and skipped.
 */
final class ConfigXmlReader {

    static final Set<String> MYCAT_NAMESPACES = Set.of("http://io.mycat/", "http://org.opencloudb/");

    private final XMLInputFactory inputFactory;
    private final XmlMapper mapper;

    ConfigXmlReader() {
        inputFactory = XMLInputFactory.newFactory();
        inputFactory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        inputFactory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        inputFactory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        mapper = XmlMapper.builder(XmlFactory.builder().xmlInputFactory(inputFactory).build()).build();
    }

    /**
     * Reads {@code confDir/file}, whose root element must be {@code <mycat:root>} (any prefix). Returns empty,
     * with the reason added to {@code problems}, when the file is missing, unreadable or not well-formed XML.
     */
    <T extends XmlElement> Optional<T> read(Path confDir, String file, String root, Class<T> type,
            Problems problems) {
        Path path = confDir.resolve(file);
        if (!Files.isRegularFile(path)) {
            problems.at(file, 0, 0, "not found in " + confDir);
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(path)) {
            XMLStreamReader xml = inputFactory.createXMLStreamReader(in);
            try {
                return bind(xml, file, root, type, problems);
            } finally {
                xml.close();
            }
        } catch (XMLStreamException e) {
            malformed(file, e, problems);
        } catch (JsonProcessingException e) {
            XMLStreamException cause = xmlCause(e);
            if (cause != null) {
                malformed(file, cause, problems);
            } else {
                JsonLocation location = e.getLocation();
                problems.at(file, location == null ? 0 : location.getLineNr(), 0, "cannot bind: "
                        + firstLine(e.getOriginalMessage()));
            }
        } catch (IOException e) {
            problems.at(file, 0, 0, "cannot read " + path + ": " + e);
        }
        return Optional.empty();
    }

    private <T extends XmlElement> Optional<T> bind(XMLStreamReader xml, String file, String root, Class<T> type,
            Problems problems) throws XMLStreamException, IOException {
        while (xml.next() != XMLStreamConstants.START_ELEMENT) {
            // prolog: XML declaration, comments, the DOCTYPE line
        }
        Location rootStart = xml.getLocation();
        int line = rootStart.getLineNumber();
        String prefix = xml.getPrefix() == null || xml.getPrefix().isEmpty() ? "" : xml.getPrefix() + ":";
        if (!root.equals(xml.getLocalName())) {
            problems.at(file, line, 0, "root element <" + prefix + xml.getLocalName() + ">: expected <mycat:"
                    + root + ">");
            return Optional.empty();
        }
        String namespace = xml.getNamespaceURI();
        if (namespace == null || !MYCAT_NAMESPACES.contains(namespace)) {
            problems.warn(file, line, "<" + prefix + root + ">: namespace \"" + (namespace == null ? "" : namespace)
                    + "\" is not MyCat's (http://io.mycat/ or http://org.opencloudb/); read as MyCat configuration"
                    + " anyway");
        }
        StartTags tags = new StartTags(xml, file, problems);
        FromXmlParser parser = mapper.getFactory().createParser(tags);
        T value = mapper.readerFor(type).withHandler(new UnknownNames(file, tags, problems)).readValue(parser);
        while (xml.hasNext()) {
            xml.next(); // anything after the root element must still be well-formed (comments only)
        }
        value.locate(line, rootStart.getColumnNumber());
        tags.locateChildren(value, "");
        return Optional.of(value);
    }

    private static void malformed(String file, XMLStreamException e, Problems problems) {
        Location location = e.getLocation();
        int line = location == null ? 0 : Math.max(location.getLineNumber(), 0);
        int column = location == null ? 0 : Math.max(location.getColumnNumber(), 0);
        problems.at(file, line, column, "malformed XML: " + firstLine(e.getMessage()));
    }

    private static XMLStreamException xmlCause(Throwable e) {
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof XMLStreamException xml) {
                return xml;
            }
        }
        return null;
    }

    /** The StAX parser appends its own "at [row,col ...]" line; the position is reported separately. */
    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int end = message.indexOf('\n');
        return (end < 0 ? message : message.substring(0, end)).trim();
    }

    /** Notes and skips what a binding class does not declare. */
    private static final class UnknownNames extends DeserializationProblemHandler {

        private final String file;
        private final StartTags tags;
        private final Problems problems;

        UnknownNames(String file, StartTags tags, Problems problems) {
            this.file = file;
            this.tags = tags;
            this.problems = problems;
        }

        /**
         * Jackson gives attributes and child elements the same kind of name. While an attribute is bound the
         * StAX reader still stands on the start tag that carries it; a child element has been entered.
         */
        @Override
        public boolean handleUnknownProperty(DeserializationContext context, JsonParser parser,
                JsonDeserializer<?> deserializer, Object beanOrClass, String name) throws IOException {
            String tag = beanOrClass instanceof XmlElement element ? element.tag() : "?";
            String what;
            int line;
            if (name.isEmpty()) {
                what = "text content";
                line = parser.currentTokenLocation().getLineNr();
            } else if (tags.currentHasAttribute(name)) {
                what = "attribute \"" + name + "\"";
                line = tags.currentLine();
            } else {
                what = "element <" + name + ">";
                line = tags.lineOfOpen(name);
            }
            if (beanOrClass instanceof XmlElement element && element.unusedMycatNames().contains(name)) {
                problems.debug(file, line, "<" + tag + ">: " + what
                        + " is MyCat 1.6 configuration that Tessera does not use; ignored");
            } else {
                problems.warn(file, line, "<" + tag + ">: unknown " + what + "; ignored");
            }
            parser.skipChildren();
            return true;
        }

        /** Text where an element with attributes or children belongs, e.g. {@code <childTable>x</childTable>}. */
        @Override
        public Object handleMissingInstantiator(DeserializationContext context, Class<?> type,
                ValueInstantiator instantiator, JsonParser parser, String message) throws IOException {
            if (!XmlElement.class.isAssignableFrom(type) || !instantiator.canCreateUsingDefault()
                    || parser.currentToken() != JsonToken.VALUE_STRING) {
                return NOT_HANDLED;
            }
            XmlElement element = (XmlElement) instantiator.createUsingDefault(context);
            if (!parser.getText().isBlank()) {
                problems.warn(file, parser.currentTokenLocation().getLineNr(), "<" + element.tag()
                        + ">: unknown text content; ignored");
            }
            return element;
        }
    }

    /**
     * Passes the StAX events on to Jackson and notes where every start tag is, by element path. Jackson's own
     * token positions cannot be used: for an element without attributes it only starts the object at the
     * first child, and reports that child's position.
     */
    private static final class StartTags extends StreamReaderDelegate {

        /** An element whose start tag was read and whose end tag was not. */
        private static final class Open {

            final String path;
            final String name;
            final int line;
            final int column;
            boolean hadChild;

            Open(String path, String name, int line, int column) {
                this.path = path;
                this.name = name;
                this.line = line;
                this.column = column;
            }
        }

        private final Deque<Open> open = new ArrayDeque<>();
        private final Map<String, Deque<Open>> starts = new HashMap<>();
        private final int rootLine;
        private final String file;
        private final Problems problems;

        StartTags(XMLStreamReader reader, String file, Problems problems) {
            super(reader);
            this.rootLine = reader.getLocation().getLineNumber();
            this.file = file;
            this.problems = problems;
        }

        /**
         * Text after a child element ({@code <writeHost><readHost .../> text</writeHost>}) is dropped here with a
         * note: MyCat's DTDs allow none, and Jackson cannot bind text that follows a list of elements.
         */
        @Override
        public int next() throws XMLStreamException {
            int event = super.next();
            while ((event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA)
                    && !open.isEmpty() && open.peek().hadChild) {
                if (!isWhiteSpace()) {
                    problems.warn(file, getLocation().getLineNumber(), "<" + open.peek().name
                            + ">: text after a child element; ignored");
                }
                event = super.next();
            }
            if (event == XMLStreamConstants.START_ELEMENT) {
                String name = getLocalName();
                Location location = getLocation();
                if (!open.isEmpty()) {
                    open.peek().hadChild = true;
                }
                Open element = new Open((open.isEmpty() ? "" : open.peek().path) + "/" + name, name,
                        location.getLineNumber(), location.getColumnNumber());
                open.push(element);
                starts.computeIfAbsent(element.path, key -> new ArrayDeque<>()).add(element);
            } else if (event == XMLStreamConstants.END_ELEMENT && !open.isEmpty()) {
                open.pop();
            }
            return event;
        }

        @Override
        public int nextTag() throws XMLStreamException {
            int event = next();
            while (event == XMLStreamConstants.SPACE || event == XMLStreamConstants.COMMENT
                    || event == XMLStreamConstants.PROCESSING_INSTRUCTION
                    || (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA)
                            && isWhiteSpace()) {
                event = next();
            }
            if (event != XMLStreamConstants.START_ELEMENT && event != XMLStreamConstants.END_ELEMENT) {
                throw new XMLStreamException("expected a start or end tag", getLocation());
            }
            return event;
        }

        /** Whether the reader stands on a start tag that has this attribute. */
        boolean currentHasAttribute(String name) {
            if (getEventType() != XMLStreamConstants.START_ELEMENT) {
                return false;
            }
            for (int i = 0; i < getAttributeCount(); i++) {
                if (name.equals(getAttributeLocalName(i))) {
                    return true;
                }
            }
            return false;
        }

        /** Line of the innermost open element (the root's when none below it is open). */
        int currentLine() {
            return open.isEmpty() ? rootLine : open.peek().line;
        }

        /** Line of the innermost open element of this name. */
        int lineOfOpen(String name) {
            for (Open element : open) {
                if (element.name.equals(name)) {
                    return element.line;
                }
            }
            return currentLine();
        }

        /**
         * Gives each binding object below {@code element} the position of its start tag. Same-named siblings
         * are bound in document order and Jackson binds every element of a declared name, so the n-th
         * binding object of a path is the n-th start tag of that path.
         */
        void locateChildren(XmlElement element, String elementPath) {
            for (XmlElement child : element.children()) {
                String childPath = elementPath + "/" + child.tag();
                Deque<Open> positions = starts.get(childPath);
                Open start = positions == null ? null : positions.poll();
                if (start != null) {
                    child.locate(start.line, start.column);
                }
                locateChildren(child, childPath);
            }
        }
    }
}
