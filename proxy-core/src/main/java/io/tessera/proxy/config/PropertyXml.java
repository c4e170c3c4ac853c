package io.tessera.proxy.config;

import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlText;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code <property name="...">value</property>}, in {@code <system>}, {@code <user>}, {@code <blacklist>} and
 * {@code <function>}. MyCat also lets a property hold a {@code <bean>}; Tessera keeps that as text.
 */
final class PropertyXml extends XmlElement {

    @JacksonXmlProperty(isAttribute = true)
    String name;

    @JacksonXmlText
    String text;

    final List<BeanXml> beans = new ArrayList<>();

    @JacksonXmlElementWrapper(useWrapping = false)
    @JacksonXmlProperty(localName = "bean")
    private void addBeans(List<BeanXml> more) {
        beans.addAll(more);
    }

    /**
     * The value as MyCat reads it: the text without surrounding white space, or for a property holding a
     * bean, the (first) bean written back as XML, attributes and nested properties in document order.
     */
    String value() {
        if (!beans.isEmpty()) {
            StringBuilder xml = new StringBuilder();
            beans.get(0).appendTo(xml);
            return xml.toString();
        }
        return text == null ? "" : text.trim();
    }

    @Override
    List<XmlElement> children() {
        return List.copyOf(beans);
    }

    @Override
    String tag() {
        return "property";
    }

    /** {@code <bean name="..." class="...">} with nested properties. */
    static final class BeanXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String name;

        @JacksonXmlProperty(isAttribute = true, localName = "class")
        String className;

        final List<PropertyXml> properties = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "property")
        private void addProperties(List<PropertyXml> more) {
            properties.addAll(more);
        }

        void appendTo(StringBuilder xml) {
            xml.append("<bean");
            if (name != null) {
                xml.append(" name=\"").append(escape(name)).append('"');
            }
            if (className != null) {
                xml.append(" class=\"").append(escape(className)).append('"');
            }
            xml.append('>');
            for (PropertyXml property : properties) {
                xml.append("<property name=\"").append(escape(String.valueOf(property.name))).append("\">");
                if (property.beans.isEmpty()) {
                    xml.append(escape(property.value()));
                } else {
                    property.beans.get(0).appendTo(xml);
                }
                xml.append("</property>");
            }
            xml.append("</bean>");
        }

        private static String escape(String text) {
            return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
        }

        @Override
        List<XmlElement> children() {
            return List.copyOf(properties);
        }

        @Override
        String tag() {
            return "bean";
        }
    }
}
