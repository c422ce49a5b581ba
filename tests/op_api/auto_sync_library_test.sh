#!/bin/sh
# CANN's --cce-auto-sync through every door of an operator library: a kernel that reads a vector
# result with GetValue and copies it out after SetValue, with no SetFlag/WaitFlag
# (testdata/scalar_after_vector), runs clean when built with auto-sync (the default) and faults
# (kMissingSync, naming SetFlag<V_S>/WaitFlag<V_S>) when its library says it was built without
# (opsim_add_op_library AUTO_SYNC OFF, or add_ops_compile_options(... --cce-auto-sync=off)) or
# the command line turns it off (--auto-sync off). The public samples run clean by default; the
# LeakyReluCustom sample (Mins then Muls on one tensor, no PipeBarrier<PIPE_V>) relies on the
# compiler's V->V barrier and faults with auto-sync off; AddCustom needs nothing from it.
# Usage: opsim default.so nosync.so project.so sample_add.so sample_leaky_relu.so
set -u
opsim=$1 default_lib=$2 nosync_lib=$3 project_lib=$4 add_lib=$5 leaky_lib=$6
failures=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# expect <0|fault|usage> <what> <opsim args>...
expect() {
  want=$1 what=$2
  shift 2
  "$opsim" "$@" >"$out" 2>&1
  code=$?
  case "$want" in
    0) [ "$code" -eq 0 ] && return 0 ;;
    fault) [ "$code" -ne 0 ] && grep -q "missing_sync" "$out" &&
             grep -q "SetFlag<V_S>/WaitFlag<V_S>" "$out" &&
             grep -q "LocalTensor::GetValue" "$out" && return 0 ;;
    vbarrier) [ "$code" -ne 0 ] && grep -q "missing_sync" "$out" &&
                grep -q "Muls: V reads TBuf buffer" "$out" &&
                grep -q "no PipeBarrier<PIPE_V>" "$out" && return 0 ;;
    usage) [ "$code" -ne 0 ] && grep -q -- "--auto-sync" "$out" && grep -q "maybe" "$out" &&
             return 0 ;;
  esac
  echo "FAIL: $what (exit $code, wanted $want):"
  cat "$out"
  failures=$((failures + 1))
}

bench() { echo bench --library "$1" --op ScalarAfterVectorCustom --shape 64 --dtype float32 --repeat 1; }

expect 0 "default library, checked" $(bench "$default_lib") --checked
expect 0 "default library, --auto-sync on" $(bench "$default_lib") --checked --auto-sync on
expect fault "default library, --auto-sync off" $(bench "$default_lib") --checked --auto-sync off
expect fault "AUTO_SYNC OFF library" $(bench "$nosync_lib") --checked
expect fault "AUTO_SYNC OFF library, --auto-sync on" $(bench "$nosync_lib") --checked --auto-sync on
expect fault "add_ops_compile_options --cce-auto-sync=off" $(bench "$project_lib") --checked
expect 0 "AUTO_SYNC OFF library, unchecked" $(bench "$nosync_lib")
expect usage "--auto-sync maybe" $(bench "$default_lib") --auto-sync maybe

add="bench --library $add_lib --op AddCustom --shape 8,2048 --shape 8,2048 --dtype float16 --repeat 1 --checked"
leaky="bench --library $leaky_lib --op LeakyReluCustom --shape 8,2048 --dtype float32 --repeat 1 --checked --negative_slope 0.1"
expect 0 "AddCustom sample, default" $add
expect 0 "AddCustom sample, --auto-sync off" $add --auto-sync off
expect 0 "LeakyReluCustom sample, default" $leaky
expect vbarrier "LeakyReluCustom sample, --auto-sync off" $leaky --auto-sync off

if [ "$failures" -ne 0 ]; then
  echo "$failures failed"
  exit 1
fi
echo "all passed"
