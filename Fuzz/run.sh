#!/usr/bin/env bash
# Builds a libFuzzer target with swiftc and runs it.
#
#   Fuzz/run.sh TARGET [SECONDS] [LIBFUZZER-OPTION...]
#   Fuzz/run.sh TARGET FILE...       replays the inputs in FILE... once each
#   Fuzz/run.sh TARGET merge         shrinks the grown corpus to the inputs that add coverage
#
# TARGET is `yaml` (YAMLParser and YAMLEmitter round trip), `requirement` (Version and
# Requirement invariants) or `plist` (the reader of Xcode's project files: node ranges, strings
# written back as Xcode writes them, entries and object lines spliced out and in). SECONDS is passed as -max_total_time (default 600); 0 only
# builds. Further options go to libFuzzer as they are, e.g. -jobs=1 or -runs=100000.
#
# Everything generated lands in .build-fuzz/ at the top of the package:
#   .build-fuzz/TARGET/fuzz-TARGET   the fuzzer binary (and build.log)
#   .build-fuzz/TARGET/corpus/       the corpus grown by runs (seeded from Fuzz/Corpus/TARGET)
#   .build-fuzz/TARGET/artifacts/    crash-*, leak-*, timeout-* and slow-unit-* inputs
#   .build-fuzz/TARGET/last-run.log  libFuzzer's output of the last run
set -euo pipefail

usage() {
    echo "usage: $0 yaml|requirement|plist [SECONDS] [LIBFUZZER-OPTION...]" >&2
    echo "       $0 yaml|requirement|plist FILE..." >&2
    echo "       $0 yaml|requirement|plist merge" >&2
    exit 64
}

[[ $# -ge 1 ]] || usage
target=$1
shift
replay=()
merge=false
seconds=600
if [[ $# -eq 1 && $1 == merge ]]; then
    merge=true
    shift
elif [[ $# -ge 1 && $1 =~ ^[0-9]+$ ]]; then
    seconds=$1
    shift
elif [[ $# -ge 1 && $1 != -* ]]; then
    for file in "$@"; do
        [[ -f $file ]] || { echo "$0: no such input file: $file" >&2; exit 66; }
        replay+=("$(cd "$(dirname "$file")" && pwd)/$(basename "$file")")
    done
    set --
fi

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

case $target in
yaml)
    module=DepsYAML
    sources=(Sources/DepsYAML/*.swift Fuzz/Targets/YAMLRoundTrip.swift Fuzz/Support/SwiftLiteral.swift)
    flags=(-I Sources/CYaml -lyaml)
    ;;
requirement)
    module=DepsCore
    # The entity files that versions and requirements are made of, and the text their errors are worded in.
    sources=(
        Sources/DepsCore/Entities/Version.swift
        Sources/DepsCore/Entities/Requirement.swift
        Sources/DepsCore/Entities/VersionIntervals.swift
        Sources/DepsCore/Entities/MessageText.swift
        Fuzz/Targets/RequirementInvariants.swift
        Fuzz/Support/SwiftLiteral.swift
    )
    flags=()
    ;;
plist)
    module=DepsPropertyList
    sources=(Sources/DepsPropertyList/*.swift Fuzz/Targets/PropertyListRoundTrip.swift Fuzz/Support/SwiftLiteral.swift)
    flags=()
    ;;
*)
    usage
    ;;
esac

work=.build-fuzz/$target
binary=$work/fuzz-$target
mkdir -p "$work/corpus" "$work/artifacts"

# DepsFailures (the errors and their exit statuses) is a module of its own that the others import:
# built first, with the same instrumentation, and linked in.
modules=$work/modules
mkdir -p "$modules"
if ! swiftc -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -module-name DepsFailures \
    -emit-module -emit-module-path "$modules/DepsFailures.swiftmodule" -emit-library -static \
    -o "$modules/libDepsFailures.a" Sources/DepsFailures/*.swift >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    exit 1
fi
flags+=(-I "$modules" -L "$modules" -lDepsFailures)

echo "building $binary"
# -O keeps overflow checks and preconditions (only `assert` goes), -g gives file:line in traces.
# The sources form one module, so the entry file also sees internal declarations.
if ! swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -swift-version 6 -module-name "$module" \
    "${flags[@]}" "${sources[@]}" -o "$binary" >>"$work/build.log" 2>&1; then
    # gold warns about every ASan check symbol; show only what went wrong.
    grep -v "Cannot export local symbol" "$work/build.log" >&2
    exit 1
fi

# Swift's own backtracer and ASan's fight over a crashing process (the backtracer can
# hang, or be reported as a use after free); let libFuzzer and ASan report instead.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:symbolize=1}
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-$(command -v llvm-symbolizer || true)}

if (( ${#replay[@]} > 0 )); then
    exec "$binary" -timeout=10 -rss_limit_mb=2048 "${replay[@]}"
fi
if $merge; then
    cd "$work"
    rm -rf merged && mkdir merged
    "./fuzz-$target" -merge=1 merged corpus "$root/Fuzz/Corpus/$target" >merge.log 2>&1 \
        || { tail -20 merge.log >&2; exit 1; }
    rm -rf corpus && mv merged corpus
    echo "corpus: $(find corpus -type f | wc -l) files in $work/corpus"
    exit 0
fi
(( seconds > 0 )) || exit 0

echo "fuzzing $target for $seconds s; log in $work/last-run.log"
# Run inside the work folder: with -jobs libFuzzer writes fuzz-N.log to the current folder.
cd "$work"
set +e
"./fuzz-$target" \
    -max_total_time="$seconds" \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -max_len=4096 \
    -print_final_stats=1 \
    -dict="$root/Fuzz/Dictionaries/$target.dict" \
    -artifact_prefix=artifacts/ \
    "$@" \
    corpus "$root/Fuzz/Corpus/$target" 2>&1 | tee last-run.log | grep --line-buffered -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE)'
status=${PIPESTATUS[0]}
set -e
echo "corpus: $(find corpus -type f | wc -l) files in $work/corpus"
exit "$status"
