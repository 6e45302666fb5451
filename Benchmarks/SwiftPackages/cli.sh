#!/bin/bash
# The whole command, side by side: `deps install --lock-only` on a Depsfile naming one Swift
# package, and `swift package resolve` (cold) / `swift package update` (warm) on a Package.swift
# depending on the same package from the same version; then checks that Depsfile.lock and
# Package.resolved name the same packages at the same versions and revisions.
#
#   Benchmarks/SwiftPackages/cli.sh DEPS_BINARY OWNER/NAME VERSION [COPIES]
#
# COPIES is a folder holding github.com repositories as OWNER/NAME (default /opt/swift-packages/):
# git reads https://github.com/ from there through a `url.insteadOf` in a HOME of the script's own.
set -euo pipefail
deps=$(realpath "$1"); repository=$2; version=$3; copies=${4:-/opt/swift-packages/}
name=${repository##*/}; identity=$(echo "$name" | tr 'A-Z' 'a-z'); major=${version%%.*}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home" "$work/project" "$work/app/Sources/App"
printf '[url "%s"]\n\tinsteadOf = https://github.com/\n' "$copies" > "$work/home/.gitconfig"
export HOME=$work/home
cat > "$work/project/Depsfile" <<DEPSFILE
dependencies:
  $identity:
    package: https://github.com/$repository.git
    version: ">= $version, < $((major + 1)).0.0"
DEPSFILE
echo 'print(0)' > "$work/app/Sources/App/main.swift"
cat > "$work/app/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let package = Package(name: "App", dependencies: [.package(url: "https://github.com/$repository.git", from: "$version")], targets: [.executableTarget(name: "App")])
MANIFEST

seconds() { local start=$(date +%s.%N); "$@" > /dev/null 2>&1; echo "$(date +%s.%N) - $start" | bc; }
deps_cold=$(seconds env DEPS_CACHE_DIR="$work/cache" "$deps" install --lock-only --project "$work/project")
rm "$work/project/Depsfile.lock"
deps_warm=$(seconds env DEPS_CACHE_DIR="$work/cache" "$deps" install --lock-only --project "$work/project")
spm=(swift package --scratch-path "$work/scratch" --cache-path "$work/spm-cache")
spm_cold=$(cd "$work/app" && seconds "${spm[@]}" resolve)
spm_warm=$(cd "$work/app" && seconds "${spm[@]}" update)

# The same pins: "identity version revision" from each file.
python3 - "$work/project/Depsfile.lock" "$work/app/Package.resolved" <<'PYTHON'
import json, re, sys
lock = open(sys.argv[1]).read()
versions = dict(re.findall(r"^  - (\S+) \(([^)]+)\)", lock.split("DEPENDENCIES:")[0], re.M))
commits = dict(re.findall(r"^  (\S+):\n    commit: (\w+)", lock.split("CHECKOUT OPTIONS:")[1], re.M))
deps = sorted(f"{n} {versions[n]} {commits[n]}" for n in versions)
pins = json.load(open(sys.argv[2]))["pins"]
swiftpm = sorted(f"{p['identity']} {p['state']['version']} {p['state']['revision']}" for p in pins)
print(f"{len(deps)} packages; same as SwiftPM: {'yes' if deps == swiftpm else 'NO'}")
if deps != swiftpm:
    print("deps:   ", *deps, sep="\n  "); print("SwiftPM:", *swiftpm, sep="\n  ")
PYTHON
printf 'deps cold %.2f s, warm %.2f s; SwiftPM cold %.2f s, warm %.2f s\n' "$deps_cold" "$deps_warm" "$spm_cold" "$spm_warm"
