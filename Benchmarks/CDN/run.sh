#!/usr/bin/env bash
# deps resolving ~20 real-world iOS pods (Firebase's family, Alamofire, Moya, Rx, Kingfisher, ...)
# from a CocoaPods CDN served on 127.0.0.1 with 50 ms added to every response: cold (empty
# cache), warm (same cache, no lock: no request expected) and `deps repo update` (revalidation:
# 304s). Whole processes, wall-clock medians; requests by kind from the server's log, against
# the per-version sweep (fetching every listed version's podspec of every package touched).
#
# Usage: Benchmarks/CDN/run.sh
# Environment:
#   COLD_RUNS (5), WARM_RUNS (5)   runs per measurement (each cold run has a fresh cache)
#   DELAY_MS (50)                   added to every response
#   FILLER (120000)                 unrelated pods in the shard indexes (trunk's size: ~30 a shard)
#   DEPS_BIN                        the deps to measure (default: built here in release, scratch
#                                   .build-cdnbench)
#   DEPS_BENCH_DIR                  the work folder (default /tmp/deps-bench-cdn); the CDN tree is
#                                   kept there between runs (delete the folder to regenerate it)
#   PROFILE=1                       also `strace -f -c` one cold run (syscalls, child processes)
set -euo pipefail
cd "$(dirname "$0")/../.."
repo_root="$PWD"
here="$repo_root/Benchmarks/CDN"
cold_runs="${COLD_RUNS:-5}"
warm_runs="${WARM_RUNS:-5}"
delay_ms="${DELAY_MS:-50}"
filler="${FILLER:-120000}"
work="${DEPS_BENCH_DIR:-/tmp/deps-bench-cdn}"
fixture="$work/fixture-$filler"
run="$work/run"

if [ -z "${DEPS_BIN:-}" ]; then
    echo "building deps (release, .build-cdnbench)" >&2
    swift build -c release --product deps --static-swift-stdlib --scratch-path .build-cdnbench >/dev/null
    DEPS_BIN="$repo_root/.build-cdnbench/release/deps"
fi

if [ ! -f "$fixture/cdn/CocoaPods-version.yml" ]; then
    echo "generating the CDN tree in $fixture" >&2
    rm -rf "$fixture"
    python3 "$here/generate.py" "$fixture" "$filler"
fi
rm -rf "$run" && mkdir -p "$run"

# --- the server ------------------------------------------------------------------------------
log="$run/server.log"
: >"$log"
python3 "$here/server.py" "$fixture/cdn" "$run/port" "$log" "$delay_ms" 2>"$run/server.stderr" &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -s "$run/port" ] && break; sleep 0.05; done
[ -s "$run/port" ] || { echo "the server did not start" >&2; cat "$run/server.stderr" >&2; exit 1; }
port=$(cat "$run/port")
url="http://127.0.0.1:$port/"
echo "serving $fixture/cdn at $url (+${delay_ms} ms a response)" >&2

# --- the project -----------------------------------------------------------------------------
project="$run/App"
mkdir -p "$project"
cat >"$project/Depsfile" <<DEPSFILE
sources:
  - $url
platform: ios 15.0
dependencies:
  Firebase/Analytics:
  Firebase/Crashlytics:
  Firebase/Messaging:
  Alamofire: ~> 5.6
  Moya: ~> 15.0
  Moya/RxSwift: ~> 15.0
  RxSwift: ~> 6.0
  RxCocoa: ~> 6.0
  Kingfisher:
  SnapKit:
  SDWebImage:
  lottie-ios:
  RealmSwift:
  SwiftyJSON:
DEPSFILE

# --- timing ----------------------------------------------------------------------------------
lines() { wc -l <"$log" | tr -d ' '; }
# timed NAME COMMAND...: runs COMMAND in the project, appends its wall time (ms) to $run/NAME.times,
# keeps its output in $run/NAME.out and the log lines it caused in $run/NAME.range.
timed() {
    local name="$1" start end before
    shift
    before=$(lines)
    start=$(date +%s%N)
    if ! (cd "$project" && "$@") >"$run/$name.out" 2>&1; then
        echo "failed: $*" >&2; cat "$run/$name.out" >&2; exit 1
    fi
    end=$(date +%s%N)
    sleep 0.1 # let the server log the last answer
    echo $(((end - start) / 1000000)) >>"$run/$name.times"
    echo "$before $(lines)" >"$run/$name.range"
}
median() { sort -n "$1" | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
all() { sort -n "$1" | tr '\n' ' '; }
summary() { # summary NAME: the requests of the last run called NAME
    read -r first last <"$run/$1.range"
    python3 "$here/report.py" run "$log" "$first" "$last"
}

# Cold: a fresh cache and no lock each time.
for i in $(seq "$cold_runs"); do
    rm -rf "$run/cache" "$project/Depsfile.lock"
    DEPS_CACHE_DIR="$run/cache" timed cold "$DEPS_BIN" install --lock-only
    cp "$run/cold.range" "$run/cold-$i.range"
done
read -r cold_first cold_last <"$run/cold-1.range"

# Warm: the last cold run's cache, no lock.
for i in $(seq "$warm_runs"); do
    rm -f "$project/Depsfile.lock"
    DEPS_CACHE_DIR="$run/cache" timed warm "$DEPS_BIN" install --lock-only
done
# Revalidation of everything the cache holds.
for i in $(seq "$warm_runs"); do
    DEPS_CACHE_DIR="$run/cache" timed repo "$DEPS_BIN" repo update
done

echo
echo "== deps install --lock-only, $(grep -c '' "$project/Depsfile.lock") lock lines; $(grep -c '^Installing' "$run/cold.out") packages installed"
echo "cold (fresh cache, $cold_runs runs): median $(median "$run/cold.times") ms  [$(all "$run/cold.times")]"
echo " requests of the first cold run:"
python3 "$here/report.py" run "$log" "$cold_first" "$cold_last"
python3 "$here/report.py" sweep "$fixture/cdn" "$log" "$cold_first" "$cold_last" "$project/Depsfile.lock"
echo "warm (same cache, no lock, $warm_runs runs): median $(median "$run/warm.times") ms  [$(all "$run/warm.times")]"
summary warm
echo "deps repo update ($warm_runs runs): median $(median "$run/repo.times") ms  [$(all "$run/repo.times")]"
echo " $(tail -1 "$run/repo.out")"
summary repo

if [ "${PROFILE:-}" = 1 ]; then
    rm -rf "$run/cache" "$project/Depsfile.lock"
    (cd "$project" && DEPS_CACHE_DIR="$run/cache" strace -f -c -o "$run/strace.txt" "$DEPS_BIN" install --lock-only >/dev/null 2>&1)
    echo "== strace -f -c of one cold run ($run/strace.txt):"
    head -15 "$run/strace.txt"
    echo " child processes: $(grep -E ' (clone3?|fork|vfork)$' "$run/strace.txt" | awk '{s+=$4} END {print s+0}') clones"
fi
# A second project: one Firebase subspec held at 10.x and Kingfisher at 7.x while the rest may
# move (the resolver has to step down from the newest versions).
mkdir -p "$run/Held"
sed 's#^  Firebase/Analytics:$#  Firebase/Analytics: ~> 10.0#; s#^  Kingfisher:$#  Kingfisher: ~> 7.0#' "$project/Depsfile" >"$run/Held/Depsfile"
project="$run/Held"
for i in $(seq "$cold_runs"); do
    rm -rf "$run/cache" "$project/Depsfile.lock"
    DEPS_CACHE_DIR="$run/cache" timed held "$DEPS_BIN" install --lock-only
    [ "$i" = 1 ] && cp "$run/held.range" "$run/held-1.range"
done
read -r held_first held_last <"$run/held-1.range"
echo "== the same with Firebase/Analytics ~> 10.0 and Kingfisher ~> 7.0 (cold, $cold_runs runs): median $(median "$run/held.times") ms  [$(all "$run/held.times")]"
python3 "$here/report.py" run "$log" "$held_first" "$held_last"
python3 "$here/report.py" sweep "$fixture/cdn" "$log" "$held_first" "$held_last" "$project/Depsfile.lock"
echo " Firebase podspecs read, in order: $(sed -n "$((held_first + 1)),${held_last}p" "$log" | awk -F'\t' '$3 == "podspec" && $6 ~ /\/Firebase\/[^\/]+\/Firebase.podspec/ {split($6, p, "/"); printf "%s ", p[7]}')"

echo "server log: $log; outputs: $run/*.out"
