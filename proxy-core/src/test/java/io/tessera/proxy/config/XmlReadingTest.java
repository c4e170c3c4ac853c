package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.apache.logging.log4j.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The files as XML: namespaces, the DOCTYPE line, malformed documents, missing files. */
class XmlReadingTest {

    @TempDir
    Path dir;

    @Test
    void readsBothMycatNamespacesWithTheDoctypeButWithoutTheDtd() {
        TestConf conf = new TestConf(dir);
        conf.write("server.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE mycat:server SYSTEM "server.dtd">
                <mycat:server xmlns:mycat="http://org.opencloudb/">
                    <user name="test"><property name="schemas">TESTDB</property><property name="manager">true</property>
                    </user>
                </mycat:server>
                """);
        conf.write("schema.xml", "<?xml version=\"1.0\"?>\n<!DOCTYPE mycat:schema SYSTEM \"schema.dtd\">\n"
                + "<mycat:schema xmlns:mycat=\"http://io.mycat/\">\n" + TestConf.SCHEMA + "</mycat:schema>\n");
        conf.write("rule.xml", "<!DOCTYPE cat:rule SYSTEM \"http://example.invalid/rule.dtd\">\n"
                + "<cat:rule xmlns:cat=\"http://org.opencloudb/\">\n" + TestConf.RULE + "</cat:rule>\n");

        try (LogCapture log = new LogCapture()) {
            TesseraConfig config = ConfigLoader.load(dir);

            assertThat(config.users()).containsOnlyKeys("test");
            assertThat(config.schemas()).containsOnlyKeys("TESTDB");
            assertThat(config.tableRules()).containsOnlyKeys("mod-long");
            assertThat(log.at(Level.WARN)).isEmpty();
        }
    }

    @Test
    void warnsAboutAForeignNamespaceButReadsTheFile() {
        TestConf conf = new TestConf(dir);
        conf.write("server.xml", "<server>\n" + TestConf.SERVER + "</server>\n");
        conf.write("schema.xml", TestConf.file("schema", TestConf.SCHEMA));
        conf.write("rule.xml", "<m:rule xmlns:m=\"urn:other\">\n" + TestConf.RULE + "</m:rule>\n");

        try (LogCapture log = new LogCapture()) {
            assertThat(ConfigLoader.load(dir).users()).containsOnlyKeys("test");
            assertThat(log.at(Level.WARN)).containsExactly(
                    "server.xml:1: <server>: namespace \"\" is not MyCat's (http://io.mycat/ or"
                            + " http://org.opencloudb/); read as MyCat configuration anyway",
                    "rule.xml:1: <m:rule>: namespace \"urn:other\" is not MyCat's (http://io.mycat/ or"
                            + " http://org.opencloudb/); read as MyCat configuration anyway");
        }
    }

    @Test
    void reportsMalformedXmlWithLineAndColumnAndGoesOnWithTheOtherFiles() {
        TestConf conf = new TestConf(dir);
        conf.write("server.xml", TestConf.file("server", """
                    <user name="test">
                        <property name="schemas">TESTDB</property>
                    </usr>
                """));
        conf.write("schema.xml", TestConf.file("schema", TestConf.SCHEMA.replace("dn1\"/>", "dn9\"/>")));
        conf.write("rule.xml", "<?xml version=\"1.0\"?>\n<mycat:rule xmlns:mycat=\"http://io.mycat/\">\n"
                + "  <tableRule name=\"a\" name=\"b\"/>\n</mycat:rule>\n");

        assertThatThrownBy(() -> ConfigLoader.load(dir))
                .isInstanceOf(ConfigException.class)
                .hasMessage(String.join("\n",
                        "server.xml:5:9: malformed XML: Unexpected close tag </usr>; expected </user>.",
                        "schema.xml:3: <schema name=\"TESTDB\">: dataNode \"dn9\": no <dataNode name=\"dn9\">",
                        "rule.xml:3:32: malformed XML: Duplicate attribute 'name'."));
    }

    @Test
    void refusesExternalEntities() {
        TestConf conf = new TestConf(dir);
        conf.write("server.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE mycat:server [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
                <mycat:server xmlns:mycat="http://io.mycat/">
                    <user name="&secret;"/>
                </mycat:server>
                """);
        conf.write("schema.xml", TestConf.file("schema", TestConf.SCHEMA));
        conf.write("rule.xml", TestConf.file("rule", TestConf.RULE));

        assertThatThrownBy(() -> ConfigLoader.load(dir))
                .isInstanceOf(ConfigException.class)
                .hasMessage("server.xml:4:24: malformed XML: Undeclared general entity \"secret\"");
    }

    @Test
    void reportsMissingFilesAndWrongRootElements() {
        TestConf conf = new TestConf(dir);
        conf.write("schema.xml", TestConf.file("rule", TestConf.RULE));
        conf.write("rule.xml", "");

        assertThatThrownBy(() -> ConfigLoader.load(dir))
                .isInstanceOf(ConfigException.class)
                .hasMessage(String.join("\n",
                        "server.xml: not found in " + dir.toAbsolutePath().normalize(),
                        "schema.xml:2: root element <mycat:rule>: expected <mycat:schema>",
                        "rule.xml:1: malformed XML: Unexpected EOF in prolog"));
    }

    @Test
    void refusesADirectoryThatDoesNotExist() {
        Path missing = dir.resolve("nope");

        assertThatThrownBy(() -> ConfigLoader.load(missing))
                .isInstanceOf(ConfigException.class)
                .hasMessage(missing.toAbsolutePath().normalize() + ": not a directory");
    }

    @Test
    void reportsContentAfterTheRootElement() {
        TestConf conf = new TestConf(dir);
        conf.write("server.xml", TestConf.file("server", TestConf.SERVER) + "<extra/>\n");
        conf.write("schema.xml", TestConf.file("schema", TestConf.SCHEMA));
        conf.write("rule.xml", TestConf.file("rule", TestConf.RULE));

        assertThatThrownBy(() -> ConfigLoader.load(dir))
                .isInstanceOf(ConfigException.class)
                .hasMessage("server.xml:9:2: malformed XML: Illegal to have multiple roots (start tag in epilog?).");
    }
}
