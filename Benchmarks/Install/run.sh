#!/usr/bin/env bash
# `deps install` fetching code from N local git repositories, against `swift package resolve` on
# a SwiftPM package needing the same repositories, and a no-op install against the release
# before code fetching (ba87470, which only wrote the lock). Whole processes, wall-clock medians.
#
# Usage: Benchmarks/Install/run.sh [N]            (default 50 packages)
# Environment:
#   COLD_RUNS (3), WARM_RUNS (5), NOOP_RUNS (30)  runs per measurement
#   DEPS_BIN         the deps to measure (default: built here in release, scratch .build-bench)
#   DEPS_BEFORE_BIN  the baseline deps (default: ba87470 built from `git archive` into the work folder)
#   DEPS_BENCH_DIR   the work folder (default /tmp/deps-bench-install); the fixture is kept
#                    there between runs (delete the folder to regenerate it)
#   PROFILE=1        also count the child processes of one cold and one warm deps install (strace)
set -euo pipefail
cd "$(dirname "$0")/../.."
repo_root="$PWD"
count="${1:-50}"
cold_runs="${COLD_RUNS:-3}"
warm_runs="${WARM_RUNS:-5}"
noop_runs="${NOOP_RUNS:-30}"
work="${DEPS_BENCH_DIR:-/tmp/deps-bench-install}"
fixture="$work/fixture-$count"
run="$work/run"
baseline_commit=ba87470

# --- binaries --------------------------------------------------------------------------------
if [ -z "${DEPS_BIN:-}" ]; then
    echo "building deps (release, .build-bench)" >&2
    swift build -c release --product deps --static-swift-stdlib --scratch-path .build-bench >/dev/null
    DEPS_BIN="$repo_root/.build-bench/release/deps"
fi
if [ -z "${DEPS_BEFORE_BIN:-}" ]; then
    DEPS_BEFORE_BIN="$work/deps-before"
    if [ ! -x "$DEPS_BEFORE_BIN" ]; then
        echo "building the baseline deps ($baseline_commit) in $work/before-src" >&2
        rm -rf "$work/before-src" && mkdir -p "$work/before-src"
        git archive "$baseline_commit" | tar -x -C "$work/before-src"
        (cd "$work/before-src" && swift build -c release --product deps --static-swift-stdlib --scratch-path .build-rel >/dev/null)
        cp "$work/before-src/.build-rel/release/deps" "$DEPS_BEFORE_BIN"
    fi
fi

# --- fixture ---------------------------------------------------------------------------------
if [ ! -f "$fixture/App/Depsfile" ]; then
    echo "generating $count git repositories in $fixture" >&2
    rm -rf "$fixture"
    python3 Benchmarks/Install/generate.py "$fixture" "$count"
fi
rm -rf "$run" && mkdir -p "$run"

# A fresh copy of a template folder (the Depsfile or Package.swift only: no lock, no Deps/).
fresh() { rm -rf "$2" && cp -R "$1" "$2"; }

# --- timing ----------------------------------------------------------------------------------
# time_us COMMAND...: runs COMMAND quietly, prints its wall-clock time in microseconds.
time_us() {
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>"$run/last-stderr" || { echo "failed: $*" >&2; cat "$run/last-stderr" >&2; exit 1; }
    end=$(date +%s%N)
    echo $(( (end - start) / 1000 ))
}
# median of microsecond samples, in milliseconds
median_ms() {
    printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "%.1f", m/1000}'
}
# peak resident memory of one run, in MiB
peak_mib() {
    /usr/bin/time -f '%M' -o "$run/rss" "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
    awk '{printf "%.0f", $1/1024}' "$run/rss"   # a program (not a shell function), and its children
}

deps_install() { DEPS_CACHE_DIR="$1" "$DEPS_BIN" install --project "$2" --quiet; }
spm_resolve() {  # PACKAGE SCRATCH CACHE: config and security under the cache folder, so they are as fresh as it is
    swift package --package-path "$1" --scratch-path "$2" --cache-path "$3" \
        --config-path "$3/config" --security-path "$3/security" resolve
}

check_sandbox() {  # every package in Deps/ at 1.1.0, with no .git
    local project="$1" found
    found=$(find "$project/Deps" -mindepth 2 -maxdepth 2 -name Package.swift | wc -l)
    [ "$found" -eq "$count" ] || { echo "Deps/ holds $found packages, expected $count" >&2; exit 1; }
    grep -q 'version = "1.1.0"' "$project/Deps/Pkg1/Sources/Pkg1/Pkg1.swift" || { echo "Deps/Pkg1 is not 1.1.0" >&2; exit 1; }
    [ ! -e "$project/Deps/Pkg1/.git" ] || { echo "Deps/Pkg1 has a .git" >&2; exit 1; }
}

echo "deps:          $DEPS_BIN" >&2
echo "deps baseline: $DEPS_BEFORE_BIN" >&2
echo "$count packages; runs: cold $cold_runs, warm $warm_runs, no-op $noop_runs" >&2

# --- cold: empty caches, no lock, no Deps/ / Package.resolved / .build ------------------------
deps_cold=() spm_cold=()
for i in $(seq "$cold_runs"); do
    rm -rf "$run/deps-cache" && mkdir "$run/deps-cache" && fresh "$fixture/App" "$run/App"
    deps_cold+=($(time_us deps_install "$run/deps-cache" "$run/App"))
    check_sandbox "$run/App"
    rm -rf "$run/spm-cache" "$run/spm-scratch" && fresh "$fixture/SPM" "$run/SPM"
    spm_cold+=($(time_us spm_resolve "$run/SPM" "$run/spm-scratch" "$run/spm-cache"))
    echo "  cold run $i: deps $((${deps_cold[-1]} / 1000)) ms, swiftpm $((${spm_cold[-1]} / 1000)) ms" >&2
done
rm -rf "$run/deps-cache" && mkdir "$run/deps-cache" && fresh "$fixture/App" "$run/App"
deps_cold_mib=$(peak_mib env DEPS_CACHE_DIR="$run/deps-cache" "$DEPS_BIN" install --project "$run/App" --quiet)
rm -rf "$run/spm-cache" "$run/spm-scratch" && fresh "$fixture/SPM" "$run/SPM"
spm_cold_mib=$(peak_mib swift package --package-path "$run/SPM" --scratch-path "$run/spm-scratch" --cache-path "$run/spm-cache" \
    --config-path "$run/spm-cache/config" --security-path "$run/spm-cache/security" resolve)

# --- warm cache, new project: the caches above kept, the project fresh ------------------------
deps_warm=() spm_warm=()
for i in $(seq "$warm_runs"); do
    fresh "$fixture/App" "$run/App"
    deps_warm+=($(time_us deps_install "$run/deps-cache" "$run/App"))
    check_sandbox "$run/App"
    rm -rf "$run/spm-scratch" && fresh "$fixture/SPM" "$run/SPM"
    spm_warm+=($(time_us spm_resolve "$run/SPM" "$run/spm-scratch" "$run/spm-cache"))
done
fresh "$fixture/App" "$run/App"
deps_warm_mib=$(peak_mib env DEPS_CACHE_DIR="$run/deps-cache" "$DEPS_BIN" install --project "$run/App" --quiet)

# --- no-op: the sandbox (or the lock, for the baseline; .build for SwiftPM) in sync -----------
# The baseline's project: the same Depsfile and specs; it resolves, writes the lock, and stops.
fresh "$fixture/App" "$run/App-before"
"$DEPS_BEFORE_BIN" install --project "$run/App-before" --quiet
"$DEPS_BEFORE_BIN" install --project "$run/App-before" --quiet   # page cache warm-up
deps_install "$run/deps-cache" "$run/App"                           # ditto
lock_before=$(md5sum <"$run/App/Depsfile.lock")
deps_noop=() before_noop=() spm_noop=()
for _ in $(seq "$noop_runs"); do
    deps_noop+=($(time_us deps_install "$run/deps-cache" "$run/App"))
    before_noop+=($(time_us "$DEPS_BEFORE_BIN" install --project "$run/App-before" --quiet))
done
[ "$(md5sum <"$run/App/Depsfile.lock")" = "$lock_before" ] || { echo "the no-op install changed Depsfile.lock" >&2; exit 1; }
check_sandbox "$run/App"
for _ in $(seq "$cold_runs"); do
    spm_noop+=($(time_us spm_resolve "$run/SPM" "$run/spm-scratch" "$run/spm-cache"))
done
deps_noop_mib=$(peak_mib env DEPS_CACHE_DIR="$run/deps-cache" "$DEPS_BIN" install --project "$run/App" --quiet)
before_noop_mib=$(peak_mib "$DEPS_BEFORE_BIN" install --project "$run/App-before" --quiet)

# --- report ----------------------------------------------------------------------------------
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1fx", a / b}'; }
dc=$(median_ms "${deps_cold[@]}") sc=$(median_ms "${spm_cold[@]}")
dw=$(median_ms "${deps_warm[@]}") sw=$(median_ms "${spm_warm[@]}")
dn=$(median_ms "${deps_noop[@]}") bn=$(median_ms "${before_noop[@]}") sn=$(median_ms "${spm_noop[@]}")
echo
echo "install of $count git packages: medians (ms) of whole processes, peak RSS (MiB)"
printf '%-28s %10s %10s %10s   %s\n' "" "deps" "other" "ratio" "other is"
printf '%-28s %10s %10s %10s   %s\n' "cold (empty caches)" "$dc" "$sc" "$(ratio "$sc" "$dc")" "swift package resolve (swiftpm/deps)"
printf '%-28s %10s %10s %10s   %s\n' "warm cache, new project" "$dw" "$sw" "$(ratio "$sw" "$dw")" "swift package resolve (swiftpm/deps)"
printf '%-28s %10s %10s %10s   %s\n' "no-op install" "$dn" "$bn" "$(awk -v a="$dn" -v b="$bn" 'BEGIN {printf "%+.0f%%", (a / b - 1) * 100}')" "deps $baseline_commit (lock only); new vs before"
printf '%-28s %10s %10s %10s   %s\n' "no-op resolve, for context" "" "$sn" "" "swift package resolve"
printf '%-28s %10s %10s\n' "peak RSS cold / warm / no-op" "$deps_cold_mib/$deps_warm_mib/$deps_noop_mib" "$spm_cold_mib/-/$before_noop_mib"
echo "(peak RSS 'other': swiftpm cold, -, deps $baseline_commit no-op)"

# --- optional: what a cold and a warm install run as child processes ----------------------------
if [ "${PROFILE:-0}" = 1 ] && command -v strace >/dev/null; then
    for phase in cold warm; do
        [ "$phase" = cold ] && { rm -rf "$run/deps-cache" && mkdir "$run/deps-cache"; }
        fresh "$fixture/App" "$run/App"
        DEPS_CACHE_DIR="$run/deps-cache" strace -f -qq -s 400 -e trace=execve -e signal=none -o "$run/strace-$phase" \
            "$DEPS_BIN" install --project "$run/App" --quiet
        echo "$phase install ($count packages), child processes by program (git: by subcommand):"
        python3 - "$run/strace-$phase" <<'PY'
import ast, collections, os, re, sys
# Only the execve that succeeded (a line or its "resumed" half ending in "= 0"); the others are
# PATH lookups, counted apart.
programs, succeeded, failed = {}, set(), 0
for line in open(sys.argv[1]):
    pid = line.split()[0]
    match = re.search(r'^\d+ +execve\("[^"]*", (\[.*?\]), 0x', line)
    if match:
        programs[pid] = ast.literal_eval(match.group(1))
    if "execve" in line:
        if line.rstrip().endswith("= 0"):
            succeeded.add(pid)
        elif re.search(r"= -1 E[A-Z]+", line):
            failed += 1
counts = collections.Counter()
for argv in (programs[pid] for pid in succeeded if pid in programs):
    program = os.path.basename(argv[0])
    rest = argv[1:2] if program == "sh" else argv[1:]
    if program == "git" and rest[:1] == ["--git-dir"]:
        rest = rest[2:]
    shown = [program] + ["PATH" if a.startswith("/") or "://" in a else a for a in rest[:3]]
    counts[" ".join(shown)] += 1
for key, number in counts.most_common():
    print(f"  {number:5d}  {key}")
print(f"  {failed:5d}  failed execve (PATH candidates tried before the program was found)")
PY
    done
fi
