#!/bin/sh
# The auto-sync settings of cmake/opsim_op_library.cmake and opsim_op_gen refuse what they do not
# understand, naming it: add_ops_compile_options with a bad --cce-auto-sync value or no op type,
# opsim_add_op_library with AUTO_SYNC other than ON/OFF or an unknown argument, and opsim_op_gen
# given --cce-auto-sync=off for an op type the library does not define.
# Usage: auto_sync_cmake_test.sh <source dir> <opsim_op_gen> <a library's _opdefs module> <work dir>
set -u
src=$1 gen=$2 opdefs=$3 work=$4
failures=0
mkdir -p "$work"

# expect_cmake_error <message part> <cmake code after including opsim_op_library.cmake>
expect_cmake_error() {
  want=$1
  printf 'include("%s/cmake/opsim_op_library.cmake")\n%s\n' "$src" "$2" >"$work/script.cmake"
  out=$(cmake -P "$work/script.cmake" 2>&1)
  code=$?
  if [ "$code" -eq 0 ] || ! printf '%s' "$out" | tr '\n' ' ' | tr -s ' ' | grep -qF -- "$want"; then
    echo "FAIL: wanted an error with '$want' from: $2 (exit $code):"
    echo "$out"
    failures=$((failures + 1))
  fi
}

expect_cmake_error "'--cce-auto-sync=maybe' is not an auto-sync setting" \
  'add_ops_compile_options(AddCustom OPTIONS --cce-auto-sync=maybe)'
expect_cmake_error "expected ALL, an op type or OP_NAME" \
  'add_ops_compile_options(OPTIONS --cce-auto-sync=off)'
expect_cmake_error "AUTO_SYNC 'maybe' (expected ON or OFF)" \
  'opsim_add_op_library(t SOURCES a.cpp AUTO_SYNC maybe)'
expect_cmake_error "unknown arguments 'AUTOSYNC;OFF'" \
  'opsim_add_op_library(t AUTOSYNC OFF SOURCES a.cpp)'

out=$("$gen" --library "$opdefs" --out "$work/gen" --auto-sync-off NoSuchOp 2>&1)
code=$?
if [ "$code" -eq 0 ] || ! printf '%s' "$out" | grep -qF "op type 'NoSuchOp', which this library does not define"; then
  echo "FAIL: opsim_op_gen accepted --auto-sync-off NoSuchOp (exit $code): $out"
  failures=$((failures + 1))
fi
# A project-wide setting may name ops of other libraries: no error.
if ! "$gen" --library "$opdefs" --out "$work/gen" --project-auto-sync-off NoSuchOp; then
  echo "FAIL: opsim_op_gen refused --project-auto-sync-off NoSuchOp"
  failures=$((failures + 1))
fi

[ "$failures" -eq 0 ] || { echo "$failures failed"; exit 1; }
echo "all passed"
