-- Databases of bench/conf/ (docs/benchmarks.md): the two data nodes of schema BENCHDB and the direct target. Run as
-- root on the MariaDB of 127.0.0.1:3306:
--     mariadb -h127.0.0.1 -P3306 -uroot < bench/bench-setup.sql
-- The tables come from `tessera-bench --prepare` (travelrecord, goods) and `sysbench ... prepare` (sbtest*).
DROP DATABASE IF EXISTS tessera_bench_n1;
DROP DATABASE IF EXISTS tessera_bench_n2;
DROP DATABASE IF EXISTS tessera_bench_direct;
CREATE DATABASE tessera_bench_n1;
CREATE DATABASE tessera_bench_n2;
CREATE DATABASE tessera_bench_direct;
