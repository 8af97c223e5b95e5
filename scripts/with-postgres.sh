#!/usr/bin/env bash
# Runs COMMAND with a throwaway PostgreSQL server, then stops the server and deletes it.
#
#   scripts/with-postgres.sh COMMAND...
#   scripts/with-postgres.sh swift test --skip-build --filter StoreConformanceTests
#
# The server listens on 127.0.0.1 only, on a free port, with a superuser `doable` and a random password.
# COMMAND sees DOABLE_TEST_DATABASE_URL=postgres://doable:PASSWORD@127.0.0.1:PORT/postgres (and
# DOABLE_REQUIRE_POSTGRES=1, so tests that cannot reach it fail instead of skipping). The exit code is COMMAND's.
#
# Installs Debian's postgresql package when no initdb is found. initdb and postgres refuse to run as root, so as
# root the cluster belongs to the `postgres` user and its programs run through runuser. Durability is switched
# off (fsync, full_page_writes): the data dies with the server anyway.
set -euo pipefail

if [[ $# -eq 0 ]]; then
    echo "usage: $0 COMMAND..." >&2
    exit 64
fi

log() { echo "with-postgres: $*" >&2; }

find_bin_dir() {
    local initdb
    if initdb=$(command -v initdb 2>/dev/null); then
        dirname "$(readlink -f "$initdb")"
        return 0
    fi
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [[ -n "$dir" && -x "$dir/initdb" ]]; then
        echo "$dir"
        return 0
    fi
    return 1
}

if ! bin_dir=$(find_bin_dir); then
    log "initdb not found; installing postgresql"
    sudo=()
    if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
    "${sudo[@]}" apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends postgresql >&2
    bin_dir=$(find_bin_dir) || { log "postgresql installed but initdb still not found"; exit 69; }
fi

as_root=false
if [[ $(id -u) -eq 0 ]]; then
    as_root=true
    id postgres >/dev/null 2>&1 || { log "running as root needs a 'postgres' user to own the cluster"; exit 69; }
fi

# Runs a PostgreSQL program as the cluster's owner, from a folder that owner may enter.
as_owner() {
    if $as_root; then
        (cd "$cluster" && runuser -u postgres -- "$@")
    else
        (cd "$cluster" && "$@")
    fi
}

cluster=$(mktemp -d "${TMPDIR:-/tmp}/doable-postgres.XXXXXX")
chmod 700 "$cluster"
started=false

cleanup() {
    local status=$?
    if $started; then
        as_owner "$bin_dir/pg_ctl" -D "$cluster/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$cluster"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
printf '%s\n' "$password" >"$cluster/password"
if $as_root; then chown -R postgres: "$cluster"; fi

locale=C
if locale -a 2>/dev/null | grep -qiE '^c\.utf-?8$'; then locale=C.UTF-8; fi
as_owner "$bin_dir/initdb" -D "$cluster/data" -U doable --pwfile="$cluster/password" \
    --auth-host=scram-sha-256 --auth-local=scram-sha-256 -E UTF8 --locale="$locale" \
    >"$cluster/initdb.log" 2>&1 || { cat "$cluster/initdb.log" >&2; log "initdb failed"; exit 70; }

port_is_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

for attempt in 1 2 3 4 5; do
    port=$((20000 + RANDOM % 40000))
    port_is_free "$port" || continue
    if as_owner "$bin_dir/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w -t 60 start \
        -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='$cluster'" \
        -o "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >/dev/null; then
        started=true
        break
    fi
    log "server did not start on port $port (attempt $attempt)"
done
if ! $started; then
    cat "$cluster/server.log" >&2 2>/dev/null || true
    log "could not start PostgreSQL"
    exit 70
fi

export DOABLE_TEST_DATABASE_URL="postgres://doable:$password@127.0.0.1:$port/postgres?sslmode=disable"
export DOABLE_REQUIRE_POSTGRES=1
# Issue 34: commands that stop the cluster at once (as a crash would) and start it again on the same port, and run
# SQL as its superuser, for the live check of a database that goes away (tests/live/db_unavailable.py).
runner=""
if $as_root; then runner="runuser -u postgres --"; fi
export DOABLE_TEST_PG_STOP="cd '$cluster' && $runner '$bin_dir/pg_ctl' -D '$cluster/data' -m immediate -w stop"
export DOABLE_TEST_PG_START="cd '$cluster' && $runner '$bin_dir/pg_ctl' -D '$cluster/data' -l '$cluster/server.log' -w -t 60 start -o \"-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='$cluster'\" -o \"-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200\""
export DOABLE_TEST_PG_PSQL="cd '$cluster' && PGPASSWORD='$password' '$bin_dir/psql' -h 127.0.0.1 -p $port -U doable -d postgres -XqAt"
# The throwaway cluster runs with fsync off (above): servers the tests start on it must be told that is meant.
export DOABLE_ALLOW_UNSAFE_DURABILITY=1
log "PostgreSQL $("$bin_dir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

set +e
"$@"
status=$?
set -e
exit "$status"
