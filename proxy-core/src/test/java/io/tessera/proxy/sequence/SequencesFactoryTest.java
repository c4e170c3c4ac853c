package io.tessera.proxy.sequence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.proxy.config.ConfigException;
import io.tessera.proxy.config.ConfigLoader;
import io.tessera.proxy.config.TesseraConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SequencesFactoryTest {

    @TempDir
    Path dir;

    private TesseraConfig conf(String systemProperties) throws IOException {
        Files.writeString(dir.resolve("server.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:server xmlns:mycat="http://io.mycat/">
                    <system>%s</system>
                    <user name="test">
                        <property name="password">test</property>
                        <property name="schemas">TESTDB</property>
                    </user>
                </mycat:server>
                """.formatted(systemProperties));
        Files.writeString(dir.resolve("schema.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:schema xmlns:mycat="http://io.mycat/">
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""/>
                    </dataHost>
                </mycat:schema>
                """);
        Files.writeString(dir.resolve("rule.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:rule xmlns:mycat="http://io.mycat/"></mycat:rule>
                """);
        return ConfigLoader.load(dir);
    }

    private static String type(int type) {
        return "<property name=\"sequnceHandlerType\">" + type + "</property>";
    }

    @Test
    void withoutTypeAndFileThereAreNoSequences() throws IOException {
        Sequences sequences = SequencesFactory.create(conf(""), name -> null, Runnable::run);

        assertThat(sequences).isInstanceOf(LocalFileSequences.class);
        assertThat(sequences.has("GLOBAL")).isFalse();
    }

    @Test
    void buildsTheHandlerOfEachType() throws IOException {
        Files.writeString(dir.resolve(LocalFileSequences.FILE), "GLOBAL.MINID=1\nGLOBAL.MAXID=9\nGLOBAL.CURID=0\n");
        Files.writeString(dir.resolve(DatabaseSequences.FILE), "#sequence stored in datanode\nGLOBAL=dn1");
        Files.writeString(dir.resolve(TimeSequences.FILE), "#sequence depend on TIME\nWORKID=01\nDATAACENTERID=01");

        assertThat(SequencesFactory.create(conf(type(0)), name -> null, Runnable::run))
                .isInstanceOf(LocalFileSequences.class).matches(s -> s.has("global"));
        assertThat(SequencesFactory.create(conf(type(1)), name -> null, Runnable::run))
                .isInstanceOf(DatabaseSequences.class).matches(s -> s.has("GLOBAL") && !s.has("COMPANY"));
        assertThat(SequencesFactory.create(conf(type(2)), name -> null, Runnable::run))
                .isInstanceOf(TimeSequences.class);
    }

    @Test
    void aConfiguredTypeNeedsItsFile() throws IOException {
        TesseraConfig config = conf(type(0));

        assertThatThrownBy(() -> SequencesFactory.check(config)).isInstanceOf(ConfigException.class)
                .hasMessage("sequence_conf.properties: no such file (required by sequenceHandlerType)");
        assertThatThrownBy(() -> SequencesFactory.check(conf(type(2)))).isInstanceOf(ConfigException.class)
                .hasMessage("sequence_time_conf.properties: no such file (required by sequenceHandlerType)");
    }

    @Test
    void namesTheKeyOfAWrongValueInTheDatabaseAndTimeFiles() throws IOException {
        Files.writeString(dir.resolve(DatabaseSequences.FILE), "GLOBAL=dn9\nBAD-NAME=dn1\n");
        Files.writeString(dir.resolve(TimeSequences.FILE), "WORKID=32\n");

        assertThatThrownBy(() -> SequencesFactory.check(conf(type(1)))).isInstanceOfSatisfying(ConfigException.class,
                e -> assertThat(e.problems()).containsExactly(
                        "sequence_db_conf.properties: GLOBAL: data node \"dn9\": no <dataNode name=\"dn9\"> in"
                                + " schema.xml",
                        "sequence_db_conf.properties: BAD-NAME: \"BAD-NAME\" is not a sequence name (expected:"
                                + " letters, digits and _)"));
        assertThatThrownBy(() -> SequencesFactory.check(conf(type(2)))).isInstanceOfSatisfying(ConfigException.class,
                e -> assertThat(e.problems()).containsExactly(
                        "sequence_time_conf.properties: WORKID: value \"32\" (expected: an integer in 0..31)",
                        "sequence_time_conf.properties: DATAACENTERID: missing"));
    }
}
