package io.tessera.proxy.config;

import static io.tessera.proxy.config.Problems.RULE_XML;

import io.tessera.proxy.config.RuleXml.FunctionXml;
import io.tessera.proxy.config.RuleXml.RuleElementXml;
import io.tessera.proxy.config.RuleXml.TableRuleXml;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks rule.xml and maps it onto {@link TableRuleConfig} and {@link FunctionConfig}, following MyCat 1.6's
 * {@code XMLRuleLoader}: one {@code <rule>} per table rule, one column per rule, and an algorithm that names a
 * {@code <function>} of the file. Function classes and their properties are not checked here: the router's
 * function registry does that.
 */
final class RuleMapper {

    private final Values values;
    private final Problems problems;

    private final Map<String, Integer> functionLines = new HashMap<>();
    private final Map<String, FunctionConfig> functions = new LinkedHashMap<>();
    private final Map<String, Integer> tableRuleLines = new LinkedHashMap<>();
    private final Map<String, TableRuleConfig> tableRules = new LinkedHashMap<>();

    /** What rule.xml defines. {@code tableRuleNames} holds every name declared, valid element or not. */
    record Rules(Map<String, TableRuleConfig> tableRules, Map<String, FunctionConfig> functions,
            Set<String> tableRuleNames) {
    }

    RuleMapper(Values values) {
        this.values = values;
        this.problems = values.problems();
    }

    Rules map(RuleXml xml) {
        xml.functions.forEach(this::function);
        xml.tableRules.forEach(this::tableRule);
        return new Rules(tableRules, functions, tableRuleLines.keySet());
    }

    private void function(FunctionXml xml) {
        int before = problems.count();
        Where where = Where.of(RULE_XML, xml, Where.tag("function", "name", xml.name));
        String name = values.required(where, "name", xml.name);
        if (name != null) {
            Integer first = functionLines.putIfAbsent(name, xml.line());
            if (first != null) {
                problems.add(where, "name \"" + name + "\": another <function> has that name, at line " + first);
            }
        }
        String className = values.required(where, "class", xml.className);
        Map<String, String> properties = new LinkedHashMap<>();
        Map<String, Integer> propertyLines = new HashMap<>();
        for (PropertyXml property : xml.properties) {
            Where propertyWhere = where.child(property, Where.tag("property", "name", property.name));
            String propertyName = values.required(propertyWhere, "name", property.name);
            if (propertyName == null) {
                continue;
            }
            Integer first = propertyLines.putIfAbsent(propertyName, property.line());
            if (first != null) {
                problems.add(propertyWhere, "already set at line " + first);
            }
            properties.put(propertyName, property.value());
        }
        if (problems.count() == before) {
            functions.put(name, new FunctionConfig(name, className, properties));
        }
    }

    private void tableRule(TableRuleXml xml) {
        int before = problems.count();
        Where where = Where.of(RULE_XML, xml, Where.tag("tableRule", "name", xml.name));
        String name = values.required(where, "name", xml.name);
        if (name != null) {
            Integer first = tableRuleLines.putIfAbsent(name, xml.line());
            if (first != null) {
                problems.add(where, "name \"" + name + "\": another <tableRule> has that name, at line " + first);
            }
        }
        if (xml.rules.isEmpty()) {
            problems.add(where, "missing required element <rule>");
        }
        for (RuleElementXml extra : xml.rules.subList(Math.min(1, xml.rules.size()), xml.rules.size())) {
            problems.add(where.child(extra, "<rule>"), "MyCat 1.6 allows one <rule> per <tableRule> (first at line "
                    + xml.rules.get(0).line() + ")");
        }
        RuleConfig rule = xml.rules.isEmpty() ? null : rule(where.child(xml.rules.get(0), "<rule>"), xml.rules.get(0));
        if (problems.count() == before) {
            tableRules.put(name, new TableRuleConfig(name, List.of(rule)));
        }
    }

    private RuleConfig rule(Where where, RuleElementXml xml) {
        String column = single(where, "columns", xml.columns);
        if (column != null && column.indexOf(',') >= 0) {
            problems.add(where, "columns \"" + column + "\": MyCat 1.6 shards on one column");
            column = null;
        }
        String algorithm = single(where, "algorithm", xml.algorithms);
        if (algorithm != null && !functionLines.containsKey(algorithm)) {
            problems.add(where, "algorithm \"" + algorithm + "\": no <function name=\"" + algorithm + "\">");
            algorithm = null;
        }
        return column == null || algorithm == null ? null : new RuleConfig(column, algorithm);
    }

    /** The trimmed text of a required child element that may appear once. */
    private String single(Where where, String tag, List<? extends TextXml> elements) {
        if (elements.isEmpty()) {
            problems.add(where, "missing required element <" + tag + ">");
            return null;
        }
        for (TextXml extra : elements.subList(1, elements.size())) {
            problems.add(where.child(extra, "<" + tag + ">"), "only one <" + tag + "> is allowed (first at line "
                    + elements.get(0).line() + ")");
        }
        String text = elements.get(0).trimmed();
        if (text.isEmpty()) {
            problems.add(where, "<" + tag + "> must not be empty");
            return null;
        }
        return text;
    }
}
