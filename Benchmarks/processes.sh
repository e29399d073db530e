# Shared by the benchmark scripts (sourced): stopping the processes they start, and failing
# with a message.

stop() { # pid: SIGTERM, up to 10 s to exit, then SIGKILL
    local pid=$1
    [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 0
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
        kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

die() { echo "run.sh: $*" >&2; exit 1; }
