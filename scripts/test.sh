#!/usr/bin/env bash
# Quick start, command 2: set up, build and run every test through ctest, in the release preset
# and the AddressSanitizer + UndefinedBehaviorSanitizer preset. `scripts/test.sh release` runs one.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
presets=("$@")
[ ${#presets[@]} -eq 0 ] && presets=(release debug-asan)
for preset in "${presets[@]}"; do
  echo "== $preset"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j"$(nproc)"
  ctest --preset "$preset" -j"$(nproc)"
done
