#!/usr/bin/env bash
#
# The baseline of docs/benchmarks.md, from the unpacked distribution (distribution/target/tessera after
# `mvn -B -q -DskipTests package`): run as `bench/baseline.sh [OUT_DIR]` there. Needs the MariaDB on 127.0.0.1:3306
# (root, empty password) and, for the relay, Debian's haproxy. It recreates the databases of bench/bench-setup.sql,
# starts Tessera on bench/conf, and runs tessera-bench:
#   - select (point select), three-way (Tessera, HAProxy relay, direct), text and prepared statements;
#   - insert and merge-select, Tessera and direct, text statements;
# each at 1, 4, 16 and 64 threads, targets alternated in 3 rounds (medians), 10 s after a 5 s warm-up.
# Reports (text, JSON, HTML) go to OUT_DIR (default: bench-results). About 35 minutes.

set -euo pipefail

cd "$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")/.."
OUT=${1:-bench-results}
SWEEP=${SWEEP:-1,4,16,64}
ROUNDS=${ROUNDS:-3}
mkdir -p "$OUT"

mariadb -h127.0.0.1 -P3306 -uroot < bench/bench-setup.sql
# 64 bench threads, Tessera's idle backend connections and the next target's 64 exceed MariaDB's default 151
mariadb -h127.0.0.1 -P3306 -uroot -e 'SET GLOBAL max_connections = 2000'
bin/tessera start --conf bench/conf
trap 'bin/tessera stop' EXIT
PID=$(cat logs/tessera.pid)
DIRECT='jdbc:mysql://127.0.0.1:3306/tessera_bench_direct?user=root&useSSL=false&allowPublicKeyRetrieval=true'

bench() {
    local name=$1
    shift
    bin/tessera-bench --schema BENCHDB --vs "$DIRECT" --pid "$PID" --sweep "$SWEEP" --rounds "$ROUNDS" \
        --seconds 10 --warmup 5 --quiet --json "$OUT/$name.json" --html "$OUT/$name.html" "$@" \
        | tee "$OUT/$name.txt" || true
}

bench select-text --workload select --prepare --relay --statements text
bench select-prepared --workload select --relay --statements prepared
bench merge-select-text --workload merge-select --prepare --statements text
bench insert-text --workload insert --prepare --statements text
