#!/usr/bin/env bash
# Q-1, Q-3, Q-4 (search) and Q-8 (memory): Doable's API against the bare Hummingbird hello-world ceiling and the
# same Doable server's GET /healthz (issue 32 states its targets against that), measured in one run on this machine
# with wrk on loopback.
#   bench/api.sh                 SQLite, 1,000,000 tasks
#   DB=postgres bench/api.sh     the same on a throwaway PostgreSQL
#   TASKS=100000 DURATION=5s bench/api.sh   a quicker run
#   DOABLE_BIN_DIR=/path bench/api.sh       release builds of doable and HelloBench made already (e.g. of another commit)
set -euo pipefail
cd "$(dirname "$0")/.."
TASKS=${TASKS:-1000000}
ACCOUNTS=${ACCOUNTS:-100}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-32}
DB=${DB:-sqlite}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }

if [ "$DB" = postgres ] && [ -z "${DOABLE_TEST_DATABASE_URL:-}" ]; then
    exec scripts/with-postgres.sh env DB=postgres "$0" "$@"
fi

if [ -n "${DOABLE_BIN_DIR:-}" ]; then  # a folder with release builds of doable and HelloBench made already
    BIN=$DOABLE_BIN_DIR
else
    swift build -c release --scratch-path .build-release --product doable 2>&1 | grep -E 'error' || true
    swift build -c release --scratch-path .build-release --product HelloBench 2>&1 | grep -E 'error' || true
    BIN=$(swift build -c release --scratch-path .build-release --show-bin-path)
fi
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

store_args=(--data-dir "$work/data")
if [ "$DB" = postgres ]; then store_args=(--database-url "$DOABLE_TEST_DATABASE_URL"); fi

echo "seeding $TASKS tasks over $ACCOUNTS accounts ($DB) ..."
seed_start=$(date +%s)
"$BIN/doable" admin seed --accounts "$ACCOUNTS" --tasks "$TASKS" --output "$work/seed.json" "${store_args[@]}" \
    | tail -1
echo "seed took $(( $(date +%s) - seed_start )) s"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port); hello_port=$(free_port)
"$BIN/doable" serve --port "$port" --log-level warning "${store_args[@]}" >"$work/server.log" 2>&1 &
pids+=($!); server_pid=$!
"$BIN/HelloBench" "$hello_port" >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.2; done
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$hello_port/hello" >/dev/null && break; sleep 0.2; done
rss() { awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$server_pid/status"; }
rss_idle=$(rss)

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

run() { # name, connections, wrk args...
    local name=$1 connections=$2; shift 2
    local line
    line=$(wrk -t"$(( connections < 2 ? 1 : 2 ))" -c"$connections" -d"$DURATION" "$@" | grep '^RESULT')
    printf '%s c=%s %s\n' "$name" "$connections" "$line"
}
results=$(
    run hello "$CONNECTIONS" -s bench/wrk/report.lua "http://127.0.0.1:$hello_port/hello"
    run healthz "$CONNECTIONS" -s bench/wrk/report.lua "http://127.0.0.1:$port/healthz"
    run list50 "$CONNECTIONS" -s bench/wrk/get.lua "$base/tasks?list=$DOABLE_LIST&limit=50"
    run create "$CONNECTIONS" -s bench/wrk/create_task.lua "$base/tasks"
    run complete "$CONNECTIONS" -s bench/wrk/complete_task.lua "$base/tasks"
    run complete 4 -s bench/wrk/complete_task.lua "$base/tasks"
)
rss_loaded=$(rss)
kill "$server_pid"
wait "$server_pid" 2>/dev/null || true

# The same data served without the rendered-page cache (the first server stopped, so the two do not share the
# CPU): what a page costs when it has to be read and encoded, and search, which then reaches the index every time.
nocache_port=$(free_port)
"$BIN/doable" serve --port "$nocache_port" --log-level warning --page-cache-mb 0 "${store_args[@]}" \
    >"$work/server-nocache.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$nocache_port/readyz" >/dev/null && break; sleep 0.2; done
nocache_base="http://127.0.0.1:$nocache_port/api/v1"
results+=$'\n'$(
    run list50-nocache "$CONNECTIONS" -s bench/wrk/get.lua "$nocache_base/tasks?list=$DOABLE_LIST&limit=50"
    run search "$CONNECTIONS" -s bench/wrk/get.lua "$nocache_base/tasks?q=milk%20plumber&limit=50"
    run search 1 -s bench/wrk/get.lua "$nocache_base/tasks?q=milk%20plumber&limit=50"
)

python3 - "$results" "$DB" "$TASKS" "$rss_idle" "$rss_loaded" "$DURATION" <<'PY'
import re, sys
text, db, tasks, rss_idle, rss_loaded, duration = sys.argv[1:]
rows = []
for line in text.strip().splitlines():
    name, connections = line.split()[0], line.split()[1]
    rows.append((name, connections, {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)", line)}))
ceiling = rows[0][2]["rps"]
healthz = next(row["rps"] for name, _, row in rows if name == "healthz")  # the same server's own floor of work
targets = {"list50": "Q-3: >= 0.30 x hello", "list50-nocache": "(page cache off)",
           "create": "Q-3: >= 5,000/s; issue 32: >= 0.12 x healthz", "complete": "Q-1: p95 < 20 ms",
           "search": "Q-4: p95 < 50 ms", "healthz": "this server's GET /healthz"}
print(f"\nDoable API on {db}, {int(tasks):,} tasks, wrk for {duration} per figure on loopback")
print(f"{'figure':<15}{'conns':>6}{'req/s':>9}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}{'x hello':>9}{'x healthz':>10}"
      f"{'errors':>7}  target")
for name, connections, row in rows:
    print(f"{name:<15}{connections[2:]:>6}{row['rps']:>9.0f}{row['p50']:>8.2f}{row['p95']:>8.2f}{row['p99']:>8.2f}"
          f"{row['rps'] / ceiling:>9.3f}{row['rps'] / healthz:>10.3f}{int(row['errors']):>7}  {targets.get(name, 'ceiling')}")
print(f"resident memory: {rss_idle} MB after start on {int(tasks):,} tasks, {rss_loaded} MB after the load "
      "(Q-8: < 150 MB)")
PY
