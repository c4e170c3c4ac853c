#!/usr/bin/env bash
# sysbench's read workloads through Tessera, against MariaDB directly and behind a one-thread HAProxy TCP relay
# (docs/benchmarks.md, "Tessera against an L4 relay"): oltp_point_select at 4 and 64 threads and oltp_read_only at
# 4 threads, each as text (--db-ps-mode=disable) and prepared (auto), 4 tables of 10,000 rows (sharded by id mod 2
# over two databases through Tessera), in interleaved rounds after a warm-up round. Prints queries per second and the
# CPU time per query of the process in the path (Tessera; mariadbd for direct; HAProxy for the relay) for each run,
# then the medians over the rounds.
#
# Run it from the distribution (mvn -B -q -DskipTests package; cd distribution/target/tessera), with MariaDB on
# 127.0.0.1:3306 (root, empty password) and sysbench and haproxy installed; nothing else on 8066, 9066, 8166, 9166
# or 13306:
#     bench/sysbench.sh [rounds] [seconds per run] [another Tessera home to compare, e.g. an older build]
# It recreates bench/bench-setup.sql's databases, starts and stops Tessera (bench/conf), the other Tessera (on
# 8166/9166) when given, and the relay, and raises MariaDB's max_connections to 2000 while it runs (64 sysbench
# threads directly, besides each Tessera's pools, are more than MariaDB's default 151).
set -eu
ROUNDS=${1:-3}
SECONDS_PER_RUN=${2:-10}
OTHER_HOME=${3:-}
HOME_DIR=$(cd "$(dirname "$0")/.." && pwd)
cd "$HOME_DIR"
. bench/lib.sh
WORK=$(mktemp -d)
MAX_CONNECTIONS=$(mariadb -h127.0.0.1 -P3306 -uroot -N -e 'SELECT @@global.max_connections')
trap 'bin/tessera stop >/dev/null 2>&1 || true; [ -n "$OTHER_HOME" ] && "$WORK/other/bin/tessera" stop \
      >/dev/null 2>&1; [ -f "$WORK/haproxy.pid" ] && kill "$(cat "$WORK/haproxy.pid")" 2>/dev/null; rm -rf "$WORK";
      mariadb -h127.0.0.1 -P3306 -uroot -e "SET GLOBAL max_connections = $MAX_CONNECTIONS"' EXIT

mariadb -h127.0.0.1 -P3306 -uroot -e 'SET GLOBAL max_connections = 2000'
mariadb -h127.0.0.1 -P3306 -uroot < bench/bench-setup.sql
start_relay "$WORK"
bin/tessera start --conf bench/conf >/dev/null
if [ -n "$OTHER_HOME" ]; then
    mkdir -p "$WORK/other" && cp -r "$OTHER_HOME/bin" "$OTHER_HOME/lib" "$OTHER_HOME/conf" "$WORK/other/"
    mkdir "$WORK/other/logs" && cp -r bench/conf "$WORK/other-conf"
    sed -i 's#>8066<#>8166<#; s#>9066<#>9166<#' "$WORK/other-conf/server.xml"
    "$WORK/other/bin/tessera" start --conf "$WORK/other-conf" >/dev/null
fi
sleep 3

TESSERA="$(target 8066 test BENCHDB) --mysql-password=test"
OTHER="$(target 8166 test BENCHDB) --mysql-password=test"
DIRECT=$(target 3306 root tessera_bench_direct)
RELAY=$(target 13306 root tessera_bench_direct)
TABLES="--tables=4 --table-size=10000 --auto_inc=off"
sysbench oltp_read_only $TESSERA $TABLES --threads=4 prepare >/dev/null
sysbench oltp_read_only $DIRECT $TABLES --threads=4 prepare >/dev/null

# run NAME PID TEST THREADS MODE TARGET
run() {
    local name=$1 pid=$2 test=$3 threads=$4 mode=$5 target=$6 before after out
    before=$(ticks "$pid")
    out=$(sysbench "$test" $target $TABLES --threads="$threads" --db-ps-mode="$mode" --time="$SECONDS_PER_RUN" \
        --report-interval=0 run)
    after=$(ticks "$pid")
    echo "$out" | awk -v name="$name" -v w="$test/$threads/$mode" -v ticks=$((after - before)) \
        -v hz="$(getconf CLK_TCK)" '
        /queries:/ && !q { q = $2; qps = $3; gsub(/[(]/, "", qps) }
        /ignored errors:/ { errors = $3 }
        END { printf "%-34s %-8s %10.0f qps %8.1f us CPU/query %4d errors\n", w, name, qps, ticks * 1e6 / hz / q,
              errors }'
}
MARIADB_PID=$(pgrep -x mariadbd | head -1)
RESULTS="$WORK/results"
for round in $(seq 0 "$ROUNDS"); do
    [ "$round" = 0 ] && echo "round 0 (warm-up)" || echo "round $round"
    for spec in oltp_point_select/4 oltp_point_select/64 oltp_read_only/4; do
        for mode in disable auto; do
            test=${spec%/*} threads=${spec#*/}
            {
                run tessera "$(cat logs/tessera.pid)" "$test" "$threads" $mode "$TESSERA"
                [ -n "$OTHER_HOME" ] && run other "$(cat "$WORK/other/logs/tessera.pid")" "$test" "$threads" $mode \
                    "$OTHER"
                run direct "$MARIADB_PID" "$test" "$threads" $mode "$DIRECT"
                run relay "$(cat "$WORK/haproxy.pid")" "$test" "$threads" $mode "$RELAY"
            } | tee -a "$([ "$round" = 0 ] && echo /dev/null || echo "$RESULTS")"
        done
    done
done
echo "medians over $ROUNDS rounds"
sort -k1,2 "$RESULTS" | awk '
    function flush() { if (n) { printf "%-34s %-8s %10.0f qps %8.1f us CPU/query\n", key1, key2, med(qps), med(cpu) } }
    function med(a,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) {
        t = a[i]; a[i] = a[j]; a[j] = t }; return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    $1 != key1 || $2 != key2 { flush(); key1 = $1; key2 = $2; n = 0 }
    { n++; qps[n] = $3; cpu[n] = $5 }
    END { flush() }'
sysbench oltp_read_only $TESSERA $TABLES cleanup >/dev/null
sysbench oltp_read_only $DIRECT $TABLES cleanup >/dev/null
