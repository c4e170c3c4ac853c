package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.proxy.sequence.MemorySequences;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.sql.SQLException;
import java.util.List;
import org.hibernate.SessionFactory;
import org.hibernate.Transaction;
import org.hibernate.cfg.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hibernate ORM at application start-up through Tessera: {@code hbm2ddl.auto=validate} reads the metadata of tables
 * created beforehand, {@code GenerationType.IDENTITY} takes the key Tessera's sequence gave the row of an
 * {@code autoIncrement} table (the getGeneratedKeys path), which decides the shard, and a query with ORDER BY and a
 * limit merges the shards.
 */
@Tag("integration")
class HibernateIT {

    private static final MemorySequences SEQUENCES = new MemorySequences().with("ORDERS", 100).with("GLOBAL", 1);

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/sequences").withSequences(SEQUENCES);

    private static SessionFactory sessions;

    /** A row of the sharded {@code orders} table, whose id Tessera takes from the ORDERS sequence. */
    @Entity(name = "Purchase")
    @Table(name = "orders")
    static class Order {
        @Id
        @GeneratedValue(strategy = GenerationType.IDENTITY)
        Long id;

        String name;

        Order() {
        }

        Order(String name) {
            this.name = name;
        }
    }

    @BeforeAll
    static void createTablesAndStart() throws SQLException {
        for (String db : List.of("db1", "db2")) {
            tessera.dataHosts().executeIn(tessera.database(db),
                    "CREATE TABLE orders (id BIGINT PRIMARY KEY, name VARCHAR(40))");
        }
        sessions = new Configuration()
                .addAnnotatedClass(Order.class)
                .setProperty("hibernate.connection.url", NodeRows.url(tessera))
                .setProperty("hibernate.connection.username", RunningTessera.USER)
                .setProperty("hibernate.connection.password", RunningTessera.PASSWORD)
                .setProperty("hibernate.connection.pool_size", "2")
                .setProperty("hibernate.hbm2ddl.auto", "validate")
                .buildSessionFactory();
    }

    @AfterAll
    static void stop() {
        if (sessions != null) {
            sessions.close();
        }
    }

    @Test
    void persistsWithGeneratedKeysReadsAcrossShardsAndRollsBack() throws SQLException {
        long first = SEQUENCES.peek("ORDERS");
        List<Long> ids = sessions.fromTransaction(session -> {
            Order a = new Order("a");
            Order b = new Order("b");
            Order c = new Order("c");
            session.persist(a);
            session.persist(b);
            session.persist(c);
            return List.of(a.id, b.id, c.id);
        });
        assertThat(ids).containsExactly(first, first + 1, first + 2);
        assertThat(NodeRows.on(tessera, "db1", "select id, name from orders order by id"))
                .containsExactly(first + "|a", (first + 2) + "|c");
        assertThat(NodeRows.on(tessera, "db2", "select id, name from orders")).containsExactly((first + 1) + "|b");

        sessions.inSession(session -> {
            assertThat(session.find(Order.class, first + 1).name).isEqualTo("b");
            List<String> lastTwo = session.createSelectionQuery("from Purchase p order by p.id desc", Order.class)
                    .setMaxResults(2).getResultList().stream().map(o -> o.name).toList();
            assertThat(lastTwo).containsExactly("c", "b");
        });

        sessions.inSession(session -> {
            Transaction tx = session.beginTransaction();
            session.persist(new Order("gone"));
            session.persist(new Order("gone too"));
            session.flush();
            tx.rollback();
        });
        assertThat(NodeRows.on(tessera, "db1", "select count(*) from orders where name like 'gone%'"))
                .containsExactly("0");
        assertThat(NodeRows.on(tessera, "db2", "select count(*) from orders where name like 'gone%'"))
                .containsExactly("0");
    }
}
