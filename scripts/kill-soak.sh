#!/usr/bin/env bash
# Interrupts `deps install` at random moments, RUNS times in each of three tests (200 by default):
# - SIGKILL while it resolves and writes a large lock (SafetyTests): Depsfile.lock is then the old
#   one or a complete new one `deps check` accepts;
# - SIGINT or SIGTERM while it resolves and writes the lock, Manifest.lock and Package.swift
#   (FileSafetyTests): it exits 130 or 143, leaves no temporary file and a whole lock;
# - SIGINT, SIGTERM or SIGKILL while it fetches git packages and archives from a loopback server
#   (FileSafetyTests): it exits 130 or 143 for the signals it catches; no temporary file is left in
#   the project, Deps/ or the cache (after the next run, for SIGKILL); the lock, every package
#   folder and every cache entry is old or complete; the next install and deps check succeed.
# Arguments go to swift test, e.g. `scripts/kill-soak.sh --scratch-path .build-soak`.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-200}"
DEPS_KILL_RUNS="$runs" swift test "$@" \
    --filter SafetyTests/testAnInstallKilledAtRandomMomentsLeavesTheOldLockOrACompleteNewOne
DEPS_SIGNAL_RUNS="$runs" DEPS_FETCH_SOAK_RUNS="$runs" swift test "$@" \
    --filter FileSafetyTests/testSignalsAtRandomMomentsOfAnInstallLeaveNoTemporaryFileAndAWholeLock \
    --filter FileSafetyTests/testInstallsThatFetchInterruptedAtRandomMomentsLeaveEverythingWholeOrOld
