package io.tessera.proxy.config;

import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import java.util.ArrayList;
import java.util.List;

/** Binding of rule.xml, {@code <mycat:rule>}: what was written, as strings, before any check. */
final class RuleXml extends XmlElement {

    final List<TableRuleXml> tableRules = new ArrayList<>();
    final List<FunctionXml> functions = new ArrayList<>();

    @JacksonXmlElementWrapper(useWrapping = false)
    @JacksonXmlProperty(localName = "tableRule")
    private void addTableRules(List<TableRuleXml> more) {
        tableRules.addAll(more);
    }

    @JacksonXmlElementWrapper(useWrapping = false)
    @JacksonXmlProperty(localName = "function")
    private void addFunctions(List<FunctionXml> more) {
        functions.addAll(more);
    }

    @Override
    List<XmlElement> children() {
        return concat(tableRules, functions);
    }

    @Override
    String tag() {
        return "mycat:rule";
    }

    /** {@code <tableRule name>}. */
    static final class TableRuleXml extends XmlElement {

        @JacksonXmlProperty(isAttribute = true)
        String name;

        final List<RuleElementXml> rules = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "rule")
        private void addRules(List<RuleElementXml> more) {
            rules.addAll(more);
        }

        @Override
        List<XmlElement> children() {
            return List.copyOf(rules);
        }

        @Override
        String tag() {
            return "tableRule";
        }
    }

    /** {@code <rule>}: {@code <columns>} and {@code <algorithm>}. */
    static final class RuleElementXml extends XmlElement {

        final List<ColumnsXml> columns = new ArrayList<>();
        final List<AlgorithmXml> algorithms = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "columns")
        private void addColumns(List<ColumnsXml> more) {
            columns.addAll(more);
        }

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "algorithm")
        private void addAlgorithms(List<AlgorithmXml> more) {
            algorithms.addAll(more);
        }

        @Override
        List<XmlElement> children() {
            return concat(columns, algorithms);
        }

        @Override
        String tag() {
            return "rule";
        }
    }

    /** {@code <columns>}: the sharding column. */
    static final class ColumnsXml extends TextXml {

        @Override
        String tag() {
            return "columns";
        }
    }

    /** {@code <algorithm>}: the name of a {@code <function>}. */
    static final class AlgorithmXml extends TextXml {

        @Override
        String tag() {
            return "algorithm";
        }
    }

    /** {@code <function name class>} with its properties. */
    static final class FunctionXml extends XmlElement {

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

        @Override
        List<XmlElement> children() {
            return List.copyOf(properties);
        }

        @Override
        String tag() {
            return "function";
        }
    }
}
