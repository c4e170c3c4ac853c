package io.tessera.admin.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.FakeContext;
import org.junit.jupiter.api.Test;

class SetStatementTest {

    @Test
    void anySetIsAcceptedWithOk() {
        for (String sql : new String[] {"SET NAMES utf8mb4", "set character_set_results = NULL", "SET autocommit=1;"}) {
            assertThat(Replies.reply(sql, FakeContext.sample())).as(sql).isEqualTo(new AdminReply.Ok(0, ""));
        }
    }
}
