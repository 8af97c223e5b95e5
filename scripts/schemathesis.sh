#!/usr/bin/env bash
# INTEROP-3: checks a live `doable serve` against the OpenAPI document it serves at /api/v1/openapi.json.
#
# Starts the server on a free 127.0.0.1 port (SQLite in a fresh temporary folder, or the PostgreSQL database of
# DOABLE_DATABASE_URL when that is set; bcrypt cost 4), makes a member with lists, a label and tasks (one of each
# in the trash too), a list shared with a second member, a list of that member shared with it as admin, a comment
# and a notification, reminders (and one of the second member's), and a webhook with deliveries, so that real ids
# exist, then runs schemathesis 4 on every operation with these checks: no 5xx,
# response schema, status code, content type and response headers conformance. It prints a summary line, exits
# non-zero on any failure, and always stops the server. The document must be current: the generator's --check
# runs first, and the server must serve the same document (rebuild after regenerating it).
#
# The operations that end a credential or the account are kept, but made harmless:
#   - everything runs with a personal access token (dpat_) of member 1;
#   - DELETE /api/v1/sessions/current and DELETE /api/v1/tokens/{id} run with tokens of a second member, so
#     they can end only those (and answer 401 once they have);
#   - DELETE /api/v1/sessions ("sign out everywhere", which ends access tokens too) runs as a third member;
#   - DELETE /api/v1/me and PUT /api/v1/me/password need the current password, which the tool never sees,
#     so they answer 400 or 403 and change nothing.
#
#   scripts/schemathesis.sh                      # uses $(swift build --show-bin-path)/doable
#   DOABLE_BIN=/path/to/doable scripts/schemathesis.sh
#   SCHEMATHESIS_MAX_EXAMPLES=100 SCHEMATHESIS_SEED=1 scripts/schemathesis.sh
#   scripts/with-postgres.sh bash -c 'DOABLE_DATABASE_URL=$DOABLE_TEST_DATABASE_URL scripts/schemathesis.sh'
#                                                # the same against the PostgreSQL engine
#   SCHEMATHESIS_KEEP=1 keeps the temporary folder (server log, config, reports) for a look afterwards;
#   SCHEMATHESIS_ARGS="--report har" adds flags to `schemathesis run`.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

max_examples=${SCHEMATHESIS_MAX_EXAMPLES:-50}

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
if ! .venv/bin/python -c "import schemathesis" >/dev/null 2>&1; then
    .venv/bin/pip install -q --disable-pip-version-check -r scripts/test-requirements.txt
fi

bin=${DOABLE_BIN:-}
if [ -z "$bin" ]; then
    swift build --product doable >"${TMPDIR:-/tmp}/doable-schemathesis-build.log" 2>&1 \
        || { grep -E 'error' "${TMPDIR:-/tmp}/doable-schemathesis-build.log" | head -30 >&2; exit 1; }
    bin="$(swift build --show-bin-path)/doable"
fi
[ -x "$bin" ] || { echo "No doable executable at $bin" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/doable-schemathesis.XXXXXX")
server_pid=""
schemathesis_pid=""
tail_pid=""
cleanup() {
    for pid in $schemathesis_pid $tail_pid; do kill "$pid" 2>/dev/null || true; done
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    [ -n "${SCHEMATHESIS_KEEP:-}" ] && echo "kept $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

engine="SQLite in $work/data"
[ -n "${DOABLE_DATABASE_URL:-}" ] && engine="PostgreSQL (DOABLE_DATABASE_URL)"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
# The webhook made below points at a closed loopback port, which webhooks reach only when allowed (OPS-7).
# Schemathesis's calls each come as if from a client of their own behind a proxy on 127.0.0.1
# (scripts/openapi/run_schemathesis.py says why).
"$bin" serve --host 127.0.0.1 --port "$port" --data-dir "$work/data" --bcrypt-cost 4 --log-level warning \
    --allow-outgoing 127.0.0.1 --trusted-proxy 127.0.0.1 \
    >"$work/server.log" 2>&1 &
server_pid=$!
echo "== doable serve on $base with $engine"

for _ in $(seq 1 100); do
    curl -fsS "$base/readyz" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || { echo "doable serve exited:" >&2; cat "$work/server.log" >&2; exit 1; }
    sleep 0.2
done
curl -fsS "$base/readyz" >/dev/null || { echo "doable serve did not become ready" >&2; exit 1; }


# Setup with curl: `call METHOD PATH [TOKEN] [JSON]` prints the response body and fails on a status of 400 or more.
call() {
    local method=$1 path=$2 token=${3:-} body=${4:-}
    local args=(-sS --fail-with-body -X "$method" "$base/api/v1$path" -H 'Content-Type: application/json')
    [ -n "$token" ] && args+=(-H "Authorization: Bearer $token")
    [ -n "$body" ] && args+=(--data "$body")
    curl "${args[@]}"
}
field() { python3 -c 'import json, sys; v = json.load(sys.stdin)
for key in sys.argv[1].split("."): v = v[key]
print(v)' "$1"; }

password="st-$(python3 -c 'import secrets; print(secrets.token_urlsafe(24))')"
run_id=$(python3 -c 'import secrets; print(secrets.token_hex(4))')
one="st_one_$run_id"
two="st_two_$run_id"
three="st_three_$run_id"
four="st_four_$run_id"
register() {
    call POST /accounts "" "{\"email\": \"$1@example.com\", \"password\": \"$password\", \"username\": \"$1\",
        \"firstName\": \"Schema\", \"lastName\": \"Thesis\", \"phone\": \"+14155550123\"}"
}
issue() { call POST /tokens "$1" "{\"name\": \"$2\", \"scope\": \"readWrite\"}" | field secret; }

member=$(register "$one")
session=$(echo "$member" | field token)
inbox=$(echo "$member" | field account.inboxId)
token=$(issue "$session" "schemathesis")
call PATCH /me "$token" '{"showEmail": true, "showPhone": true,
    "preferences": {"timeZone": "Europe/Berlin", "quietHours": {"start": "22:00", "end": "07:00"}}}' >/dev/null
list=$(call POST /lists "$token" '{"name": "Errands", "color": "#12ab9f", "icon": "🛒"}' | field id)
spare_list=$(call POST /lists "$token" '{"name": "Spare", "description": "moved around"}' | field id)
label=$(call POST /labels "$token" '{"name": "home", "color": "teal"}' | field id)
task=$(call POST /tasks "$token" "{\"title\": \"Buy oat milk\", \"listId\": \"$list\", \"labelIds\": [\"$label\"],
    \"due\": \"2099-01-31\", \"start\": \"2099-01-30T09:00:00Z\", \"priority\": \"high\", \"estimatedMinutes\": 15,
    \"category\": \"personal\"}" | field id)
subtask=$(call POST /tasks "$token" "{\"title\": \"Check the fridge\", \"parentId\": \"$task\"}" | field id)
sibling=$(call POST /tasks "$token" "{\"title\": \"Return bottles\", \"listId\": \"$list\"}" | field id)
call POST "/tasks/$subtask/complete" "$token" >/dev/null
trashed=$(call POST /tasks "$token" '{"title": "Old idea", "notes": "in the trash"}' | field id)
call DELETE "/tasks/$trashed" "$token" >/dev/null
trashed_list=$(call POST /lists "$token" '{"name": "Archive me"}' | field id)
call DELETE "/lists/$trashed_list" "$token" >/dev/null

# Member 2 only signs out and revokes its own tokens; it is an editor of member 1's list, and shares a list of its
# own with member 1 as admin (so member 1 has a notification, and a list it may manage but not delete).
spare=$(register "$two")
spare_session=$(echo "$spare" | field token)
spare_account=$(echo "$spare" | field account.id)
call POST "/lists/$list/members" "$token" "{\"login\": \"$two\", \"role\": \"editor\"}" >/dev/null
shared_list=$(call POST /lists "$spare_session" '{"name": "Shared with one"}' | field id)
call POST "/lists/$shared_list/members" "$spare_session" "{\"login\": \"$one\", \"role\": \"admin\"}" >/dev/null
shared_task=$(call POST /tasks "$spare_session" "{\"title\": \"Shared chore\", \"listId\": \"$shared_list\"}" \
    | field id)
comment=$(call POST "/tasks/$task/comments" "$token" '{"body": "Oat, not soy."}' | field id)
call POST "/tasks/$shared_task/comments" "$spare_session" '{"body": "Who takes this?"}' >/dev/null
spare_signout=$(issue "$spare_session" "signed out by the run")
spare_revoked=$(call POST /tokens "$spare_session" '{"name": "revoked by the run"}' | field credential.id)
# NOTIF-1 and INTEROP-4: reminders of member 1 (one on a task of the list shared with it), one of member 2 (404 for
# member 1), and a webhook whose calls fail (nothing listens on port 9), so that deliveries with attempts exist.
in_a_day=$(python3 -c 'import datetime as d; print((d.datetime.now(d.timezone.utc) + d.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%SZ"))')
reminder_ids=()
for body in '{"relativeTo": "due", "offsetMinutes": -60}' '{"relativeTo": "start"}' "{\"at\": \"$in_a_day\"}"; do
    reminder_ids+=("$(call POST "/tasks/$task/reminders" "$token" "$body" | field id)")
done
reminder_ids+=("$(call POST "/tasks/$shared_task/reminders" "$token" "{\"at\": \"$in_a_day\"}" | field id)")
spare_reminder=$(call POST "/tasks/$shared_task/reminders" "$spare_session" "{\"at\": \"$in_a_day\"}" | field id)
webhook=$(call POST /webhooks "$token" '{"url": "http://127.0.0.1:9/hook", "events": ["task.created", "reminder"]}' \
    | field id)
call POST /tasks "$token" '{"title": "Made after the webhook"}' >/dev/null
# Member 3 only signs out everywhere.
everywhere_session=$(register "$three" | field token)
# Member 4 is nobody's member: the one login that POST /lists/{id}/members can add.
register "$four" >/dev/null

cat >"$work/schemathesis.toml" <<EOF
headers = { Authorization = "Bearer $token" }

[generation]
with-security-parameters = false

[dictionaries.taskIds]
values = ["$task", "$subtask", "$sibling", "$trashed", "$shared_task"]
[dictionaries.listIds]
values = ["$list", "$spare_list", "$inbox", "$trashed_list", "$shared_list"]
[dictionaries.commentIds]
values = ["$comment"]
[dictionaries.accountIds]
values = ["$spare_account", "$(echo "$member" | field account.id)"]
[dictionaries.reminderIds]
values = [$(printf '"%s", ' "${reminder_ids[@]}")"$spare_reminder"]
[dictionaries.webhookIds]
values = ["$webhook"]
[dictionaries.labelIds]
values = ["$label"]
[dictionaries.logins]
values = ["$four", "$four@example.com", "$(echo "$two" | tr a-z A-Z)", "$one"]
[dictionaries.spareTokenIds]
values = ["$spare_revoked"]
[dictionaries.usernames]
values = ["$one", "$(echo "$two" | tr a-z A-Z)"]

[parameters]
"query.list" = { dictionary = "listIds", probability = 0.5 }
"query.parent" = { dictionary = "taskIds", probability = 0.5 }
"query.listId" = { dictionary = "listIds", probability = 0.5 }

[[operations]]
include-path-regex = '^/api/v1/tasks/\{id\}'
[operations.parameters]
"path.id" = { dictionary = "taskIds", probability = 0.7 }
"body.listId" = { dictionary = "listIds", probability = 0.5 }
"body.parentId" = { dictionary = "taskIds", probability = 0.5 }
"body.beforeId" = { dictionary = "taskIds", probability = 0.5 }
"body.afterId" = { dictionary = "taskIds", probability = 0.5 }

[[operations]]
include-operation-id = "createTask"
[operations.parameters]
"body.listId" = { dictionary = "listIds", probability = 0.5 }
"body.parentId" = { dictionary = "taskIds", probability = 0.5 }

# Before the rule for every list path: the first rule that sets parameters decides them all.
[[operations]]
include-path-regex = '^/api/v1/lists/\{id\}/members/\{accountId\}'
[operations.parameters]
"path.id" = { dictionary = "listIds", probability = 0.7 }
"path.accountId" = { dictionary = "accountIds", probability = 0.7 }

[[operations]]
include-operation-id = "addMember"
[operations.parameters]
"path.id" = { dictionary = "listIds", probability = 0.7 }
"body.login" = { dictionary = "logins", probability = 0.7 }

[[operations]]
include-path-regex = '^/api/v1/comments/\{id\}'
[operations.parameters]
"path.id" = { dictionary = "commentIds", probability = 0.7 }

[[operations]]
include-path-regex = '^/api/v1/lists/\{id\}'
[operations.parameters]
"path.id" = { dictionary = "listIds", probability = 0.7 }
"body.beforeId" = { dictionary = "listIds", probability = 0.5 }
"body.afterId" = { dictionary = "listIds", probability = 0.5 }

[[operations]]
include-path-regex = '^/api/v1/reminders/\{id\}'
[operations.parameters]
"path.id" = { dictionary = "reminderIds", probability = 0.7 }

[[operations]]
include-path-regex = '^/api/v1/webhooks/\{id\}'
[operations.parameters]
"path.id" = { dictionary = "webhookIds", probability = 0.7 }

[[operations]]
include-path-regex = '^/api/v1/labels/\{id\}'
[operations.parameters]
"path.id" = { dictionary = "labelIds", probability = 0.7 }

[[operations]]
include-operation-id = "getPublicProfile"
[operations.parameters]
"path.username" = { dictionary = "usernames", probability = 0.5 }

[[operations]]
include-operation-id = "signOut"
headers = { Authorization = "Bearer $spare_signout" }

[[operations]]
include-operation-id = "signOutEverywhere"
headers = { Authorization = "Bearer $everywhere_session" }

[[operations]]
include-operation-id = "revokeToken"
headers = { Authorization = "Bearer $spare_session" }
[operations.parameters]
"path.id" = { dictionary = "spareTokenIds", probability = 0.5 }
EOF

checks=not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance
checks+=,response_headers_conformance
# The event stream never ends by itself, so each generated case would wait out a timeout (8 minutes for the one
# operation); tests/live/events.py checks it, its errors and its event shapes against the live server instead.
args=(run "$base/api/v1/openapi.json" --checks "$checks" --exclude-operation-id streamEvents
    --max-examples "$max_examples" --workers 2 --no-color --generation-database none
    # A busy machine's bcrypt and fsyncs stay well inside this.
    --request-timeout 30
    --report junit --report-junit-path "$work/junit.xml")
[ -n "${SCHEMATHESIS_SEED:-}" ] && args+=(--seed "$SCHEMATHESIS_SEED")
# Extra flags, e.g. SCHEMATHESIS_ARGS="--report har --report-dir /tmp/st" to see every request.
read -r -a extra <<<"${SCHEMATHESIS_ARGS:-}"
args+=("${extra[@]}")
echo "== schemathesis against $base (at most $max_examples examples per operation and phase)"
status=0
# In the background, so that a signal stops the run at once; from the temporary folder, so that schemathesis and
# Hypothesis keep their state there.
(cd "$work" && SCHEMATHESIS_CLIENT_ADDRESSES=1 exec "$root/.venv/bin/python" "$root/scripts/openapi/run_schemathesis.py" --config-file "$work/schemathesis.toml" "${args[@]}") \
    >"$work/schemathesis.out" 2>&1 &
schemathesis_pid=$!
tail -n +1 -f --pid="$schemathesis_pid" "$work/schemathesis.out" &
tail_pid=$!
wait "$schemathesis_pid" || status=$?
wait "$tail_pid" || true
schemathesis_pid=""
tail_pid=""

python3 - "$work/junit.xml" "$work/schemathesis.out" "$status" <<'EOF'
import re
import sys
import xml.etree.ElementTree as ET

junit, output, status = sys.argv[1], open(sys.argv[2], encoding="utf-8", errors="replace").read(), sys.argv[3]
tested = re.search(r"Tested:\s*(\d+)", output)
cases = re.search(r"Test cases:\s*\n\s*(\d+) generated(.*)", output)
failing = []
try:
    for case in ET.parse(junit).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failing.append(case.get("name"))
except (OSError, ET.ParseError):
    pass
print("schemathesis summary: {} operations tested, {} test cases{}; {} failing: {}; exit status {}".format(
    tested.group(1) if tested else "?", cases.group(1) if cases else "?", cases.group(2).rstrip() if cases else "",
    len(failing), ", ".join(failing) or "none", status))
EOF
if grep -qE 'Fatal error|fatal error|Segmentation fault' "$work/server.log"; then
    echo "The server logged a crash:" >&2
    cat "$work/server.log" >&2
    status=1
fi
if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "The server is no longer running." >&2
    status=1
fi
if [ "$status" -ne 0 ]; then
    echo "Server log (last 50 lines):" >&2
    tail -50 "$work/server.log" >&2
fi
exit "$status"
