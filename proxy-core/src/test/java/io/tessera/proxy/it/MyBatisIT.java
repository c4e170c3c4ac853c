package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.tessera.proxy.sequence.MemorySequences;
import java.sql.SQLException;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Options;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.datasource.unpooled.UnpooledDataSource;
import org.apache.ibatis.mapping.Environment;
import org.apache.ibatis.session.SqlSession;
import org.apache.ibatis.session.SqlSessionFactory;
import org.apache.ibatis.session.SqlSessionFactoryBuilder;
import org.apache.ibatis.transaction.jdbc.JdbcTransactionFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * MyBatis through Tessera with an annotation mapper: {@code useGeneratedKeys} reads the id Tessera's GLOBAL sequence
 * gave a row of the sharded {@code autoIncrement} table {@code items}, then a select by that key and a select of the
 * list across both shards.
 */
@Tag("integration")
class MyBatisIT {

    private static final MemorySequences SEQUENCES = new MemorySequences().with("ORDERS", 1).with("GLOBAL", 40);

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/sequences").withSequences(SEQUENCES);

    private static SqlSessionFactory sessions;

    /** A row of {@code items}; MyBatis fills {@code id} from the generated keys. */
    public static final class Item {
        private Long id;
        private String name;

        public Long getId() {
            return id;
        }

        public void setId(Long id) {
            this.id = id;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }
    }

    /** The mapper, annotations only. */
    public interface ItemMapper {
        @Insert("insert into items (name) values (#{name})")
        @Options(useGeneratedKeys = true, keyProperty = "id", keyColumn = "id")
        int insert(Item item);

        @Select("select id, name from items where id = #{id}")
        Item byId(long id);

        @Select("select id, name from items order by id")
        List<Item> all();
    }

    @BeforeAll
    static void createTablesAndStart() throws SQLException {
        for (String db : List.of("db1", "db2")) {
            tessera.dataHosts().executeIn(tessera.database(db),
                    "CREATE TABLE items (id BIGINT PRIMARY KEY, name VARCHAR(40))");
        }
        UnpooledDataSource dataSource = new UnpooledDataSource("com.mysql.cj.jdbc.Driver", NodeRows.url(tessera),
                RunningTessera.USER, RunningTessera.PASSWORD);
        org.apache.ibatis.session.Configuration configuration = new org.apache.ibatis.session.Configuration(
                new Environment("tessera", new JdbcTransactionFactory(), dataSource));
        configuration.addMapper(ItemMapper.class);
        sessions = new SqlSessionFactoryBuilder().build(configuration);
    }

    @Test
    void insertsWithGeneratedKeysThenSelectsByKeyAndTheList() throws SQLException {
        long first = SEQUENCES.peek("GLOBAL");
        try (SqlSession session = sessions.openSession()) {
            ItemMapper mapper = session.getMapper(ItemMapper.class);
            Item x = new Item();
            x.setName("x");
            Item y = new Item();
            y.setName("y");
            assertThat(mapper.insert(x)).isEqualTo(1);
            assertThat(mapper.insert(y)).isEqualTo(1);
            session.commit();
            assertThat(x.getId()).isEqualTo(first);
            assertThat(y.getId()).isEqualTo(first + 1);

            assertThat(mapper.byId(first + 1).getName()).isEqualTo("y");
            assertThat(mapper.all()).extracting(Item::getId, Item::getName)
                    .containsExactly(tuple(first, "x"),
                            tuple(first + 1, "y"));
        }
        // GLOBAL starts at 40: x (40) on dn1, y (41) on dn2
        assertThat(NodeRows.on(tessera, "db1", "select id, name from items")).containsExactly(first + "|x");
        assertThat(NodeRows.on(tessera, "db2", "select id, name from items")).containsExactly((first + 1) + "|y");
    }
}
