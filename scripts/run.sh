#!/usr/bin/env bash
# Quick start, command 1: set up, build (release) and run the default case suite (configs/cases)
# through the simulator against the Eigen reference: one row per case, then "N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j"$(nproc)"
exec build/release/tools/opsim/opsim run "$@"
