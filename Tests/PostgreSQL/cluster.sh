#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests, from Debian's postgresql package.
#
#   cluster.sh start DIR   initdb into DIR/data, start it on a free port of 127.0.0.1 with
#                          trust authentication, create the database mobile_ops_test, and
#                          print its URL (also written to DIR/url)
#   cluster.sh pause DIR   stop the server, keeping its data (a database outage)
#   cluster.sh resume DIR  start it again on the same port
#   cluster.sh stop DIR    stop it (fast shutdown) and remove DIR
#
# PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` user the
# package creates; otherwise to the caller. Nothing here listens beyond 127.0.0.1, and the
# settings trade durability for speed (fsync off), which only a throwaway cluster may do.
# Two store passes at once (make test's lanes) migrate and copy dozens of scratch databases
# concurrently, each transaction locking every table it creates: the default lock table
# (64 per connection) ran out ("53200: out of shared memory"), so it holds 256 per connection.
set -euo pipefail

command=${1:?usage: cluster.sh start|pause|resume|stop DIR}
dir=${2:?usage: cluster.sh start|pause|resume|stop DIR}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[[ -x "$bin/initdb" ]] || { echo "cluster.sh: no PostgreSQL server found under /usr/lib/postgresql (apt-get install postgresql)" >&2; exit 1; }

# Runs a PostgreSQL program as the cluster's owner, from / (the caller's folder may be closed
# to that user).
as_owner() {
    if [[ $(id -u) -eq 0 ]]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

# Starts the cluster in $dir on the port recorded in $dir/port.
start_server() {
    as_owner "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait --timeout=60 \
        -o "-c listen_addresses=127.0.0.1 -p $(cat "$dir/port") -k $dir -c fsync=off -c synchronous_commit=on -c full_page_writes=off -c max_connections=300 -c max_locks_per_transaction=256" \
        start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
}

case "$command" in
start)
    mkdir -p "$dir"
    [[ $(id -u) -eq 0 ]] && chown postgres "$dir"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner "$bin/initdb" --pgdata="$dir/data" --auth=trust --username=postgres --encoding=UTF8 --no-sync >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    echo "$port" >"$dir/port"
    start_server
    as_owner "$bin/createdb" --host=127.0.0.1 --port="$port" --username=postgres mobile_ops_test
    url="postgres://postgres@127.0.0.1:$port/mobile_ops_test?sslmode=disable"
    echo "$url" >"$dir/url"
    echo "$url"
    ;;
pause)
    as_owner "$bin/pg_ctl" --pgdata="$dir/data" --mode=fast --wait stop >/dev/null
    ;;
resume)
    start_server
    ;;
stop)
    if [[ -d "$dir/data" ]]; then
        as_owner "$bin/pg_ctl" --pgdata="$dir/data" --mode=fast --wait stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
*)
    echo "cluster.sh: unknown command $command (start, pause, resume or stop)" >&2
    exit 2
    ;;
esac
