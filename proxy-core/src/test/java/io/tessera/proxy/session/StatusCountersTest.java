package io.tessera.proxy.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.protocol.constant.Command;
import io.tessera.router.parse.StatementType;
import org.junit.jupiter.api.Test;

class StatusCountersTest {

    private final StatusCounters counters = new StatusCounters();
    private final Session one = new Session(1, "127.0.0.1");
    private final Session other = new Session(2, "127.0.0.1");

    @Test
    void countsCommandsAsMysqlCountsQuestionsAndQueries() {
        counters.command(one, Command.QUERY);
        counters.command(one, Command.PING);
        counters.command(one, Command.STATISTICS);
        counters.command(one, Command.STMT_PREPARE);
        counters.command(other, Command.STMT_EXECUTE);
        counters.command(other, Command.STMT_CLOSE);

        assertThat(counters.global(StatusCounter.QUESTIONS)).isEqualTo(2); // QUERY and STMT_EXECUTE
        assertThat(counters.global(StatusCounter.QUERIES)).isEqualTo(4); // all but PING and STATISTICS
        assertThat(counters.global(StatusCounter.COM_STMT_PREPARE)).isEqualTo(1);
        assertThat(counters.global(StatusCounter.COM_STMT_EXECUTE)).isEqualTo(1);
        assertThat(one.status(StatusCounter.QUESTIONS)).isEqualTo(1);
        assertThat(one.status(StatusCounter.QUERIES)).isEqualTo(2);
        assertThat(other.status(StatusCounter.QUESTIONS)).isEqualTo(1);
        assertThat(other.status(StatusCounter.COM_STMT_CLOSE)).isEqualTo(1);
    }

    @Test
    void countsStatementsByKindForTheServerAndTheSession() {
        counters.statement(one, StatementType.SELECT);
        counters.statement(one, StatementType.SELECT);
        counters.statement(other, StatementType.INSERT);
        counters.statement(other, StatementType.REPLACE);
        counters.statement(other, StatementType.SET_TRANSACTION);
        counters.statement(other, StatementType.DDL); // no Com_ counter of Tessera's

        assertThat(counters.global(StatusCounter.COM_SELECT)).isEqualTo(2);
        assertThat(one.status(StatusCounter.COM_SELECT)).isEqualTo(2);
        assertThat(other.status(StatusCounter.COM_SELECT)).isZero();
        assertThat(counters.global(StatusCounter.COM_INSERT)).isEqualTo(1);
        assertThat(counters.global(StatusCounter.COM_REPLACE)).isEqualTo(1);
        assertThat(counters.global(StatusCounter.COM_SET_OPTION)).isEqualTo(1);
    }

    @Test
    void eachStatementOfAMultiStatementTextIsAQuestion() {
        counters.command(one, Command.QUERY);
        counters.followingStatement(one);

        assertThat(one.status(StatusCounter.QUESTIONS)).isEqualTo(2);
        assertThat(counters.global(StatusCounter.QUERIES)).isEqualTo(2);
    }

    @Test
    void initDbCountsAsChangeDbAsUseDoes() {
        counters.command(one, Command.INIT_DB);
        counters.statement(one, StatementType.USE);

        assertThat(one.status(StatusCounter.COM_CHANGE_DB)).isEqualTo(2);
    }

    @Test
    void everyCounterHasAMysqlName() {
        assertThat(StatusCounter.values()).extracting(StatusCounter::variableName)
                .allSatisfy(name -> assertThat(name).matches("Com_[a-z_]+|Questions|Queries"))
                .doesNotHaveDuplicates();
    }
}
