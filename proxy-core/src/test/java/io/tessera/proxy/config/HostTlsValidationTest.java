package io.tessera.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.backend.mysql.BackendTls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code sslMode} and {@code sslCa} attributes of write and read hosts: what is accepted, what is refused. */
class HostTlsValidationTest {

    @TempDir
    Path dir;

    @Test
    void aMycatConfigurationConnectsInPlainTcp() {
        WriteHostConfig write = load("").writeHosts().get(0);

        assertThat(write.tls()).isEqualTo(HostTlsConfig.DISABLED);
    }

    @Test
    void modesAreReadInAnyCaseAndTheCaFileAgainstTheConfDirectory() throws Exception {
        Files.writeString(dir.resolve("ca.pem"), "read when the context is built");
        DataHostConfig host = load(" sslMode=\"verify_ca\" sslCa=\"ca.pem\"",
                "<readHost host=\"s1\" url=\"127.0.0.1:3307\" user=\"ro\" password=\"\" sslMode=\"Required\"/>");

        WriteHostConfig write = host.writeHosts().get(0);
        assertThat(write.tls()).isEqualTo(new HostTlsConfig(BackendTls.Mode.VERIFY_CA, dir.resolve("ca.pem")));
        assertThat(write.readHosts().get(0).tls()).isEqualTo(new HostTlsConfig(BackendTls.Mode.REQUIRED, null));
    }

    @Test
    void reportsAnUnknownModeAMissingOrUnreadableCaAndACaThatIsNotUsed() {
        assertThat(problems(" sslMode=\"ON\"")).containsExactly("schema.xml:7: <dataHost name=\"host1\"><writeHost"
                + " host=\"hostM1\">: sslMode \"ON\": expected one of [DISABLED, PREFERRED, REQUIRED, VERIFY_CA,"
                + " VERIFY_IDENTITY]");
        assertThat(problems(" sslMode=\"VERIFY_IDENTITY\"")).containsExactly("schema.xml:7: <dataHost name=\"host1\">"
                + "<writeHost host=\"hostM1\">: sslMode \"VERIFY_IDENTITY\": needs sslCa, the PEM file of the CA that"
                + " signs the server's certificate");
        assertThat(problems(" sslMode=\"VERIFY_CA\" sslCa=\"none.pem\"")).containsExactly("schema.xml:7: <dataHost"
                + " name=\"host1\"><writeHost host=\"hostM1\">: sslCa \"none.pem\": " + dir.resolve("none.pem")
                + " is not a readable file");
        assertThat(problems(" sslMode=\"REQUIRED\" sslCa=\"ca.pem\"")).containsExactly("schema.xml:7: <dataHost"
                + " name=\"host1\"><writeHost host=\"hostM1\">: sslCa \"ca.pem\": sslMode=\"REQUIRED\" does not verify"
                + " the server (use VERIFY_CA or VERIFY_IDENTITY)");
        assertThat(problems(" sslCa=\"ca.pem\"")).containsExactly("schema.xml:7: <dataHost name=\"host1\"><writeHost"
                + " host=\"hostM1\">: sslCa \"ca.pem\": needs sslMode=\"VERIFY_CA\" or \"VERIFY_IDENTITY\"");
    }

    @Test
    void aJdbcDataHostTakesItsTlsOptionsFromItsUrl() {
        assertThat(new TestConf(dir).schema("""
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="jdbc">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="jdbc:mysql://127.0.0.1:3306" user="root" password=""
                                   sslMode="REQUIRED"/>
                    </dataHost>
                """).problems()).containsExactly("schema.xml:7: <dataHost name=\"host1\"><writeHost host=\"hostM1\">:"
                + " sslMode \"REQUIRED\": for dbDriver=\"jdbc\" put the driver's TLS options in the url (e.g."
                + " ?sslMode=REQUIRED for Connector/J)");
    }

    private DataHostConfig load(String attributes, String... readHosts) {
        return new TestConf(dir).schema(schema(attributes, readHosts)).load().dataHosts().get("host1");
    }

    private List<String> problems(String attributes) {
        return new TestConf(dir).schema(schema(attributes)).problems();
    }

    private static String schema(String attributes, String... readHosts) {
        return """
                    <schema name="TESTDB" dataNode="dn1"/>
                    <dataNode name="dn1" dataHost="host1" database="db1"/>
                    <dataHost name="host1" maxCon="10" minCon="1" balance="0" dbType="mysql" dbDriver="native">
                        <heartbeat>select user()</heartbeat>
                        <writeHost host="hostM1" url="127.0.0.1:3306" user="root" password=""%s>%s</writeHost>
                    </dataHost>
                """.formatted(attributes, String.join("", readHosts));
    }
}
