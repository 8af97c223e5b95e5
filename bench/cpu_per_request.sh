#!/usr/bin/env bash
# The server's CPU time per request for the uncached reads (a page of a list, a search), of two release builds on one
# database, taken in turns: `main ÷ base` tells whether a change made a read dearer, with less of this shared
# machine's noise than requests per second (which the load generator's share of the two cores moves).
#   bench/cpu_per_request.sh BASE_BIN_DIR MAIN_BIN_DIR      folders holding a release `doable` each
#   TASKS=100000 ROUNDS=3 DURATION=6s CONNECTIONS=16 bench/cpu_per_request.sh …
# With CONNECTIONS=2 the server is not saturated, and the figure is its work per request rather than that plus
# the cost of two processes fighting for two cores.
set -euo pipefail
BASE=$1 MAIN=$2
TASKS=${TASKS:-100000} ROUNDS=${ROUNDS:-3} DURATION=${DURATION:-6s} CONNECTIONS=${CONNECTIONS:-16}
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
work=$(mktemp -d); server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
# The older build seeds, so that the newer one reads a database it can open (it migrates forward if it must).
"$BASE/doable" admin seed --accounts 100 --tasks "$TASKS" --output "$work/seed.json" --data-dir "$work/data" >/dev/null
read -r token list < <(python3 -c "import json,sys; a=json.load(open(sys.argv[1]))['accounts'][0]; \
print(a['token'], a['listIds'][1])" "$work/seed.json")
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
for round in $(seq "$ROUNDS"); do
    for build in base main; do
        bin=$BASE; [ "$build" = main ] && bin=$MAIN
        "$bin/doable" serve --port "$port" --log-level warning --page-cache-mb 0 --data-dir "$work/data" >/dev/null 2>&1 &
        server=$!
        for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.2; done
        for figure in "list50-nocache:tasks?list=$list&limit=50" "search:tasks?q=milk%20plumber&limit=50"; do
            url="http://127.0.0.1:$port/api/v1/${figure#*:}"
            wrk -t2 -c16 -d2s "$url" -H "Authorization: Bearer $token" >/dev/null
            before=$(cpu "$server")
            count=$(wrk -t1 -c"$CONNECTIONS" -d"$DURATION" "$url" -H "Authorization: Bearer $token" | awk '/requests in/ {print $1}')
            after=$(cpu "$server")
            echo "$round $build ${figure%%:*} $count $(( after - before ))"
        done
        kill "$server"; wait "$server" 2>/dev/null || true; server=
    done
done | python3 -c "
import sys, collections
ticks = $ticks; cost = collections.defaultdict(list)
for line in sys.stdin:
    _, build, figure, count, used = line.split()
    cost[(figure, build)].append(int(used) * 1000 / ticks / int(count))
    print(line.strip())
print('figure           base ms/req  main ms/req  main ÷ base')
for figure in ('list50-nocache', 'search'):
    b = sum(cost[(figure, 'base')]) / len(cost[(figure, 'base')]); m = sum(cost[(figure, 'main')]) / len(cost[(figure, 'main')])
    print(f'{figure:<16} {b:>11.3f}  {m:>11.3f}  {m / b:>11.3f}')
"
