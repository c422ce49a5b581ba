#!/usr/bin/env bash
# Quick start, command 2: set up, build and run every test through ctest, in the release preset
# and the AddressSanitizer + UndefinedBehaviorSanitizer preset. `scripts/test.sh release` runs one.
# After each build it prints where the time went (scripts/build_times.py: the costliest targets
# and units), so that a change's cost shows in every run; ctest's own summary stays the last line.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
presets=("$@")
[ ${#presets[@]} -eq 0 ] && presets=(release debug-asan)
for preset in "${presets[@]}"; do
  echo "== $preset"
  start=$SECONDS
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j"$(nproc)"
  echo "== $preset: built in $((SECONDS - start)) s"
  python3 scripts/build_times.py "build/$preset" --top 10 || true
  ctest --preset "$preset" -j"$(nproc)"
done
