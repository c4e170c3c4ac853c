package io.tessera.router.parse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MycatHintTest {

    @Test
    void readsTheThreeCommentFormsMycatAccepts() {
        assertThat(MycatHint.of("/*!mycat:sql=select 1 from orders where id = 2*/ update t set a = 1"))
                .contains(new MycatHint("sql", "select 1 from orders where id = 2", "update t set a = 1"));
        assertThat(MycatHint.of("  /*#mycat: dataNode = dn2 */select 1"))
                .contains(new MycatHint("datanode", "dn2", "select 1"));
        assertThat(MycatHint.of("/* mycat:schema=OTHERDB*/\nselect * from t"))
                .contains(new MycatHint("schema", "OTHERDB", "select * from t"));
        assertThat(MycatHint.of("/*!mycat:db_type=master*/select 1"))
                .contains(new MycatHint("db_type", "master", "select 1"));
    }

    @Test
    void otherCommentsAreNotHints() {
        assertThat(MycatHint.of("select 1")).isEmpty();
        assertThat(MycatHint.of("/* just a comment */ select 1")).isEmpty();
        assertThat(MycatHint.of("select /*!mycat:datanode=dn1*/ 1")).isEmpty();
    }
}
