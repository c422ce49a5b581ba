#!/usr/bin/env bash
# Runs opsim's libFuzzer targets (fuzz/, docs/FUZZING.md) for a given time each, one at a time.
#
#   scripts/fuzz.sh <target|all> <seconds>
#
# Builds the `fuzz` preset (clang-14; `scripts/setup.sh --fuzz` installs it), then runs each
# target under nice with a 10 s per-input timeout and a 4 GiB RSS limit, starting from the
# committed corpus fuzz/corpus/<target> (read only) and a working corpus in build/fuzz/work.
# New coverage is merged into the committed corpus only when what it adds is small (at most
# 16 files and 64 KiB), so the repository's corpora stay small. Prints per target: execs,
# execs/s, coverage (edges and features) and findings (crash, leak, timeout, OOM files written
# to build/fuzz/findings/<target>/: reproduce with build/fuzz/fuzz/<target>_fuzz FILE, and once
# fixed commit the file to fuzz/crashes/<target>/ so the normal build's ctest replays it).
set -euo pipefail

usage() { echo "usage: $0 <target|all> <seconds>" >&2; exit 2; }
[ $# -eq 2 ] || usage
what=$1
seconds=$2
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: seconds must be a positive integer, not '$seconds'" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
targets=()
for f in fuzz/*_fuzz.cc; do
  t=$(basename "$f" _fuzz.cc)
  targets+=("$t")
done
if [ "$what" != all ]; then
  [ -f "fuzz/${what}_fuzz.cc" ] || { echo "fuzz.sh: no target '$what' (have: ${targets[*]})" >&2; exit 2; }
  targets=("$what")
fi

"$root/scripts/setup.sh" --fuzz
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake --preset fuzz "${launcher[@]}" >/dev/null
build_targets=()
for t in "${targets[@]}"; do build_targets+=(--target "${t}_fuzz"); done
nice -n 10 cmake --build --preset fuzz -j2 "${build_targets[@]}"

status=0
for t in "${targets[@]}"; do
  bin=build/fuzz/fuzz/${t}_fuzz
  work=build/fuzz/work/$t
  findings=build/fuzz/findings/$t
  log=build/fuzz/logs/$t.log
  mkdir -p "$work" "$findings" "$(dirname "$log")"
  args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1
        -artifact_prefix="$findings/")
  [ -f "fuzz/$t.dict" ] && args+=(-dict="fuzz/$t.dict")
  before=$(ls "$findings" | wc -l)
  echo "== $t: ${seconds} s (log: $log)"
  rc=0
  OPSIM_CONFIG_DIR="$root/configs" nice -n 10 "$bin" "${args[@]}" "$work" "fuzz/corpus/$t" \
    >"$log" 2>&1 || rc=$?
  after=$(ls "$findings" | wc -l)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)
  echo "   execs ${execs:-?}, ${rate:-?} execs/s, ${cov:-cov ?}, exit $rc, findings: $((after - before))"
  if [ "$rc" -ne 0 ] || [ "$after" -ne "$before" ]; then
    status=1
    grep -m3 -E 'ERROR: |SUMMARY: |runtime error' "$log" | sed 's/^/   /' || true
    ls -t "$findings" | head -n $((after - before)) | sed "s|^|   $findings/|"
    continue
  fi
  # Merge what the working corpus adds into the committed one, if it is small.
  fresh=build/fuzz/merge/$t
  rm -rf "$fresh" && mkdir -p "$fresh"
  cp -r "fuzz/corpus/$t/." "$fresh/"
  OPSIM_CONFIG_DIR="$root/configs" nice -n 10 "$bin" -merge=1 -timeout=10 -rss_limit_mb=4096 \
    "$fresh" "$work" >"$log.merge" 2>&1 || true
  added=$(comm -13 <(ls "fuzz/corpus/$t" | sort) <(ls "$fresh" | sort))
  count=$(printf '%s' "$added" | grep -c . || true)
  bytes=0
  for f in $added; do bytes=$((bytes + $(stat -c %s "$fresh/$f"))); done
  if [ "$count" -gt 0 ] && [ "$count" -le 16 ] && [ "$bytes" -le 65536 ]; then
    for f in $added; do cp "$fresh/$f" "fuzz/corpus/$t/"; done
    echo "   merged $count new inputs ($bytes B) into fuzz/corpus/$t"
  elif [ "$count" -gt 0 ]; then
    echo "   $count new inputs ($bytes B) left in $work: too many to commit"
  fi
done
exit $status
