#!/usr/bin/env bash
# The build cache's GET and PUT throughput beside nginx serving the same files from disk.
#
# Builds mobile-ops-server in release mode, starts it (SQLite, cache in a temporary folder) and
# nginx (the same blobs under the same paths in a folder it serves, WebDAV PUT for uploads) on
# 127.0.0.1 only, then loads both with wrk: GET and PUT of 4 KiB, 1 MiB and 50 MiB entries at
# 16 concurrent clients, interleaved server / nginx. Reports requests/s and p99 of each, the
# server's share of nginx's, and the server's resident memory above idle while 16 clients stream
# 50 MiB entries (the peak of VmRSS sampled every 100 ms). With SPREAD_KEYS, also GETs of 4 KiB
# spread over that many entries, none read again soon: a hit on an entry not read lately, which
# the server reads from its file rather than from memory. See README.md.
#
# Settings (environment): DURATION (10s), THREADS (2), CONNECTIONS (16), ROUNDS (1; medians
# reported), SIZES ("4096 1048576 52428800"), SPREAD_KEYS (20000; 0 for none), LOG_LEVEL (the server's default, info),
# SKIP_BUILD=1 to reuse the last release build, SERVER_BIN=path to measure another binary,
# KEEP_TMP=1 to keep logs and wrk output.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)

DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-16}
ROUNDS=${ROUNDS:-1}
SIZES=${SIZES:-"4096 1048576 52428800"}
SPREAD_KEYS=${SPREAD_KEYS:-20000}
LOG_LEVEL=${LOG_LEVEL:-info}
SKIP_BUILD=${SKIP_BUILD:-0}
KEEP_TMP=${KEEP_TMP:-0}
HOST=127.0.0.1
TOKEN="bench-admin-$RANDOM-$RANDOM-$RANDOM-$RANDOM"

# MARK: - Processes and clean-up

TMP=$(mktemp -d "${TMPDIR:-/tmp}/mobile-ops-cache-bench.XXXXXX")
SERVER_PID=""
NGINX_PID=""
SAMPLER_PID=""

source "$HERE/../processes.sh"

cleanup() {
    stop "$SAMPLER_PID"
    stop "$SERVER_PID"
    # nginx's master stops its workers on SIGTERM.
    stop "$NGINX_PID"
    if [[ "$KEEP_TMP" == 1 ]]; then echo "kept: $TMP" >&2; else rm -rf "$TMP"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM


for tool in wrk curl swift python3; do
    command -v "$tool" >/dev/null || die "needs $tool (wrk: apt-get install -y wrk)"
done
NGINX=${NGINX:-/usr/sbin/nginx}
[[ -x "$NGINX" ]] || die "needs nginx (apt-get install -y nginx)"

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_ready() { # url pid name: up to 60 s for a 2xx
    local url=$1 pid=$2 name=$3
    for _ in $(seq 1 600); do
        kill -0 "$pid" 2>/dev/null || die "$name exited during start-up; see $TMP"
        curl -fsS --max-time 1 -o /dev/null "$url" 2>/dev/null && return 0
        sleep 0.1
    done
    die "$name did not answer $url within 60 s"
}

rss_kib() { awk '$1 == "VmRSS:" { print $2 }' "/proc/$1/status"; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f MiB (%.1f MB)", k / 1024, k * 1024 / 1e6 }'; }
label() { awk -v b="$1" 'BEGIN { if (b >= 1048576) printf "%g MiB", b / 1048576; else printf "%g KiB", b / 1024 }'; }

# MARK: - Build

if [[ "$SKIP_BUILD" != 1 && -z "${SERVER_BIN:-}" ]]; then
    read -r -a RELEASE_FLAGS <<< "$(make -s -C "$ROOT" release-flags)"
    echo "== building mobile-ops-server (${RELEASE_FLAGS[*]}) in $ROOT" >&2
    (cd "$ROOT" && swift build "${RELEASE_FLAGS[@]}" --product mobile-ops-server) >&2
fi
SOURCE="$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$ROOT" diff --quiet HEAD -- Sources Package.swift 2>/dev/null || echo " with local changes to Sources/ or Package.swift")"
[[ -n "${SERVER_BIN:-}" ]] && SOURCE="whatever SERVER_BIN was built from"
SERVER_BIN=${SERVER_BIN:-$ROOT/.build/release/mobile-ops-server}
[[ -x "$SERVER_BIN" ]] || die "no $SERVER_BIN: run without SKIP_BUILD=1"

# MARK: - The blobs

mkdir -p "$TMP/blobs" "$TMP/nginx/root/cache/gradle/bench" "$TMP/pipelines"
for size in $SIZES; do
    head -c "$size" /dev/urandom >"$TMP/blobs/$size"
    cp "$TMP/blobs/$size" "$TMP/nginx/root/cache/gradle/bench/get-$size"
done
echo ok >"$TMP/nginx/root/ready"

# MARK: - The server

SERVER_PORT=$(free_port)
SERVER_URL="http://$HOST:$SERVER_PORT"
MOBILE_OPS_CACHE="$TMP/cache" "$SERVER_BIN" --host "$HOST" --port "$SERVER_PORT" --database "$TMP/mobile-ops.sqlite" \
    --pipelines "$TMP/pipelines" --admin-token "$TOKEN" --log-level "$LOG_LEVEL" >"$TMP/server.out" 2>"$TMP/server.log" &
SERVER_PID=$!
wait_ready "$SERVER_URL/healthz" "$SERVER_PID" server
BASIC="Authorization: Basic $(printf 'bench:%s' "$TOKEN" | base64 -w0)"
for size in $SIZES; do
    status=$(curl -sS --max-time 60 -o /dev/null -w '%{http_code}' -X PUT -H "$BASIC" --data-binary "@$TMP/blobs/$size" "$SERVER_URL/cache/gradle/bench/get-$size")
    [[ "$status" == 201 ]] || die "storing the $size-byte entry answered $status"
done

# SPREAD_KEYS entries of 4 KiB in both, stored through the server's API over one connection.
if [[ "$SPREAD_KEYS" -gt 0 ]]; then
    head -c 4096 /dev/urandom >"$TMP/blobs/spread"
    python3 - "$SERVER_PORT" "$TOKEN" "$SPREAD_KEYS" "$TMP/blobs/spread" "$TMP/nginx/root/cache/gradle/bench" <<'PY' || die "storing the spread entries failed"
import base64, http.client, shutil, sys
port, token, count, blob, folder = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
body = open(blob, "rb").read()
auth = "Basic " + base64.b64encode(("bench:" + token).encode()).decode()
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
for index in range(count):
    connection.request("PUT", "/cache/gradle/bench/spread-%d" % index, body, {"Authorization": auth})
    response = connection.getresponse()
    response.read()
    if response.status != 201:
        sys.exit("PUT spread-%d answered %d" % (index, response.status))
    shutil.copyfile(blob, "%s/spread-%d" % (folder, index))
PY
fi

# MARK: - nginx

NGINX_PORT=$(free_port)
NGINX_URL="http://$HOST:$NGINX_PORT"
USER_LINE=""
[[ "$(id -u)" == 0 ]] && USER_LINE="user root;"
cat >"$TMP/nginx/nginx.conf" <<CONF
$USER_LINE
worker_processes auto;
daemon off;
pid $TMP/nginx/nginx.pid;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    client_body_temp_path $TMP/nginx/body;
    proxy_temp_path $TMP/nginx/proxy;
    fastcgi_temp_path $TMP/nginx/fastcgi;
    uwsgi_temp_path $TMP/nginx/uwsgi;
    scgi_temp_path $TMP/nginx/scgi;
    server {
        listen $HOST:$NGINX_PORT;
        root $TMP/nginx/root;
        client_max_body_size 0;
        location / {
            dav_methods PUT;
            create_full_put_path on;
        }
    }
}
CONF
"$NGINX" -p "$TMP/nginx" -e "$TMP/nginx/error.log" -c "$TMP/nginx/nginx.conf" &
NGINX_PID=$!
wait_ready "$NGINX_URL/ready" "$NGINX_PID" nginx
for size in $SIZES; do
    [[ "$(curl -fsS --max-time 60 "$NGINX_URL/cache/gradle/bench/get-$size" | cmp - "$TMP/blobs/$size" && echo same)" == same ]] \
        || die "nginx does not serve the $size-byte blob"
    [[ "$(curl -fsS --max-time 60 -H "$BASIC" "$SERVER_URL/cache/gradle/bench/get-$size" | cmp - "$TMP/blobs/$size" && echo same)" == same ]] \
        || die "the server does not serve the $size-byte entry"
done

# Warm-up: a few requests on each, then let the server settle and read its idle RSS.
for _ in $(seq 1 20); do
    curl -fsS --max-time 30 -o /dev/null -H "$BASIC" "$SERVER_URL/cache/gradle/bench/get-4096"
    curl -fsS --max-time 30 -o /dev/null "$NGINX_URL/cache/gradle/bench/get-4096"
done
sleep 2
IDLE_RSS=$(rss_kib "$SERVER_PID")
echo "== server pid $SERVER_PID on $SERVER_URL, nginx on $NGINX_URL; server idle RSS $(mib "$IDLE_RSS")" >&2

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

# wrk's PUT: the body is the file BODY_FILE names, read once per thread.
cat >"$TMP/put.lua" <<'LUA'
local file = assert(io.open(os.getenv("BODY_FILE"), "rb"))
wrk.method = "PUT"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/octet-stream"
LUA

# wrk's spread GET: each thread walks the SPREAD_KEYS entries from its own starting point.
cat >"$TMP/spread.lua" <<'LUA'
local keys = tonumber(os.getenv("SPREAD_KEYS"))
local threads = 0
function setup(thread)
    thread:set("position", threads * math.floor(keys / 2))
    threads = threads + 1
end
function request()
    position = (position + 1) % keys
    return wrk.format("GET", "/cache/gradle/bench/spread-" .. position)
end
LUA

# sample pid: VmRSS every 100 ms into $TMP/rss-<name> until stopped.
sample() {
    local pid=$1 out=$2
    while kill -0 "$pid" 2>/dev/null; do rss_kib "$pid" >>"$out" 2>/dev/null || true; sleep 0.1; done
}

# run_wrk name method size target: one wrk run; appends "name rps p99ms peakRSSKiB" to results.
run_wrk() {
    local name=$1 method=$2 size=$3 target=$4 out="$TMP/wrk-$1-$round.txt"
    local base url pid
    if [[ "$target" == server ]]; then base=$SERVER_URL; pid=$SERVER_PID; else base=$NGINX_URL; pid=$NGINX_PID; fi
    case $method in
        GET) url="$base/cache/gradle/bench/get-$size" ;;
        PUT) url="$base/cache/gradle/bench/put-$size" ;;
        SPREAD) url="$base/cache/gradle/bench/spread" ;;
    esac
    local args=(-t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency --timeout 60s)
    [[ "$target" == server ]] && args+=(-H "$BASIC")
    [[ "$method" == PUT ]] && args+=(-s "$TMP/put.lua")
    [[ "$method" == SPREAD ]] && args+=(-s "$TMP/spread.lua")
    echo "== round $round: $method $(label "$size") against $target: wrk ${args[*]/"$BASIC"/Authorization: Basic <bench:token>} $url" >&2
    : >"$TMP/rss-$name"
    sample "$pid" "$TMP/rss-$name" &
    SAMPLER_PID=$!
    SPREAD_KEYS=$SPREAD_KEYS BODY_FILE="$TMP/blobs/$size" timeout $((seconds + 120)) wrk "${args[@]}" "$url" >"$out"
    stop "$SAMPLER_PID"
    SAMPLER_PID=""
    sed 's/^/   | /' "$out" >&2
    if grep -q -e 'Non-2xx or 3xx responses' -e 'Socket errors' "$out"; then
        die "wrk saw errors on $method $url (see above)"
    fi
    local rps p99 peak
    rps=$(awk '/^Requests\/sec:/ { print $2 }' "$out")
    p99=$(awk '$1 == "99%" { print $2 }' "$out")
    [[ -n "$rps" && -n "$p99" ]] || die "could not read wrk's output for $url"
    peak=$(sort -n "$TMP/rss-$name" | tail -1)
    echo "$name $rps $(to_ms "$p99") ${peak:-0}" >>"$TMP/results"
}

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
echo "== load average before the runs: $LOAD_BEFORE (other work on the machine skews every figure)" >&2
: >"$TMP/results"
for round in $(seq 1 "$ROUNDS"); do
    for size in $SIZES; do
        for method in GET PUT; do
            run_wrk "server-$method-$size" "$method" "$size" server
            run_wrk "nginx-$method-$size" "$method" "$size" nginx
        done
    done
    if [[ "$SPREAD_KEYS" -gt 0 ]]; then
        run_wrk "server-SPREAD-4096" SPREAD 4096 server
        run_wrk "nginx-SPREAD-4096" SPREAD 4096 nginx
    fi
done

# MARK: - Report

median() { # name column -> median over the rounds
    awk -v n="$1" -v c="$2" '$1 == n { print $c }' "$TMP/results" | sort -g |
        awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
peak() { awk -v n="$1" '$1 == n && $4 > max { max = $4 } END { print max + 0 }' "$TMP/results"; }
verdict() { if awk -v a="$1" -v op="$2" -v b="$3" 'BEGIN { exit !(op == ">=" ? a >= b : a <= b) }'; then echo met; else echo "NOT met"; fi; }

row() { # method size
    local method=$1 size=$2 s_rps s_p99 n_rps n_p99
    s_rps=$(median "server-$method-$size" 2); s_p99=$(median "server-$method-$size" 3)
    n_rps=$(median "nginx-$method-$size" 2); n_p99=$(median "nginx-$method-$size" 3)
    local what
    what="$(label "$size")"
    [[ "$method" == SPREAD ]] && { method=GET; what="$what, $SPREAD_KEYS entries"; }
    awk -v m="$method" -v l="$what" -v sr="$s_rps" -v sp="$s_p99" -v nr="$n_rps" -v np="$n_p99" -v b="$size" \
        'BEGIN { printf "| %s %s | %.0f | %.1f | %.2f | %.0f | %.1f | %.2f | %.0f%% | %.2f× |\n", m, l, sr, sr * b / 1048576, sp, nr, nr * b / 1048576, np, 100 * sr / nr, sp / np }'
}

largest=$(for size in $SIZES; do echo "$size"; done | sort -n | tail -1)
GET_PEAK=$(peak "server-GET-$largest")
PUT_PEAK=$(peak "server-PUT-$largest")

{
    echo
    echo "### Build cache against nginx ($(date -u +%Y-%m-%d), $(nproc) cores, wrk -t$THREADS -c$CONNECTIONS -d$DURATION on 127.0.0.1, median of $ROUNDS rounds)"
    echo
    echo "| request | server req/s | server MiB/s | server p99 (ms) | nginx req/s | nginx MiB/s | nginx p99 (ms) | server / nginx req/s | p99 server / nginx |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    for size in $SIZES; do row GET "$size"; done
    [[ "$SPREAD_KEYS" -gt 0 ]] && row SPREAD 4096
    for size in $SIZES; do row PUT "$size"; done
    echo
    for size in $SIZES; do
        ratio=$(awk -v a="$(median "server-GET-$size" 2)" -v b="$(median "nginx-GET-$size" 2)" 'BEGIN { printf "%.0f", 100 * a / b }')
        p99=$(awk -v a="$(median "server-GET-$size" 3)" -v b="$(median "nginx-GET-$size" 3)" 'BEGIN { printf "%.2f", a / b }')
        echo "- GET $(label "$size"): **$ratio%** of nginx's requests/s (target at least 70%: $(verdict "$ratio" ">=" 70)); p99 **${p99}×** nginx's (target at most 2×: $(verdict "$p99" "<=" 2))"
    done
    if [[ "$SPREAD_KEYS" -gt 0 ]]; then
        ratio=$(awk -v a="$(median "server-SPREAD-4096" 2)" -v b="$(median "nginx-SPREAD-4096" 2)" 'BEGIN { printf "%.0f", 100 * a / b }')
        echo "- GET 4 KiB spread over $SPREAD_KEYS entries (each read from its file, not from memory): **$ratio%** of nginx's requests/s (target at least 70%: $(verdict "$ratio" ">=" 70))"
    fi
    echo "- server RSS idle after warm-up: $(mib "$IDLE_RSS"); peak while $CONNECTIONS clients GET $(label "$largest") entries: $(mib "$GET_PEAK"), **$(mib $((GET_PEAK - IDLE_RSS)))** above idle; while they PUT them: $(mib "$PUT_PEAK"), **$(mib $((PUT_PEAK - IDLE_RSS)))** above idle (target under 100 MB above idle: $(verdict "$(( (GET_PEAK > PUT_PEAK ? GET_PEAK : PUT_PEAK) - IDLE_RSS ))" "<=" 97656))"
    echo "- server binary: \`${SERVER_BIN#"$ROOT/"}\`; source: $SOURCE; server log level: $LOG_LEVEL; cache in a folder on $(df -T "$TMP" | awk 'NR == 2 { print $2 }'); nginx $("$NGINX" -v 2>&1 | sed 's/^nginx version: //') with sendfile, WebDAV PUT"
    echo "- load average before the runs: $LOAD_BEFORE, after: $(cut -d' ' -f1-3 /proc/loadavg)"
}
