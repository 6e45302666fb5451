#!/usr/bin/env bash
# The smallest whole-process resolve (one package, --lock-only --dry-run) against `deps --version`
# and a C program that does nothing, timed as whole processes (median of RUNS runs each).
# Usage: Benchmarks/Startup/run.sh [RUNS]   (default 50; DEPS_BIN: a deps already built)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-50}"
work="$(mktemp -d /tmp/deps-bench-startup.XXXXXX)"
trap 'rm -rf "$work"' EXIT
deps="${DEPS_BIN:-}"
if [ -z "$deps" ]; then
    swift build -c release --product deps --static-swift-stdlib --scratch-path .build-bench >/dev/null
    deps="$PWD/.build-bench/release/deps"
fi
printf 'int main(void) { return 0; }\n' > "$work/noop.c"
cc -O2 -o "$work/noop" "$work/noop.c"
mkdir -p "$work/Specs/A" "$work/App"
printf 'name: A\nversion: "1.0"\nsource:\n  path: x\n' > "$work/Specs/A/1.0.yaml"
printf 'sources:\n  - ../Specs\ndependencies:\n  A:\n' > "$work/App/Depsfile"

median_ms() {
    local samples=()
    "$@" >/dev/null 2>&1 || true
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s%N)
        "$@" >/dev/null 2>&1 || true
        end=$(date +%s%N)
        samples+=($(( (end - start) / 1000 )))
    done
    printf '%s\n' "${samples[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.2f", a[int((NR+1)/2)]/1000}'
}

noop=$(median_ms "$work/noop")
version=$(median_ms "$deps" --version)
resolve=$(median_ms "$deps" install --lock-only --dry-run --project "$work/App")
echo "whole-process medians of $runs runs (ms):"
echo "  a C program that does nothing:      $noop"
echo "  deps --version:                     $version"
echo "  deps install --lock-only --dry-run: $resolve (one package)"
