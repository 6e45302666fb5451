#!/usr/bin/env bash
# Kills `deps install` with SIGKILL at random moments, RUNS times (200 by default), and checks
# after each kill that Depsfile.lock is the old one or a complete new one `deps check` accepts.
set -euo pipefail
cd "$(dirname "$0")/.."
DEPS_KILL_RUNS="${RUNS:-200}" swift test --filter SafetyTests/testAnInstallKilledAtRandomMomentsLeavesTheOldLockOrACompleteNewOne
