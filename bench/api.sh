#!/usr/bin/env bash
# Q-1, Q-3, Q-4 (search) and Q-8 (memory): Doable's API against the bare Hummingbird hello-world ceiling,
# measured in one run on this machine with wrk on loopback.
#   bench/api.sh                 SQLite, 1,000,000 tasks
#   DB=postgres bench/api.sh     the same on a throwaway PostgreSQL
#   TASKS=100000 DURATION=5s bench/api.sh   a quicker run
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

swift build -c release --scratch-path .build-release --product doable 2>&1 | grep -E 'error' || true
swift build -c release --scratch-path .build-release --product HelloBench 2>&1 | grep -E 'error' || true
BIN=$(swift build -c release --scratch-path .build-release --show-bin-path)
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

run() { # name, wrk args...
    local name=$1; shift
    local line
    line=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" "$@" | grep '^RESULT')
    printf '%s %s\n' "$name" "$line"
}
results=$(
    run hello -s bench/wrk/report.lua "http://127.0.0.1:$hello_port/hello"
    run list50 -s bench/wrk/get.lua "$base/tasks?list=$DOABLE_LIST&limit=50"
    run search -s bench/wrk/get.lua "$base/tasks?q=milk%20plumber&limit=50"
    run create -s bench/wrk/create_task.lua "$base/tasks"
    run complete -s bench/wrk/complete_task.lua "$base/tasks"
)
rss_loaded=$(rss)

python3 - "$results" "$DB" "$TASKS" "$rss_idle" "$rss_loaded" "$CONNECTIONS" "$DURATION" <<'PY'
import re, sys
text, db, tasks, rss_idle, rss_loaded, connections, duration = sys.argv[1:]
rows = {}
for line in text.strip().splitlines():
    name = line.split()[0]
    rows[name] = {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)", line)}
ceiling = rows["hello"]["rps"]
targets = {"list50": "Q-3: >= 30% of hello", "create": "Q-3: >= 5,000/s", "complete": "Q-1: p95 < 20 ms",
           "search": "Q-4: p95 < 50 ms"}
print(f"\nDoable API on {db}, {int(tasks):,} tasks, wrk -t2 -c{connections} -d{duration}")
print(f"{'figure':<10}{'req/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'x hello':>9}{'errors':>8}  target")
for name, row in rows.items():
    print(f"{name:<10}{row['rps']:>10.0f}{row['p50']:>9.2f}{row['p99']:>9.2f}{row['rps'] / ceiling:>9.3f}"
          f"{int(row['errors']):>8}  {targets.get(name, 'ceiling')}")
print(f"resident memory: {rss_idle} MB after start on {int(tasks):,} tasks, {rss_loaded} MB after the load (Q-8: < 150 MB)")
PY
