package io.tessera.proxy.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.session.Session;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class BackendSyncTest {

    @Test
    void mysqlFrom5720GetsTheTransactionVariablesUnderTheirNewNames() {
        assertThat(BackendSync.onServer("tx_isolation", "8.0.36")).isEqualTo("transaction_isolation");
        assertThat(BackendSync.onServer("tx_read_only", "8.4.0-commercial")).isEqualTo("transaction_read_only");
        assertThat(BackendSync.onServer("tx_isolation", "5.7.20-log")).isEqualTo("transaction_isolation");
    }

    @Test
    void mariaDbAndOlderMysqlKeepTheOldNames() {
        assertThat(BackendSync.onServer("tx_isolation", "5.5.5-10.11.19-MariaDB-0+deb12u1")).isEqualTo("tx_isolation");
        assertThat(BackendSync.onServer("tx_read_only", "11.4.5-MariaDB")).isEqualTo("tx_read_only");
        assertThat(BackendSync.onServer("tx_isolation", "5.7.19")).isEqualTo("tx_isolation");
        assertThat(BackendSync.onServer("tx_isolation", "5.6.51")).isEqualTo("tx_isolation");
    }

    @Test
    void otherVariablesAreNeverRenamed() {
        assertThat(BackendSync.onServer("sql_mode", "8.0.36")).isEqualTo("sql_mode");
        assertThat(BackendSync.onServer("time_zone", "5.5.5-10.11.19-MariaDB")).isEqualTo("time_zone");
    }

    @Test
    void aMysqlDataHostGetsTheSessionsSetStatements() throws Exception {
        Session session = new Session(7, "127.0.0.1");
        session.variables().set("autocommit", "0");
        RecordingBackend backend = new RecordingBackend(1, new EmbeddedChannel().eventLoop());
        BackendSync.apply(session, backend, true).get();
        assertThat(backend.sent()).containsExactly("SET @@session.autocommit = 0");
    }

    @Test
    void aDataHostThatIsNotMysqlGetsNoSetButAutocommitAndCharacterSetsOverJdbc() throws Exception {
        Session session = new Session(7, "127.0.0.1");
        session.variables().set("character_set_results", "NULL");
        session.variables().set("autocommit", "0");
        RecordingBackend backend = new RecordingBackend(1, new EmbeddedChannel().eventLoop()).notMysql();
        BackendSync.apply(session, backend, true).get();
        assertThat(backend.sent()).containsExactly("characterSets(UTF-8, UTF-8)", "autocommit(false)");

        BackendSync.apply(session, backend, true).get(); // applied: nothing again
        assertThat(backend.sent()).hasSize(2);
        session.variables().remove("autocommit"); // back to the login baseline: autocommit on
        BackendSync.apply(session, backend, true).get();
        assertThat(backend.sent()).endsWith("autocommit(true)");
    }

    @Test
    void anyOtherVariableFailsTheStatementOnADataHostThatIsNotMysql() {
        Session session = new Session(7, "127.0.0.1");
        session.variables().set("sql_mode", "'ANSI'");
        RecordingBackend backend = new RecordingBackend(1, new EmbeddedChannel().eventLoop()).notMysql();
        assertThatThrownBy(() -> BackendSync.apply(session, backend, true).get())
                .isInstanceOf(ExecutionException.class).cause()
                .isInstanceOfSatisfying(TesseraException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1235);
                    assertThat(e.getMessage()).isEqualTo("data host host1 (127.0.0.1:3306): the session variable"
                            + " sql_mode cannot be set on a data host that is not MySQL");
                });
        assertThat(backend.sent()).isEmpty();
    }
}
