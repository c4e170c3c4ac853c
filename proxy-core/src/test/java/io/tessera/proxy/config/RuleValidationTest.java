package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** rule.xml problems; function classes and properties are the router's to check, not these. */
class RuleValidationTest {

    @TempDir
    Path dir;

    @Test
    void reportsRulesThatBreakMycatsShape() {
        assertThat(new TestConf(dir).rule("""
                    <tableRule name="a">
                        <rule>
                            <columns>id,user_id</columns>
                            <algorithm>no-such-function</algorithm>
                        </rule>
                    </tableRule>
                    <tableRule name="b">
                        <rule>
                            <columns>id</columns>
                            <algorithm>f</algorithm>
                        </rule>
                        <rule>
                            <columns>id</columns>
                            <algorithm>f</algorithm>
                        </rule>
                    </tableRule>
                    <tableRule name="c"/>
                    <tableRule name="a">
                        <rule>
                            <columns> </columns>
                        </rule>
                    </tableRule>
                    <function name="f" class="io.mycat.route.function.PartitionByMod">
                        <property name="count">2</property>
                        <property name="count">3</property>
                    </function>
                    <function name="f" class="io.mycat.route.function.PartitionByLong"/>
                    <function name="g"/>
                """).problems()).containsExactly(
                "rule.xml:4: <tableRule name=\"a\"><rule>: columns \"id,user_id\": MyCat 1.6 shards on one column",
                "rule.xml:4: <tableRule name=\"a\"><rule>: algorithm \"no-such-function\": no <function"
                        + " name=\"no-such-function\">",
                "rule.xml:14: <tableRule name=\"b\"><rule>: MyCat 1.6 allows one <rule> per <tableRule> (first at"
                        + " line 10)",
                "rule.xml:19: <tableRule name=\"c\">: missing required element <rule>",
                "rule.xml:20: <tableRule name=\"a\">: name \"a\": another <tableRule> has that name, at line 3",
                "rule.xml:21: <tableRule name=\"a\"><rule>: <columns> must not be empty",
                "rule.xml:21: <tableRule name=\"a\"><rule>: missing required element <algorithm>",
                "rule.xml:27: <function name=\"f\"><property name=\"count\">: already set at line 26",
                "rule.xml:29: <function name=\"f\">: name \"f\": another <function> has that name, at line 25",
                "rule.xml:30: <function name=\"g\">: missing required attribute class");
    }

    @Test
    void keepsFunctionClassesAndPropertiesUnchecked() {
        TesseraConfig config = new TestConf(dir).rule("""
                    <tableRule name="by-user">
                        <rule>
                            <columns> user_id </columns>
                            <algorithm> custom </algorithm>
                        </rule>
                    </tableRule>
                    <function name="custom" class="com.example.NoSuchFunction">
                        <property name="mapFile">/etc/tessera/map.txt</property>
                        <property name="anything">goes</property>
                        <property name="empty"></property>
                        <property name="nested">
                            <bean name="b" class="com.example.Bean">
                                <property name="x">1</property>
                                <property name="y"> a&lt;b </property>
                            </bean>
                        </property>
                    </function>
                """).load();

        assertThat(config.tableRules().get("by-user").rules()).containsExactly(new RuleConfig("user_id", "custom"));
        FunctionConfig function = config.functions().get("custom");
        assertThat(function.className()).isEqualTo("com.example.NoSuchFunction");
        assertThat(function.properties()).containsExactly(
                Map.entry("mapFile", "/etc/tessera/map.txt"),
                Map.entry("anything", "goes"),
                Map.entry("empty", ""),
                Map.entry("nested", "<bean name=\"b\" class=\"com.example.Bean\"><property name=\"x\">1</property>"
                        + "<property name=\"y\">a&lt;b</property></bean>"));
        assertThat(config.resolve(function.properties().get("mapFile"))).isEqualTo(Path.of("/etc/tessera/map.txt"));
    }
}
