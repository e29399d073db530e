#!/usr/bin/env bash
# Runs make test's passes, LANES at a time, after the tests were built.
#
#   Tests/run-passes.sh LOG_DIR PASS...
#
# A pass is a test target (`StoreTests`: the tests of `swift test --filter '^StoreTests\.'`),
# a target with its test servers' clock moved (`ServerTests@364`), or `fuzz` (the short
# Schemathesis pass, FUZZ_COMMAND with TEST_FUZZ_SECONDS). Each pass is a process of its
# own whose output goes to LOG_DIR/PASS.log and is printed whole once it ends, so a failing
# pass's output stays together and a crash in one cannot take the others' results with it.
# Most of a pass's time is spent waiting on child processes, loopback HTTP and PostgreSQL,
# so passes overlap; give the longest first. Exits 1, naming them, when any pass failed.
#
# The passes run the built test bundle themselves, as `swift test --skip-build` would: two
# `swift test` processes on one .build folder take turns (SwiftPM locks it) instead of
# running at once.
#
# Environment: SWIFT (default swift), LANES (default 2), FUZZ_COMMAND, TEST_FUZZ_SECONDS.
set -uo pipefail

log_dir=${1:?usage: run-passes.sh LOG_DIR PASS...}
shift
swift=${SWIFT:-swift}
lanes=${LANES:-2}
mkdir -p "$log_dir"
bundle="$("$swift" build --show-bin-path)/mobile-opsPackageTests.xctest"
[[ -x $bundle ]] || { echo "run-passes.sh: no test bundle at $bundle: build the tests first" >&2; exit 1; }
# What swift test adds to the environment of a bundle whose output is not a terminal.
export NO_COLOR=1

# run_tests TARGET: the target's swift-testing tests, as `swift test --filter '^TARGET\.'`.
run_tests() {
    "$bundle" --testing-library swift-testing --filter "^$1\\."
}

# run_pass PASS: runs one pass, its output to its log; its status is the pass's.
run_pass() {
    local pass=$1 log="$log_dir/$1.log"
    case $pass in
    fuzz)
        bash -c "$FUZZ_COMMAND --seconds ${TEST_FUZZ_SECONDS:-60}" >"$log" 2>&1
        ;;
    *@*)
        MOBILE_OPS_TEST_DATE_SHIFT_DAYS=${pass#*@} run_tests "${pass%@*}" >"$log" 2>&1
        ;;
    *)
        run_tests "$pass" >"$log" 2>&1
        ;;
    esac
}

# report PASS STATUS SECONDS: prints a finished pass's output under a header.
report() {
    local verdict=passed
    [[ $2 -eq 0 ]] || verdict="FAILED (exit $2)"
    echo "== $1"
    cat "$log_dir/$1.log"
    echo "== $1: $verdict after $3 s"
}

declare -A started=()
declare -A pass_of=()
failed=""

# reap: waits for any one running pass and reports it.
reap() {
    local pid status
    wait -n -p pid
    status=$?
    local pass=${pass_of[$pid]}
    report "$pass" "$status" $(( SECONDS - ${started[$pass]} ))
    [[ $status -eq 0 ]] || failed="$failed $pass"
    unset "pass_of[$pid]"
}

for pass in "$@"; do
    while (( ${#pass_of[@]} >= lanes )); do reap; done
    started[$pass]=$SECONDS
    run_pass "$pass" &
    pass_of[$!]=$pass
done
while (( ${#pass_of[@]} > 0 )); do reap; done

if [[ -n $failed ]]; then
    # CI keeps only the last lines of the output: repeat each failed pass's first failures
    # here, one short line each, so the tail names the failing tests and why.
    for pass in $failed; do
        echo "== $pass: what failed"
        grep -E 'recorded an issue|Fatal error|Traceback|FAILED' "$log_dir/$pass.log" | head -n 8 | cut -c 1-400 |
            grep . || tail -n 5 "$log_dir/$pass.log" | cut -c 1-400
    done
    echo "failed:$failed"
    exit 1
fi
