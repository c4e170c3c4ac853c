package io.tessera.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/tessera check} prints the warnings a running server only logs. */
class CheckCommandTest {

    private static final String SERVER = """
            <?xml version="1.0" encoding="UTF-8"?>
            <mycat:server xmlns:mycat="http://io.mycat/">
                <system>
                    <property name="serverPrt">8067</property>
                </system>
                <user name="test">
                    <property name="password">test</property>
                    <property name="schemas">TESTDB</property>
                </user>
            </mycat:server>
            """;

    private static final String SCHEMA = """
            <?xml version="1.0" encoding="UTF-8"?>
            <mycat:schema xmlns:mycat="http://io.mycat/">
                <schema name="TESTDB" checkSQLschma="true" dataNode="dn1">
                    <table name="t" dataNode="dn1" rule="mod-long" ruleRequired="true"/>
                </schema>
                <dataNode name="dn1" dataHost="host1" database="db1"/>
                <dataHost name="host1" maxCon="10" minCon="1" balance="%s" tempReadHostAvailable="1" dbType="mysql"
                          dbDriver="native">
                    <heartbeat>select user()</heartbeat>
                    <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password="">
                        <readHost host="hostS1" url="127.0.0.1:3307" user="root" password=""/>
                    </writeHost>
                </dataHost>
            </mycat:schema>
            """;

    private static final String RULE = """
            <?xml version="1.0" encoding="UTF-8"?>
            <mycat:rule xmlns:mycat="http://io.mycat/">
                <tableRule name="mod-long">
                    <rule><columns>id</columns><algorithm>mod-long</algorithm></rule>
                </tableRule>
                <function name="mod-long" class="io.mycat.route.function.PartitionByMod">
                    <property name="count">%s</property>
                </function>
            </mycat:rule>
            """;

    @TempDir
    Path conf;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int check(String balance, String count) throws IOException {
        Files.writeString(conf.resolve("server.xml"), SERVER);
        Files.writeString(conf.resolve("schema.xml"), SCHEMA.formatted(balance));
        Files.writeString(conf.resolve("rule.xml"), RULE.formatted(count));
        return CheckCommand.run(conf, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void printsUnknownNamesAndSettingsWithoutEffectAndSucceeds() throws IOException {
        assertThat(check("1", "1")).isEqualTo(CheckCommand.OK);

        assertThat(out.toString(StandardCharsets.UTF_8).lines()).containsExactly(
                "configuration OK: " + conf.toAbsolutePath() + ", with 4 warnings:",
                "warning: server.xml:4: <system><property name=\"serverPrt\">: unknown property; kept as text, not used",
                "warning: schema.xml:3: <schema>: unknown attribute \"checkSQLschma\"; ignored",
                "warning: server.xml: no <user> has <property name=\"manager\">true</property>: every user may log in"
                        + " to the admin port (managerPort 9066) and run its commands, as in MyCat 1.6; mark the users"
                        + " who manage Tessera",
                "warning: schema.xml: <schema name=\"TESTDB\"><table name=\"t\">: ruleRequired=\"true\" has no"
                        + " effect yet: a statement without a value for the sharding column goes to every data node of"
                        + " the table instead of being refused");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void printsProblemsThenWarningsAndFails() throws IOException {
        assertThat(check("4", "1")).isEqualTo(CheckCommand.INVALID);

        assertThat(err.toString(StandardCharsets.UTF_8).lines()).containsExactly(
                "configuration error in " + conf.toAbsolutePath() + ":",
                "schema.xml:7: <dataHost name=\"host1\">: balance \"4\": expected 0..3",
                "warning: server.xml:4: <system><property name=\"serverPrt\">: unknown property; kept as text, not used",
                "warning: schema.xml:3: <schema>: unknown attribute \"checkSQLschma\"; ignored");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aFunctionThatCannotBeBuiltFailsTheCheckAndKeepsTheWarnings() throws IOException {
        assertThat(check("0", "0")).isEqualTo(CheckCommand.INVALID);

        assertThat(err.toString(StandardCharsets.UTF_8).lines())
                .first().isEqualTo("configuration error in " + conf.toAbsolutePath() + ":");
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("rule.xml: <function name=\"mod-long\">: ")
                .contains("warning: server.xml:4: <system><property name=\"serverPrt\">")
                .contains("ruleRequired=\"true\" has no effect yet");
    }

    @Test
    void readsTheFileOfTheSequenceHandlerAndRefusesHandlersThatAreNotBuilt() throws IOException {
        Files.writeString(conf.resolve("sequence_time_conf.properties"), "WORKID=01\nDATAACENTERID=40\n");
        String server = SERVER.replace("<property name=\"serverPrt\">8067</property>",
                "<property name=\"sequenceHandlerType\">%s</property>");
        Files.writeString(conf.resolve("schema.xml"), SCHEMA.formatted("0"));
        Files.writeString(conf.resolve("rule.xml"), RULE.formatted("1"));
        PrintStream errors = new PrintStream(err, true, StandardCharsets.UTF_8);

        Files.writeString(conf.resolve("server.xml"), server.formatted("2"));
        assertThat(CheckCommand.run(conf, new PrintStream(out, true, StandardCharsets.UTF_8), errors))
                .isEqualTo(CheckCommand.INVALID);
        Files.writeString(conf.resolve("server.xml"), server.formatted("4"));
        assertThat(CheckCommand.run(conf, new PrintStream(out, true, StandardCharsets.UTF_8), errors))
                .isEqualTo(CheckCommand.INVALID);

        assertThat(err.toString(StandardCharsets.UTF_8).lines()).filteredOn(line -> !line.startsWith("warning:"))
                .containsExactly(
                        "configuration error in " + conf.toAbsolutePath() + ":",
                        "sequence_time_conf.properties: DATAACENTERID: value \"40\" (expected: an integer in 0..31)",
                        "configuration error in " + conf.toAbsolutePath() + ":",
                        "server.xml: <system>: sequenceHandlerType 4 (ZooKeeper increment) needs cluster mode:"
                                + " myid.properties with loadZk=true");
    }

    @Test
    void reportsTlsFilesThatCannotBeReadAndTlsSettingsThatDoNotGoTogether() throws IOException {
        Files.writeString(conf.resolve("schema.xml"), SCHEMA.formatted("0"));
        Files.writeString(conf.resolve("rule.xml"), RULE.formatted("1"));
        PrintStream errors = new PrintStream(err, true, StandardCharsets.UTF_8);
        Files.writeString(conf.resolve("server-key.pem"), "-----BEGIN PRIVATE KEY-----\nnot a key\n");

        writeServer("""
                <property name="sslCert">missing-cert.pem</property>
                <property name="sslKey">server-key.pem</property>""");
        assertThat(CheckCommand.run(conf, new PrintStream(out, true, StandardCharsets.UTF_8), errors))
                .isEqualTo(CheckCommand.INVALID);
        writeServer("""
                <property name="sslCert">server-key.pem</property>
                <property name="sslKey">server-key.pem</property>""");
        assertThat(CheckCommand.run(conf, new PrintStream(out, true, StandardCharsets.UTF_8), errors))
                .isEqualTo(CheckCommand.INVALID);
        writeServer("""
                <property name="sslCert">missing-cert.pem</property>
                <property name="requireSecureTransport">true</property>""");
        assertThat(CheckCommand.run(conf, new PrintStream(out, true, StandardCharsets.UTF_8), errors))
                .isEqualTo(CheckCommand.INVALID);

        Path dir = conf.toAbsolutePath();
        String printed = err.toString(StandardCharsets.UTF_8);
        assertThat(printed.lines()).filteredOn(line -> !line.startsWith("warning:")).contains(
                "server.xml <system> sslCert: " + dir.resolve("missing-cert.pem") + ": not a readable file",
                "server.xml:4: <system><property name=\"sslCert\">: TLS needs sslKey too (expected: both or"
                        + " neither)",
                "server.xml:5: <system><property name=\"requireSecureTransport\">: value \"true\": TLS is not"
                        + " configured (expected: sslCert and sslKey)");
        assertThat(printed).contains("server.xml <system> sslCert " + dir.resolve("server-key.pem") + ", sslKey "
                + dir.resolve("server-key.pem") + ": not a PEM certificate and unencrypted PKCS#8 key that belong"
                + " together (").doesNotContain("not a key");
    }

    private void writeServer(String properties) throws IOException {
        Files.writeString(conf.resolve("server.xml"), SERVER.replace(
                "<property name=\"serverPrt\">8067</property>", properties.replace("\n", "\n        ")));
    }
}
