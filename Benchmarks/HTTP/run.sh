#!/usr/bin/env bash
# HTTP throughput of mobile-ops-server beside a bare Hummingbird "hello" route.
#
# Builds both in release mode, starts them on 127.0.0.1 only, registers 100 repositories,
# reads the server's idle RSS, then loads each route with wrk and prints a markdown table:
# requests/s and p99 latency for GET /healthz, GET /api/v1/repositories (bearer token), the
# bare GET /hello and a bare GET /body of the list's size, each rate as a share of the bare
# /hello one. See README.md.
#
# Settings (environment): DURATION (10s), THREADS (2), CONNECTIONS (64), ROUNDS (3, routes
# interleaved, medians reported), REPOSITORIES (100), LOG_LEVEL (the server's default, info),
# SKIP_BUILD=1 to reuse the last release builds, SERVER_BIN=path to measure another server
# binary (e.g. one linked with --static-swift-stdlib), KEEP_TMP=1 to keep logs and database.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)

DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-64}
ROUNDS=${ROUNDS:-3}
REPOSITORIES=${REPOSITORIES:-100}
LOG_LEVEL=${LOG_LEVEL:-info}
SKIP_BUILD=${SKIP_BUILD:-0}
KEEP_TMP=${KEEP_TMP:-0}
HOST=127.0.0.1
TOKEN="bench-admin-$RANDOM-$RANDOM-$RANDOM-$RANDOM"

# MARK: - Processes and clean-up

TMP=$(mktemp -d "${TMPDIR:-/tmp}/mobile-ops-http-bench.XXXXXX")
SERVER_PID=""
BARE_PID=""

source "$HERE/../processes.sh"

cleanup() {
    stop "$SERVER_PID"
    stop "$BARE_PID"
    if [[ "$KEEP_TMP" == 1 ]]; then echo "kept: $TMP" >&2; else rm -rf "$TMP"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM


for tool in wrk curl swift; do
    command -v "$tool" >/dev/null || die "needs $tool (wrk: apt-get install -y wrk)"
done

free_port() { # a port the kernel just handed out on 127.0.0.1
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_ready() { # url pid name: up to 60 s for a 200
    local url=$1 pid=$2 name=$3
    for _ in $(seq 1 600); do
        kill -0 "$pid" 2>/dev/null || die "$name exited during start-up; its log: $TMP/$name.log"
        curl -fsS --max-time 1 -o /dev/null "$url" 2>/dev/null && return 0
        sleep 0.1
    done
    die "$name did not answer $url within 60 s"
}

rss_kib() { # pid field: VmRSS, VmHWM, RssAnon or RssFile in KiB
    awk -v field="$2:" '$1 == field { print $2 }' "/proc/$1/status"
}

mib() { awk -v k="$1" 'BEGIN { printf "%.1f MiB (%.1f MB)", k / 1024, k * 1024 / 1e6 }'; }

# MARK: - Build

if [[ "$SKIP_BUILD" != 1 ]]; then
    # Both with the project's release flags (static Swift runtime; see the Makefile), so the
    # bare route is built exactly like the server.
    read -r -a RELEASE_FLAGS <<< "$(make -s -C "$ROOT" release-flags)"
    echo "== building mobile-ops-server (${RELEASE_FLAGS[*]}) in $ROOT" >&2
    (cd "$ROOT" && swift build "${RELEASE_FLAGS[@]}" --product mobile-ops-server) >&2
    echo "== building bare-hello (${RELEASE_FLAGS[*]}) in $HERE" >&2
    (cd "$HERE" && swift build "${RELEASE_FLAGS[@]}" --product bare-hello) >&2
fi
# .build/release links to the host triple's release folder (no `--show-bin-path`, which
# would wait for another build holding the package's lock).
SOURCE="$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$ROOT" diff --quiet HEAD -- Sources Package.swift 2>/dev/null || echo " with local changes to Sources/ or Package.swift")"
[[ -n "${SERVER_BIN:-}" ]] && SOURCE="whatever SERVER_BIN was built from"
SERVER_BIN=${SERVER_BIN:-$ROOT/.build/release/mobile-ops-server}
BARE_BIN="$HERE/.build/release/bare-hello"
[[ -x "$SERVER_BIN" ]] || die "no $SERVER_BIN: run without SKIP_BUILD=1"
[[ -x "$BARE_BIN" ]] || die "no $BARE_BIN: run without SKIP_BUILD=1"

pinned() { # Package.resolved package: its pinned version
    awk -v id="\"$2\"" '$0 ~ "\"identity\" : " id { found = 1 } found && /"version"/ { gsub(/[",]/, "", $3); print $3; exit }' "$1" 2>/dev/null
}
for package in hummingbird swift-nio; do
    server_version=$(pinned "$ROOT/Package.resolved" "$package")
    bare_version=$(pinned "$HERE/Package.resolved" "$package")
    echo "== $package: server ${server_version:-?}, bare-hello ${bare_version:-?}" >&2
    [[ "$server_version" == "$bare_version" ]] || echo "run.sh: warning: $package versions differ" >&2
done

# MARK: - Start the server and fill it

SERVER_PORT=$(free_port)
SERVER_URL="http://$HOST:$SERVER_PORT"
mkdir -p "$TMP/pipelines"
# Start from a cold page cache for both binaries, as after a deploy or a reboot. Their code is
# mapped from the page cache, and a file copied or linked moments ago can sit there in large
# blocks that the kernel maps whole around each fault: 1 to 3 MB more resident, varying from
# one copy of the same binary to the next. dd's nocache drops just these files' pages.
dd if="$SERVER_BIN" iflag=nocache count=0 status=none 2>/dev/null || true
dd if="$BARE_BIN" iflag=nocache count=0 status=none 2>/dev/null || true
"$SERVER_BIN" --host "$HOST" --port "$SERVER_PORT" --database "$TMP/mobile-ops.sqlite" \
    --pipelines "$TMP/pipelines" --admin-token "$TOKEN" --log-level "$LOG_LEVEL" \
    >"$TMP/server.out" 2>"$TMP/server.log" &
SERVER_PID=$!
wait_ready "$SERVER_URL/healthz" "$SERVER_PID" server
echo "== server pid $SERVER_PID on $SERVER_URL (log level $LOG_LEVEL)" >&2

AUTH="Authorization: Bearer $TOKEN"
for i in $(seq 1 "$REPOSITORIES"); do
    body=$(printf '{"name":"bench/repository-%03d","provider":"github","cloneURL":"https://git.example.invalid/bench/repository-%03d.git","defaultBranch":"main"}' "$i" "$i")
    status=$(curl -sS --max-time 5 -o "$TMP/create.json" -w '%{http_code}' -X POST \
        -H "$AUTH" -H 'Content-Type: application/json' --data "$body" "$SERVER_URL/api/v1/repositories")
    [[ "$status" == 201 ]] || die "creating repository $i answered $status: $(cat "$TMP/create.json")"
done
curl -fsS --max-time 5 -H "$AUTH" -o "$TMP/list.json" "$SERVER_URL/api/v1/repositories"
listed=$(grep -o '"cloneURL"' "$TMP/list.json" | wc -l || true)
[[ "$listed" == "$REPOSITORIES" ]] || die "GET /api/v1/repositories lists $listed repositories, expected $REPOSITORIES"
LIST_BYTES=$(wc -c <"$TMP/list.json")
echo "== $REPOSITORIES repositories registered; the list is $LIST_BYTES bytes" >&2

# Warm-up: a few hundred requests on each route, then let the server settle.
for _ in $(seq 1 100); do
    curl -fsS --max-time 5 -o /dev/null "$SERVER_URL/healthz" -o /dev/null -H "$AUTH" "$SERVER_URL/api/v1/repositories"
done
sleep 2
IDLE_RSS=$(rss_kib "$SERVER_PID" VmRSS)
IDLE_ANON=$(rss_kib "$SERVER_PID" RssAnon)
IDLE_FILE=$(rss_kib "$SERVER_PID" RssFile)
echo "== server idle RSS after warm-up: $(mib "$IDLE_RSS")" >&2

# MARK: - Bare Hummingbird

BARE_PORT=$(free_port)
BARE_URL="http://$HOST:$BARE_PORT"
"$BARE_BIN" "$BARE_PORT" "$LIST_BYTES" >"$TMP/bare.log" 2>&1 &
BARE_PID=$!
wait_ready "$BARE_URL/hello" "$BARE_PID" bare
[[ "$(curl -fsS --max-time 5 "$BARE_URL/hello")" == Hello ]] || die "bare-hello did not answer Hello"
[[ "$(curl -fsS --max-time 5 "$BARE_URL/body" | wc -c)" == "$LIST_BYTES" ]] || die "bare-hello /body is not $LIST_BYTES bytes"
for _ in $(seq 1 100); do curl -fsS --max-time 5 -o /dev/null "$BARE_URL/hello"; done
sleep 2
BARE_IDLE_RSS=$(rss_kib "$BARE_PID" VmRSS)
BARE_IDLE_ANON=$(rss_kib "$BARE_PID" RssAnon)
echo "== bare-hello pid $BARE_PID on $BARE_URL, idle RSS $(mib "$BARE_IDLE_RSS")" >&2

# MARK: - Load

seconds=${DURATION%s}
[[ "$seconds" =~ ^[0-9]+$ ]] || die "DURATION must be whole seconds like 10s, not '$DURATION'"

to_ms() { # wrk duration (850.00us, 1.23ms, 2.00s, 1.00m) -> milliseconds
    awk -v v="$1" 'BEGIN {
        n = v + 0; u = v; sub(/^[0-9.]+/, "", u)
        if (u == "us") n /= 1000; else if (u == "s") n *= 1000; else if (u == "m") n *= 60000
        printf "%.2f", n
    }'
}

cpu_ticks() { # pid: user + system CPU time so far, in clock ticks
    awk '{ print $14 + $15 }' "/proc/$1/stat"
}
TICKS_PER_SECOND=$(getconf CLK_TCK)

# run_wrk name pid url [header]: one wrk run against the process pid; appends
# "name rps p99ms cpu-us-per-request" to $TMP/results. CPU time per request is the serving
# process's own, so it is less skewed than requests/s by other work on the machine.
run_wrk() {
    local name=$1 pid=$2 url=$3 out="$TMP/wrk-$1-$round.txt"
    local args=(-t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency --timeout 5s)
    [[ $# -ge 4 ]] && args+=(-H "$4")
    echo "== round $round: wrk ${args[*]/$TOKEN/<token>} $url" >&2
    local ticks_before ticks_after
    ticks_before=$(cpu_ticks "$pid")
    timeout $((seconds + 60)) wrk "${args[@]}" "$url" >"$out"
    ticks_after=$(cpu_ticks "$pid")
    sed 's/^/   | /' "$out" >&2
    if grep -q -e 'Non-2xx or 3xx responses' -e 'Socket errors' "$out"; then
        die "wrk saw errors on $url (see above): the figures would not be of the route itself"
    fi
    local rps p99 requests cpu_us
    rps=$(awk '/^Requests\/sec:/ { print $2 }' "$out")
    p99=$(awk '$1 == "99%" { print $2 }' "$out")
    requests=$(awk '$2 == "requests" && $3 == "in" { print $1 }' "$out")
    [[ -n "$rps" && -n "$p99" && -n "$requests" ]] || die "could not read wrk's output for $url"
    cpu_us=$(awk -v t=$((ticks_after - ticks_before)) -v hz="$TICKS_PER_SECOND" -v n="$requests" 'BEGIN { printf "%.1f", t / hz * 1e6 / n }')
    echo "$name $rps $(to_ms "$p99") $cpu_us" >>"$TMP/results"
}

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
echo "== load average before the runs: $LOAD_BEFORE (other work on the machine skews every figure)" >&2
: >"$TMP/results"
for round in $(seq 1 "$ROUNDS"); do
    run_wrk bare "$BARE_PID" "$BARE_URL/hello"
    run_wrk body "$BARE_PID" "$BARE_URL/body"
    run_wrk healthz "$SERVER_PID" "$SERVER_URL/healthz"
    run_wrk list "$SERVER_PID" "$SERVER_URL/api/v1/repositories" "$AUTH"
done
PEAK_RSS=$(rss_kib "$SERVER_PID" VmHWM)
AFTER_RSS=$(rss_kib "$SERVER_PID" VmRSS)

# MARK: - Report

median() { # name column -> median over the rounds
    awk -v n="$1" -v c="$2" '$1 == n { print $c }' "$TMP/results" | sort -g |
        awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
all() { awk -v n="$1" -v c="$2" '$1 == n { printf "%s%s", sep, $c; sep = ", " }' "$TMP/results"; }

BARE_RPS=$(median bare 2)
row() { # name label
    local rps p99 cpu
    rps=$(median "$1" 2)
    p99=$(median "$1" 3)
    cpu=$(median "$1" 4)
    awk -v label="$2" -v rps="$rps" -v p99="$p99" -v cpu="$cpu" -v bare="$BARE_RPS" -v runs="$(all "$1" 2)" -v p99s="$(all "$1" 3)" \
        'BEGIN { printf "| %s | %.0f | %.2f | %.0f%% | %.0f | %s | %s |\n", label, rps, p99, 100 * rps / bare, cpu, runs, p99s }'
}

LIST_RATIO=$(awk -v a="$(median list 2)" -v b="$BARE_RPS" 'BEGIN { printf "%.0f", 100 * a / b }')
BODY_RATIO=$(awk -v a="$(median list 2)" -v b="$(median body 2)" 'BEGIN { printf "%.0f", 100 * a / b }')
HEALTH_RATIO=$(awk -v a="$(median healthz 2)" -v b="$BARE_RPS" 'BEGIN { printf "%.0f", 100 * a / b }')
verdict() { if awk -v a="$1" -v op="$2" -v b="$3" 'BEGIN { exit !(op == ">=" ? a >= b : a < b) }'; then echo met; else echo "NOT met"; fi; }

cat <<EOF

### HTTP throughput ($(date -u +%Y-%m-%d), $(nproc) cores, wrk -t$THREADS -c$CONNECTIONS -d$DURATION on 127.0.0.1, median of $ROUNDS rounds)

| route | requests/s | p99 latency (ms) | of bare | server CPU µs/request | requests/s per round | p99 per round (ms) |
|---|---:|---:|---:|---:|---|---|
$(row bare "bare Hummingbird \`GET /hello\`")
$(row body "bare Hummingbird \`GET /body\` (a fixed $LIST_BYTES-byte body, the list's size)")
$(row healthz "\`GET /healthz\`")
$(row list "\`GET /api/v1/repositories\` ($REPOSITORIES repositories, $LIST_BYTES bytes, bearer token)")

- list / bare: **$LIST_RATIO%** (target at least 50%: $(verdict "$LIST_RATIO" ">=" 50)); healthz / bare: **$HEALTH_RATIO%**; list / bare body of the same size: $BODY_RATIO%
- server RSS idle after start-up, $REPOSITORIES repositories and warm-up: **$(mib "$IDLE_RSS")** (target under 40 MB: $(verdict "$((IDLE_RSS * 1024))" "<" 40000000)), of which anonymous (heap, stacks) $(mib "$IDLE_ANON") and file-backed (code of the binary and shared libraries) $(mib "$IDLE_FILE"); after the load: $(mib "$AFTER_RSS"), peak $(mib "$PEAK_RSS")
- bare-hello RSS idle: $(mib "$BARE_IDLE_RSS"), of which anonymous $(mib "$BARE_IDLE_ANON")
- server binary: \`${SERVER_BIN#"$ROOT/"}\` ($(ldd "$SERVER_BIN" 2>/dev/null | grep -c 'libswiftCore\.so' | sed 's/^0$/Swift runtime linked statically/; s/^1$/Swift runtime linked dynamically/'))
- source: $SOURCE; server log level: $LOG_LEVEL; load average before the runs: $LOAD_BEFORE, after: $(cut -d' ' -f1-3 /proc/loadavg)
EOF
