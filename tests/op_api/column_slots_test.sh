#!/bin/sh
# How many kernel units per kernel opsim_add_op_library declares (one per dtype column, CANN's
# build compiling a kernel once per column): the longest ge::DT_* list its host sources spell
# (Cast's 65, Bincount's 180 columns; times the DataTypeList sizes) when that is more than 16,
# COLUMN_SLOTS when given (and
# refused when not a positive number), and opsim_op_gen naming the COLUMN_SLOTS an OpDef needs
# when it has more columns than units, or refusing a --slots that is not a number.
# Usage: column_slots_test.sh <source dir> <opsim_op_gen> <tpl_dialect_ops _opdefs module>
#                             <its tpl_add_bcast.cpp kernel> <work dir>
set -u
src=$1 gen=$2 opdefs=$3 kernel=$4 work=$5
failures=0
mkdir -p "$work"
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# A def whose 20-entry list spans lines and sits beside code with ; and [ ], and a tiling file
# with a short list: 20.
cat >"$work/long_def.cpp" <<'CPP'
static const std::vector<ge::DataType> dataType = {
    ge::DT_BF16, ge::DT_BF16, ge::DT_BF16, ge::DT_BF16, ge::DT_BF16, ge::DT_FLOAT16, ge::DT_FLOAT16,
    ge::DT_FLOAT16, ge::DT_FLOAT16, ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_FLOAT, ge::DT_FLOAT,
    ge::DT_FLOAT, ge::DT_FLOAT, ge::DT_INT32, ge::DT_INT32, ge::DT_INT32, ge::DT_INT32, ge::DT_INT32};
int f(int a[2]) { int b = a[0]; return b; }
CPP
cat >"$work/short_tiling.cpp" <<'CPP'
static bool Ok(ge::DataType t) { return t == ge::DT_FLOAT || t == ge::DT_FLOAT16; }
static const std::set<ge::DataType> kTypes = {ge::DT_FLOAT, ge::DT_INT8};
CPP
printf 'include("%s/cmake/opsim_op_library.cmake")\n_opsim_op_library_dtype_columns(n "%s" "%s")\nmessage(STATUS "columns=${n}")\n' \
  "$src" "$work/long_def.cpp" "$work/short_tiling.cpp" >"$work/count.cmake"
out=$(cmake -P "$work/count.cmake" 2>&1)
printf '%s' "$out" | grep -qF -- "-- columns=20" || fail "wanted 20 columns counted, got: $out"
printf 'include("%s/cmake/opsim_op_library.cmake")\n_opsim_op_library_dtype_columns(n "%s")\nmessage(STATUS "columns=${n}")\n' \
  "$src" "$work/short_tiling.cpp" >"$work/count2.cmake"
out=$(cmake -P "$work/count2.cmake" 2>&1)
printf '%s' "$out" | grep -qF -- "-- columns=2" || fail "wanted 2 columns counted, got: $out"

# DataTypeList lists combine with every column of the others: 3 columns x 2 x 2 types.
cat >"$work/list_def.cpp" <<'CPP'
this->Input("a").DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16});
this->Input("b").DataTypeList(
    {ge::DT_INT32, ge::DT_INT64});
this->Output("c").DataTypeList({ge::DT_FLOAT, ge::DT_INT8}).FormatList({ge::FORMAT_ND});
CPP
printf 'include("%s/cmake/opsim_op_library.cmake")\n_opsim_op_library_dtype_columns(n "%s")\nmessage(STATUS "columns=${n}")\n' \
  "$src" "$work/list_def.cpp" >"$work/count3.cmake"
out=$(cmake -P "$work/count3.cmake" 2>&1)
printf '%s' "$out" | grep -qF -- "-- columns=12" || fail "wanted 12 columns counted, got: $out"

# A kernel is per column when a header it reaches by a relative include names a DTYPE_ macro
# (ops-nn's foreach kernels: "../foreach_utils/x.h", which includes "y.h" beside it), even one
# outside the kernel's folder; one that reaches none is compiled once.
mkdir -p "$work/inc/op" "$work/inc/utils"
printf '#include "kernel_operator.h"\n#include "../utils/outer.h"\n' >"$work/inc/op/op.cpp"
printf '#include "inner.h"\n' >"$work/inc/utils/outer.h"
printf 'GlobalTensor<DTYPE_SCALAR> g;\n' >"$work/inc/utils/inner.h"
printf '#include "../utils/plain.h"\nint ASCENDC_TPL_DTYPE_DECL;\n' >"$work/inc/op/plain.cpp"
printf 'int plain;\n' >"$work/inc/utils/plain.h"
for k in op plain; do
  printf 'include("%s/cmake/opsim_op_library.cmake")\n_opsim_op_library_names_column_macro(p r "%s")\nmessage(STATUS "per_column=${p}")\n' \
    "$src" "$work/inc/op/$k.cpp" >"$work/macro_$k.cmake"
done
out=$(cmake -P "$work/macro_op.cmake" 2>&1)
printf '%s' "$out" | grep -qF -- "-- per_column=TRUE" || fail "DTYPE_ two includes away not seen: $out"
out=$(cmake -P "$work/macro_plain.cmake" 2>&1)
printf '%s' "$out" | grep -qF -- "-- per_column=FALSE" || fail "no DTYPE_ taken for one: $out"

for bad in x 0 -3; do
  printf 'include("%s/cmake/opsim_op_library.cmake")\nopsim_add_op_library(t SOURCES a.cpp COLUMN_SLOTS %s)\n' \
    "$src" "$bad" >"$work/bad.cmake"
  out=$(cmake -P "$work/bad.cmake" 2>&1)
  code=$?
  if [ "$code" -eq 0 ] || ! printf '%s' "$out" | tr '\n' ' ' | tr -s ' ' |
    grep -qF "COLUMN_SLOTS '$bad' (expected a positive number of dtype columns)"; then
    fail "COLUMN_SLOTS $bad accepted or unnamed (exit $code): $out"
  fi
done

# TplAddBcast has two dtype columns: one unit is too few for a per-column kernel...
out=$("$gen" --library "$opdefs" --out "$work/gen1" --slots 1 --kernel "$kernel" 2>&1)
code=$?
if [ "$code" -eq 0 ] || ! printf '%s' "$out" |
  grep -qF "TplAddBcast has 2 dtype columns, one kernel unit each, and the build declared 1 units" ||
  ! printf '%s' "$out" | grep -qF "give opsim_add_op_library COLUMN_SLOTS 2"; then
  fail "opsim_op_gen --slots 1 on a 2-column kernel (exit $code): $out"
fi
# ...and enough for one compiled once for every column; two units hold its two columns.
"$gen" --library "$opdefs" --out "$work/gen2" --slots 1 --single-kernel "$kernel" >"$work/gen2.log" 2>&1 ||
  fail "opsim_op_gen --slots 1 --single-kernel: $(cat "$work/gen2.log")"
"$gen" --library "$opdefs" --out "$work/gen3" --slots 2 --kernel "$kernel" >"$work/gen3.log" 2>&1 ||
  fail "opsim_op_gen --slots 2 on a 2-column kernel: $(cat "$work/gen3.log")"
[ -f "$work/gen3/tpl_add_bcast_col1.cc" ] || fail "no unit for column 1 with --slots 2"
for bad in abc 0 7x; do
  out=$("$gen" --library "$opdefs" --out "$work/gen4" --slots "$bad" 2>&1)
  code=$?
  if [ "$code" -eq 0 ] || ! printf '%s' "$out" | grep -qF -- "--slots '$bad' (expected a number from 1 to 100000)"; then
    fail "opsim_op_gen --slots $bad (exit $code): $out"
  fi
done

[ "$failures" -eq 0 ] || { echo "$failures failed"; exit 1; }
echo "all passed"
