#!/usr/bin/env bash
# /healthz latency for a new client while 200 slowloris connections are open.
#
# Starts the release server (SERVER_BIN to measure another binary) on 127.0.0.1 with a fresh
# database, runs slowloris.py for SECONDS (first argument, default 60), prints p50/p99 against
# the same run's baseline and stops the server; exits 1 when p99 reaches 100 ms or a request
# fails. Bounded: the script's own deadline and 10 s client timeouts end it. MOBILE_OPS_HEADER_TIMEOUT_SECONDS etc. pass through.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SECONDS_TO_RUN=${1:-60}
SERVER_BIN=${SERVER_BIN:-$ROOT/.build/release/mobile-ops-server}
PORT=${PORT:-18931}
[[ -x "$SERVER_BIN" ]] || { echo "run.sh: no server at $SERVER_BIN (make bench builds it)" >&2; exit 1; }

TMP=$(mktemp -d "${TMPDIR:-/tmp}/mobile-ops-slowloris.XXXXXX")
mkdir -p "$TMP/pipelines"
MOBILE_OPS_HOST=127.0.0.1 MOBILE_OPS_PORT=$PORT MOBILE_OPS_DATABASE="$TMP/db.sqlite" \
    MOBILE_OPS_PIPELINES="$TMP/pipelines" MOBILE_OPS_ADMIN_TOKEN="slowloris-bench-$RANDOM-$RANDOM-$RANDOM" \
    MOBILE_OPS_LOG_LEVEL=${MOBILE_OPS_LOG_LEVEL:-error} "$SERVER_BIN" >"$TMP/server.log" 2>&1 &
SERVER_PID=$!
trap 'kill -TERM "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; rm -rf "$TMP"' EXIT

for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done
python3 "$HERE/slowloris.py" "$PORT" "$SECONDS_TO_RUN"
