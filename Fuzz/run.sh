#!/usr/bin/env bash
# Runs each libFuzzer target for FUZZ_SECONDS (default 60) and prints its executions and coverage.
# Seeds come from Fuzz/corpus/<target>/ (from the test fixtures; read only); what the fuzzer learns
# goes to .build/fuzz/<target>/. A crash or hang is saved under Fuzz/crashes/ and fails the run:
# fix it, and add the input to the tests as a regression case.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-"subtitles curve keyframes images arguments metal shards batch"}
mkdir -p Fuzz/crashes .build/fuzz
status=0
printf '%-12s %10s %8s %8s %8s  %s\n' target executions exec/s cov ft result
for t in $targets; do
    mkdir -p ".build/fuzz/$t"
    log=".build/fuzz/$t.log"
    # Swift's own crash backtracer would take the signal first; libFuzzer's handler saves the input.
    SWIFT_BACKTRACE=enable=no Fuzz/.build/debug/fuzz-$t ".build/fuzz/$t" "Fuzz/corpus/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
        -artifact_prefix="Fuzz/crashes/$t-" -print_final_stats=1 >"$log" 2>&1
    code=$?
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$')
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
    if [ $code -eq 0 ]; then result=clean; else result="FAILED (exit $code): see $log and Fuzz/crashes/"; status=1; fi
    printf '%-12s %10s %8s %8s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$result"
done
exit $status
