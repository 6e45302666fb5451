#!/usr/bin/env bash
# A no-op `deps install` (an up-to-date lock of 200 packages, their code used in place from
# `path:` sources, so nothing is fetched), timed as a whole process, against a spec repository
# of 200 packages and one of 100,000.
# Usage: Benchmarks/InstallNoop/run.sh [RUNS]   (default 30)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-30}"
work="${DEPS_BENCH_DIR:-/tmp/deps-bench-install-noop}"

# DEPS_BIN: a deps already built (default: build one here in release).
deps="${DEPS_BIN:-}"
if [ -z "$deps" ]; then
    swift build -c release --product deps --static-swift-stdlib >/dev/null
    deps="$(swift build -c release --product deps --static-swift-stdlib --show-bin-path)/deps"
fi

for size in 200 100000; do
    # Fixtures from before path sources named https://example.com/… git sources: regenerate them.
    if [ ! -f "$work/$size/App/Depsfile" ] || [ "$(cat "$work/$size/FORMAT" 2>/dev/null)" != path-sources ]; then
        rm -rf "${work:?}/$size"
        echo "generating a repository of $size packages in $work/$size" >&2
        python3 Benchmarks/InstallNoop/generate.py "$work/$size" "$size"
    fi
    "$deps" install --project "$work/$size/App" --quiet
done

median_ms() {
    local project="$1" samples=()
    "$deps" install --project "$project" --quiet   # warm the page cache
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s%N)
        "$deps" install --project "$project" --quiet
        end=$(date +%s%N)
        samples+=($(( (end - start) / 1000 )))
    done
    printf '%s\n' "${samples[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}

small=$(median_ms "$work/200/App")
large=$(median_ms "$work/100000/App")
echo "no-op deps install, 200 locked packages, median of $runs runs:"
echo "  repository of 200 packages:     ${small} ms"
echo "  repository of 100,000 packages: ${large} ms"
