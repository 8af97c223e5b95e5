#!/usr/bin/env bash
# Issue 32, item 1: where a write's time goes on PostgreSQL. Creates and completions under wrk (32 connections, one
# account, as bench/api.sh), against GET /healthz in the same run, with for each: requests per second and the ratio
# to /healthz, the CPU each request costs Doable and PostgreSQL (from /proc, every process of each), the statements
# and transactions per request (pg_stat_statements, pg_stat_database), PostgreSQL's planning and execution time per
# request, and the statements that cost most. From that, the throughput the two cores allow at that CPU per request.
#   bench/pg_write_profile.sh                        100,000 tasks over 20 accounts, wrk for 10 s per figure
#   TASKS=20000 DURATION=5s bench/pg_write_profile.sh
#   DOABLE_BIN_DIR=/path bench/pg_write_profile.sh   a folder with a release doable built already
set -euo pipefail
cd "$(dirname "$0")/.."
TASKS=${TASKS:-100000}
ACCOUNTS=${ACCOUNTS:-20}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-32}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }

if [ -z "${DOABLE_TEST_DATABASE_URL:-}" ]; then exec scripts/with-postgres.sh "$0" "$@"; fi

if [ -n "${DOABLE_BIN_DIR:-}" ]; then
    BIN=$DOABLE_BIN_DIR
else
    swift build -c release --scratch-path .build-release --product doable 2>&1 | grep -E 'error' || true
    BIN=$(swift build -c release --scratch-path .build-release --show-bin-path)
fi
psql() { (eval "$DOABLE_TEST_PG_PSQL" -c "\"$1\""); }

# pg_stat_statements needs to be loaded at start: the throwaway cluster is restarted with it.
psql "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'" >/dev/null
(eval "$DOABLE_TEST_PG_STOP") >/dev/null  # in a subshell: it changes directory
(eval "$DOABLE_TEST_PG_START") >/dev/null
psql "ALTER SYSTEM SET pg_stat_statements.track_planning = on" >/dev/null
psql "SELECT pg_reload_conf()" >/dev/null
psql "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" >/dev/null

work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

echo "seeding $TASKS tasks over $ACCOUNTS accounts (PostgreSQL) ..."
"$BIN/doable" admin seed --accounts "$ACCOUNTS" --tasks "$TASKS" --output "$work/seed.json" \
    --database-url "$DOABLE_TEST_DATABASE_URL" | tail -1
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$BIN/doable" serve --port "$port" --log-level warning --database-url "$DOABLE_TEST_DATABASE_URL" \
    >"$work/server.log" 2>&1 &
pids+=($!); server_pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.2; done
eval "$(python3 - "$work/seed.json" <<'PY'
import json, sys
account = json.load(open(sys.argv[1]))["accounts"][0]
print(f'export DOABLE_TOKEN={account["token"]}')
print(f'export DOABLE_LIST={account["listIds"][1]}')
PY
)"
base="http://127.0.0.1:$port/api/v1"
export WRK_DIR="$PWD/bench/wrk"
export DOABLE_TASK_IDS=$(curl -sf "$base/tasks?list=$DOABLE_LIST&limit=200" -H "Authorization: Bearer $DOABLE_TOKEN" \
    | python3 -c 'import json,sys; print(",".join(t["id"] for t in json.load(sys.stdin)["tasks"]))')

# CPU seconds (user + system) of the server and of every PostgreSQL process, backends included.
cpu() {
    python3 - "$server_pid" <<'PY'
import os, sys
tick = os.sysconf("SC_CLK_TCK")
def seconds(pid):
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / tick
    except OSError:
        return 0.0
postgres = sum(seconds(pid) for pid in os.listdir("/proc") if pid.isdigit()
               and open(f"/proc/{pid}/comm").read().strip() == "postgres")
print(f"{seconds(sys.argv[1]):.3f} {postgres:.3f}")
PY
}
commits() { psql "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()" | tail -1; }

profile() { # name, wrk args...
    local name=$1; shift
    psql "SELECT pg_stat_statements_reset()" >/dev/null
    local before_cpu before_commits after_cpu after_commits line
    before_cpu=$(cpu); before_commits=$(commits)
    line=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" "$@" | grep '^RESULT')
    after_cpu=$(cpu); after_commits=$(commits)
    psql "COPY (SELECT calls, total_exec_time, total_plan_time, regexp_replace(left(query, 90), '\s+', ' ', 'g')
          FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat%' ORDER BY total_exec_time + total_plan_time DESC)
          TO STDOUT WITH (FORMAT csv)" >"$work/$name.csv"
    echo "$name|$line|$before_cpu|$after_cpu|$before_commits|$after_commits|$work/$name.csv"
}
healthz=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" -s bench/wrk/report.lua "http://127.0.0.1:$port/healthz" | grep '^RESULT')
rows=$(
    profile create -s bench/wrk/create_task.lua "$base/tasks"
    profile complete -s bench/wrk/complete_task.lua "$base/tasks"
)
python3 - "$healthz" "$rows" "$TASKS" "$DURATION" "$CONNECTIONS" <<'PY'
import csv, sys
healthz_line, rows, tasks, duration, connections = sys.argv[1:]
def result(line):
    return dict(part.split("=", 1) for part in line.split()[1:])
healthz = float(result(healthz_line)["rps"])
print(f"\nDoable issue 32, item 1 on PostgreSQL: where a write's time goes ({int(tasks):,} tasks, {connections} "
      f"connections, {duration} each, one account)")
print(f"GET /healthz: {healthz:,.0f}/s")
for row in rows.splitlines():
    name, line, before_cpu, after_cpu, before_commits, after_commits, path = row.split("|")
    r = result(line)
    requests = float(r["requests"]) if "requests" in r else float(r["rps"]) * float(duration.rstrip("s"))
    doable_cpu = float(after_cpu.split()[0]) - float(before_cpu.split()[0])
    postgres_cpu = float(after_cpu.split()[1]) - float(before_cpu.split()[1])
    statements = list(csv.reader(open(path)))
    calls = sum(int(s[0]) for s in statements)
    exec_ms = sum(float(s[1]) for s in statements)
    plan_ms = sum(float(s[2]) for s in statements)
    transactions = int(after_commits) - int(before_commits)
    per = lambda value: value / requests if requests else 0
    cpu_ms = per(doable_cpu + postgres_cpu) * 1000
    print(f"\n{name}: {float(r['rps']):,.0f}/s = {float(r['rps']) / healthz:.3f} x /healthz; "
          f"p50 {float(r['p50']):.1f} ms, p95 {float(r.get('p95', r.get('p99', 0))):.1f} ms")
    print(f"  CPU per request: Doable {per(doable_cpu) * 1000:.3f} ms, PostgreSQL {per(postgres_cpu) * 1000:.3f} ms; "
          f"two cores allow at most {2000 / cpu_ms:,.0f}/s at that cost")
    print(f"  statements per request {per(calls):.1f}, transactions per request {per(transactions):.2f} "
          f"({per(calls) / max(per(transactions), 1e-9):.1f} statements a transaction); PostgreSQL's own time per "
          f"request: executing {per(exec_ms):.3f} ms, planning {per(plan_ms):.3f} ms")
    print(f"  {'calls/req':>9} {'exec ms':>8} {'plan ms':>8}  statement (most costly first)")
    for calls_s, exec_s, plan_s, query in statements[:10]:
        c = int(calls_s)
        print(f"  {per(c):>9.2f} {float(exec_s) / max(c, 1):>8.3f} {float(plan_s) / max(c, 1):>8.3f}  {query}")
target = 0.08 * healthz
print(f"\ntarget: create >= 0.08 x /healthz = {target:,.0f}/s, which on two cores leaves "
      f"{2000 / target:.3f} ms of CPU per create for Doable and PostgreSQL together")
PY
