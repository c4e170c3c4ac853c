package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a small, valid server.xml, schema.xml and rule.xml into a directory, with parts replaced per test.
 * Each file is an XML declaration on line 1, the root start tag on line 2, and the body from line 3 on, so
 * that expected messages can name lines.
 */
final class TestConf {

    static final String SERVER = """
                <user name="test">
                    <property name="password">test</property>
                    <property name="schemas">TESTDB</property>
                    <property name="manager">true</property>
                </user>
            """;

    static final String SCHEMA = """
                <schema name="TESTDB" dataNode="dn1"/>
                <dataNode name="dn1" dataHost="host1" database="db1"/>
                <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                    <heartbeat>select user()</heartbeat>
                    <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                </dataHost>
            """;

    static final String RULE = """
                <tableRule name="mod-long">
                    <rule>
                        <columns>id</columns>
                        <algorithm>mod-long</algorithm>
                    </rule>
                </tableRule>
                <function name="mod-long" class="io.mycat.route.function.PartitionByMod">
                    <property name="count">2</property>
                </function>
            """;

    private final Path dir;
    private String server = SERVER;
    private String schema = SCHEMA;
    private String rule = RULE;

    TestConf(Path dir) {
        this.dir = dir;
    }

    TestConf server(String body) {
        server = body;
        return this;
    }

    TestConf schema(String body) {
        schema = body;
        return this;
    }

    TestConf rule(String body) {
        rule = body;
        return this;
    }

    /** The whole file text for {@code root} ({@code server}, {@code schema} or {@code rule}) and a body. */
    static String file(String root, String body) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<mycat:" + root + " xmlns:mycat=\"http://io.mycat/\">\n"
                + body + "</mycat:" + root + ">\n";
    }

    TesseraConfig load() {
        write();
        return ConfigLoader.load(dir);
    }

    /** The warnings of a load that must succeed; the load logs nothing at WARN. */
    List<String> loadWithWarnings() {
        write();
        return ConfigLoader.loadWithWarnings(dir).warnings();
    }

    /** The problems of a load that must fail. */
    List<String> problems() {
        write();
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.load(dir));
        assertThat(e).as("load must fail").isNotNull();
        assertThat(e).hasMessage(String.join("\n", e.problems()));
        return e.problems();
    }

    private void write() {
        write("server.xml", file("server", server));
        write("schema.xml", file("schema", schema));
        write("rule.xml", file("rule", rule));
    }

    void write(String name, String content) {
        try {
            Files.writeString(dir.resolve(name), content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
