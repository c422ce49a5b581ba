#!/bin/sh
# Template kernels of today's CANN dialect (testdata/tpl_dialect): TplAddBcast's kernel is a
# template over its tiling key's fields (ASCENDC_TPL_DATATYPE x ASCENDC_TPL_UINT list), TplCenter's
# over a BOOL field (and it passes partial sums through its workspace); opsim_add_op_library
# builds each once per selected key and the launch takes the key the tiling sets. Every scheme
# and dtype through opsim exec against numpy, and a key the selection did not build refused with
# a message naming the op and the key's fields. float64 and int64 are left to TplAddBcast's AI CPU
# OpDef (op_kernel_aicpu): their cases run its REGISTER_CPU_KERNEL kernel.
# Usage: tpl_dialect_test.sh opsim libtpl_dialect_ops.so tests/op_api/testdata/tpl_dialect
set -u
opsim=$1 lib=$2 data=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
  echo "FAIL: $1"
  cat "$work/log"
  failures=$((failures + 1))
}

cases=$(python3 "$data/check.py" make "$work") || { echo "FAIL: check.py make"; exit 1; }
add() {  # add <case> [extra flags...]: exec, then numpy's check
  name=$1
  shift
  "$opsim" exec --library "$lib" --op TplAddBcast --input x1="$work/${name}_x1.npy" \
    --input x2="$work/${name}_x2.npy" --output y="$work/${name}_y.npy" --checked "$@" \
    >"$work/log" 2>&1 || { fail "opsim exec of $name $*"; return; }
  python3 "$data/check.py" add "$work/${name}_x1.npy" "$work/${name}_x2.npy" \
    "$work/${name}_y.npy" >"$work/log" 2>&1 || fail "$name $* disagrees with numpy"
}
for name in $cases; do add "$name"; done
# The rows scheme on same shapes (key 256: D_T_X=float, schMode=1) must agree too.
add same_f32 --sch_mode 1

# schMode 2 is declared but not selected: key 2 << 8 = 512 has no instantiation.
"$opsim" exec --library "$lib" --op TplAddBcast --input x1="$work/same_f32_x1.npy" \
  --input x2="$work/same_f32_x2.npy" --output y="$work/refused.npy" --sch_mode 2 \
  >"$work/log" 2>&1 && fail "an unselected key was launched"
grep -q "TplAddBcast: the tiling set tiling key 512 (D_T_X=0 (DT_FLOAT), schMode=2)" \
  "$work/log" || fail "the refusal names the op and the key's fields"
grep -q "ASCENDC_TPL_SEL selects 0 (D_T_X=0 (DT_FLOAT), schMode=0); 256 (" "$work/log" ||
  fail "the refusal lists the keys that were built for the column"
# An index past the declared list decodes as such (sch_mode 3 is not declared: the key is
# CANN's INVALID_TILING_KEY, all bits set).
"$opsim" exec --library "$lib" --op TplAddBcast --input x1="$work/same_f16_x1.npy" \
  --input x2="$work/same_f16_x2.npy" --output y="$work/refused.npy" --sch_mode 3 \
  >"$work/log" 2>&1 && fail "an undeclared scheme was launched"
grep -q "schMode = 3 is not among its declared values" "$work/log" ||
  fail "GET_TPL_TILING_KEY's error for an undeclared value"
grep -q "tiling key 18446744073709551615" "$work/log" || fail "the invalid key is refused"

# TplCenter: partial sums through the workspace, SyncAll, and a BOOL key (scale != 1).
for name in center_small center_mid center_big; do
  for scale in 1 -2.5; do
    "$opsim" exec --library "$lib" --op TplCenter --input x="$work/$name.npy" \
      --output y="$work/${name}_y.npy" --scale "$scale" --checked >"$work/log" 2>&1 ||
      { fail "opsim exec of TplCenter $name scale $scale"; continue; }
    python3 "$data/check.py" center "$work/$name.npy" "$work/${name}_y.npy" "$scale" \
      >"$work/log" 2>&1 || fail "TplCenter $name scale $scale disagrees with numpy"
  done
done

if [ "$failures" -ne 0 ]; then
  echo "$failures failed"
  exit 1
fi
echo "TplAddBcast and TplCenter agree with numpy for every selected key; unselected keys are refused"
