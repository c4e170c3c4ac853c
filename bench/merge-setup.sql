-- Data for the 4-node ORDER BY ... LIMIT bench (docs/benchmarks.md), on MariaDB 10.8 or newer (the SEQUENCE
-- engine, a descending index). Run it as root on the server of bench/conf-merge/:
--     mariadb -h127.0.0.1 -P3306 -uroot < bench/merge-setup.sql
-- It makes 1,000,000 rows of bench_orders twice over: split by id mod 4 over bench_n1..bench_n4, the data
-- nodes dn1..dn4 of bench/conf-merge/ (PartitionByMod puts id on node id mod 4, dn1 first), and whole in
-- bench_direct, the --vs target. k = id * 7919 mod 1,000,000 is a permutation of 0..999,999 scattered over the
-- nodes, so the bench's windows of k (run with --rows 1000000) each hold 1,000 rows, about 250 per node.
-- The index on (k DESC, id) serves ORDER BY k DESC, id LIMIT 20 without a sort on every side.

DROP DATABASE IF EXISTS bench_n1;
DROP DATABASE IF EXISTS bench_n2;
DROP DATABASE IF EXISTS bench_n3;
DROP DATABASE IF EXISTS bench_n4;
DROP DATABASE IF EXISTS bench_direct;
CREATE DATABASE bench_n1;
CREATE DATABASE bench_n2;
CREATE DATABASE bench_n3;
CREATE DATABASE bench_n4;
CREATE DATABASE bench_direct;

CREATE TABLE bench_direct.bench_orders (
    id BIGINT PRIMARY KEY,
    k INT NOT NULL,
    pad VARCHAR(40) NOT NULL,
    KEY k_desc (k DESC, id)
);
CREATE TABLE bench_n1.bench_orders LIKE bench_direct.bench_orders;
CREATE TABLE bench_n2.bench_orders LIKE bench_direct.bench_orders;
CREATE TABLE bench_n3.bench_orders LIKE bench_direct.bench_orders;
CREATE TABLE bench_n4.bench_orders LIKE bench_direct.bench_orders;

INSERT INTO bench_direct.bench_orders
    SELECT seq, seq * 7919 % 1000000, REPEAT('x', 30) FROM bench_direct.seq_1_to_1000000;
INSERT INTO bench_n1.bench_orders
    SELECT seq, seq * 7919 % 1000000, REPEAT('x', 30) FROM bench_n1.seq_4_to_1000000_step_4;
INSERT INTO bench_n2.bench_orders
    SELECT seq, seq * 7919 % 1000000, REPEAT('x', 30) FROM bench_n2.seq_1_to_1000000_step_4;
INSERT INTO bench_n3.bench_orders
    SELECT seq, seq * 7919 % 1000000, REPEAT('x', 30) FROM bench_n3.seq_2_to_1000000_step_4;
INSERT INTO bench_n4.bench_orders
    SELECT seq, seq * 7919 % 1000000, REPEAT('x', 30) FROM bench_n4.seq_3_to_1000000_step_4;

ANALYZE TABLE bench_direct.bench_orders, bench_n1.bench_orders, bench_n2.bench_orders, bench_n3.bench_orders,
    bench_n4.bench_orders;

SELECT 'bench_direct' AS db, COUNT(*) AS row_count, MIN(id), MAX(id) FROM bench_direct.bench_orders
UNION ALL SELECT 'bench_n1', COUNT(*), MIN(id), MAX(id) FROM bench_n1.bench_orders
UNION ALL SELECT 'bench_n2', COUNT(*), MIN(id), MAX(id) FROM bench_n2.bench_orders
UNION ALL SELECT 'bench_n3', COUNT(*), MIN(id), MAX(id) FROM bench_n3.bench_orders
UNION ALL SELECT 'bench_n4', COUNT(*), MIN(id), MAX(id) FROM bench_n4.bench_orders;
