#!/usr/bin/env bash
# What wiring an Xcode project costs `deps install` (BEHAVIOUR 15), on the real apps' project files
# of Tests/Fixtures/XcodeProjects: a no-op install of a project whose Depsfile has `xcode:` (the
# project is read, found as it should be, and not written) against the same install without
# `xcode:`, and an install that must integrate the project (the file restored before each run)
# against the same restore and install without `xcode:`. Each figure is the median of RUNS whole
# processes, with the objects and lines the integration changes.
# Usage: Benchmarks/Xcode/run.sh [RUNS]   (default 15)
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
runs="${1:-15}"
work="${DEPS_BENCH_DIR:-/tmp/deps-bench-xcode}"

deps="${DEPS_BIN:-}"
if [ -z "$deps" ]; then
    swift build -c release --product deps >/dev/null
    deps="$(swift build -c release --product deps --show-bin-path)/deps"
fi

median_ms() {
    local samples=()
    "$@" >/dev/null 2>&1   # warm the page cache
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s%N)
        "$@" >/dev/null 2>&1
        end=$(date +%s%N)
        samples+=($(( (end - start) / 1000 )))
    done
    printf '%s\n' "${samples[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}

# app: fixture folder, then the targets to wire, each TARGET=PACKAGE,PACKAGE.
bench() {
    local app="$1"; shift
    local dir="$work/$app"
    rm -rf "$dir" && mkdir -p "$dir/with/App.xcodeproj" "$dir/without/App.xcodeproj"
    for variant in with without; do
        cp "$root/Tests/Fixtures/XcodeProjects/$app/project.pbxproj" "$dir/$variant/App.xcodeproj/project.pbxproj"
        {
            echo "sources:"
            echo "  - $root/Specs"
            echo "dependencies:"
            echo "  Greeting: ~> 1.0"
            echo "  Banner: ~> 1.0"
            if [ "$variant" = with ]; then
                echo "xcode:"
                echo "  project: App.xcodeproj"
                echo "  targets:"
                for target in "$@"; do echo "    ${target%%=*}: [${target#*=}]"; done
            fi
        } > "$dir/$variant/Depsfile"
    done
    cp "$dir/with/App.xcodeproj/project.pbxproj" "$dir/original.pbxproj"
    DEPS_CACHE_DIR="$dir/cache" "$deps" install --project "$dir/with" --json > "$dir/first.json"
    DEPS_CACHE_DIR="$dir/cache" "$deps" install --project "$dir/without" --quiet
    local noop_with noop_without fresh_with fresh_without
    noop_with=$(DEPS_CACHE_DIR="$dir/cache" median_ms "$deps" install --project "$dir/with")
    noop_without=$(DEPS_CACHE_DIR="$dir/cache" median_ms "$deps" install --project "$dir/without")
    fresh_with=$(DEPS_CACHE_DIR="$dir/cache" median_ms sh -c "cp '$dir/original.pbxproj' '$dir/with/App.xcodeproj/project.pbxproj' && exec '$deps' install --project '$dir/with'")
    fresh_without=$(DEPS_CACHE_DIR="$dir/cache" median_ms sh -c "cp '$dir/original.pbxproj' '$dir/without/App.xcodeproj/project.pbxproj' && exec '$deps' install --project '$dir/without'")
    local size
    size=$(wc -c < "$dir/original.pbxproj")
    echo "$app ($size bytes; $*):"
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["xcode"][0]; print("  integration: %d objects added, %d removed, %d lines changed" % (d["objectsAdded"], d["objectsRemoved"], d["linesChanged"]))' "$dir/first.json"
    echo "  no-op install: ${noop_with} ms with xcode:, ${noop_without} ms without"
    echo "  install that integrates: ${fresh_with} ms with xcode:, ${fresh_without} ms without"
}

echo "median of $runs runs each"
bench simplenote-ios "Simplenote=Greeting,Banner" "SimplenoteShare=Banner" "SimplenoteTests=Greeting"
bench home-assistant-iOS "App=Greeting,Banner" "WatchApp=Banner" "Shared-iOS=Greeting,Banner" "Extensions-Widgets=Banner"
