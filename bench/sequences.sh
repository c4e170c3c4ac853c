#!/usr/bin/env bash
# The cost of global sequences (docs/benchmarks.md): sysbench 1.0.20's oltp_insert, 4 tables, 4 threads, through
# Tessera with the ids written by sysbench (--auto_inc=off), and with ids that Tessera takes from the database
# sequence and from the local-file sequence (--auto_inc=on: sysbench inserts id 0, which an autoIncrement table
# fills in), against MariaDB directly and behind a one-thread HAProxy TCP relay (--auto_inc=on: MariaDB's own
# AUTO_INCREMENT), in interleaved rounds after a warm-up round. Prints queries per second and the CPU time per
# query of the process in the path (Tessera, mariadbd for direct, HAProxy for the relay) for each run.
#
# Run it from the distribution (mvn -B -q -DskipTests package; cd distribution/target/tessera), with MariaDB on
# 127.0.0.1:3306 (root, empty password) and sysbench and haproxy installed; nothing else on 8066, 8166 or 13306:
#     bench/sequences.sh [rounds] [seconds per run]
# It recreates bench/bench-setup.sql's databases, and starts and stops two Tessera instances (the database sequence
# on 8066 from bench/conf-sequences, the local file on 8166 from a copy in a temporary directory) and the relay.
set -eu
ROUNDS=${1:-3}
SECONDS_PER_RUN=${2:-15}
HOME_DIR=$(cd "$(dirname "$0")/.." && pwd)
cd "$HOME_DIR"
. bench/lib.sh
WORK=$(mktemp -d)
trap 'bin/tessera stop >/dev/null 2>&1 || true; "$WORK/home/bin/tessera" stop >/dev/null 2>&1 || true;
      [ -f "$WORK/haproxy.pid" ] && kill "$(cat "$WORK/haproxy.pid")" 2>/dev/null; rm -rf "$WORK"' EXIT

sql() { mariadb -h127.0.0.1 -P3306 -uroot "$@"; }
sql < bench/bench-setup.sql
rows=""
for t in 1 2 3 4; do rows="$rows${rows:+,}('SBTEST$t', 0, 100)"; done
sql tessera_bench_n1 -e "CREATE TABLE MYCAT_SEQUENCE (name VARCHAR(64) NOT NULL PRIMARY KEY,
    current_value BIGINT NOT NULL, increment INT NOT NULL); INSERT INTO MYCAT_SEQUENCE VALUES $rows"

# The local-file variant: its own home (pid file, logs), ports and sequence_conf.properties.
mkdir -p "$WORK/home" && cp -r bin conf lib "$WORK/home/" && mkdir "$WORK/home/logs"
cp -r bench/conf-sequences "$WORK/conf-file"
sed -i 's#>8066<#>8166<#; s#>9066<#>9166<#; s#"sequenceHandlerType">1<#"sequenceHandlerType">0<#' \
    "$WORK/conf-file/server.xml"
for t in 1 2 3 4; do
    printf 'SBTEST%s.HISIDS=\nSBTEST%s.MINID=1\nSBTEST%s.MAXID=2000000000\nSBTEST%s.CURID=0\n' $t $t $t $t
done > "$WORK/conf-file/sequence_conf.properties"

start_relay "$WORK"
bin/tessera start --conf bench/conf-sequences >/dev/null
"$WORK/home/bin/tessera" start --conf "$WORK/conf-file" >/dev/null
sleep 3

TESSERA_DB="$(target 8066 test BENCHDB) --mysql-password=test"
TESSERA_FILE="$(target 8166 test BENCHDB) --mysql-password=test"
DIRECT=$(target 3306 root tessera_bench_direct)
RELAY=$(target 13306 root tessera_bench_direct)
COMMON="--tables=4 --threads=4 --report-interval=0"
# sysbench prepares empty tables through Tessera; directly, tables whose id is AUTO_INCREMENT
sysbench oltp_insert $TESSERA_DB $COMMON --auto_inc=off prepare >/dev/null
sysbench oltp_insert $DIRECT $COMMON --table-size=1 --auto_inc=on prepare >/dev/null

truncate_all() {
    for t in 1 2 3 4; do
        for db in tessera_bench_n1 tessera_bench_n2 tessera_bench_direct; do sql "$db" -e "TRUNCATE sbtest$t"; done
    done
}
# run NAME PID AUTO_INC TARGET
run() {
    local name=$1 pid=$2 auto=$3 target=$4 before after out
    truncate_all
    before=$(ticks "$pid")
    out=$(sysbench oltp_insert $target $COMMON --auto_inc="$auto" --time="$SECONDS_PER_RUN" run)
    after=$(ticks "$pid")
    echo "$out" | awk -v name="$name" -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" '
        /queries:/ && !q { q = $2; qps = $3; gsub(/[(]/, "", qps) }
        /ignored errors:/ { errors = $3 }
        END { printf "%-22s %10.0f qps %8.1f us CPU/query %4d errors\n", name, qps, ticks * 1e6 / hz / q, errors }'
}
MARIADB_PID=$(pgrep -x mariadbd | head -1)
for round in $(seq 0 "$ROUNDS"); do
    [ "$round" = 0 ] && echo "round 0 (warm-up)" || echo "round $round"
    run tessera-explicit-ids "$(cat logs/tessera.pid)" off "$TESSERA_DB"
    run tessera-db-sequence "$(cat logs/tessera.pid)" on "$TESSERA_DB"
    run tessera-file-sequence "$(cat "$WORK/home/logs/tessera.pid")" on "$TESSERA_FILE"
    run direct "$MARIADB_PID" on "$DIRECT"
    run relay "$(cat "$WORK/haproxy.pid")" on "$RELAY"
done
