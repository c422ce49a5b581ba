#!/bin/sh
# Two kernels of today's CANN dialect that choose code in the preprocessor (testdata/kt_dialect):
# KtPairScale's entry is a template in the operator build and an extern "C" function under
# __CCE_KT_TEST__ (which that build must not define: the library would not build), and
# KeyIfScale tests TILING_KEY_VAR in #if, so opsim_add_op_library compiles it once per group of
# keys the condition tells apart, each with TILING_KEY_VAR that group's constant. Both through
# opsim exec against numpy, every key; and the units KeyIfScale was built from.
# Usage: kt_dialect_test.sh opsim libkt_dialect_ops.so <its generated kernel units folder>
set -u
opsim=$1 lib=$2 units=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
# Debian's python3, with python3-numpy (scripts/setup.sh); the first python3 on PATH may lack it.
py=/usr/bin/python3
fail() {
  echo "FAIL: $1"
  cat "$work/log"
  failures=$((failures + 1))
}

"$py" - "$work" <<'PY' || { echo "FAIL: making the inputs"; exit 1; }
import sys
import numpy as np
work = sys.argv[1]
rng = np.random.default_rng(25)
x = rng.uniform(-4, 4, size=(37, 129)).astype(np.float32)  # 4773: two tiles and a tail
np.save(f"{work}/x_f32.npy", x)
np.save(f"{work}/x_f16.npy", x.astype(np.float16))
PY

check() {  # check <y.npy> <x.npy> <factor> <offset>: y == x * factor + offset
  "$py" - "$@" >"$work/log" 2>&1 <<'PY'
import sys
import numpy as np
y, x = np.load(sys.argv[1]), np.load(sys.argv[2])
want = x * x.dtype.type(float(sys.argv[3])) + x.dtype.type(float(sys.argv[4]))
tol = 0 if x.dtype == np.float32 else 1e-3
if y.shape != x.shape or y.dtype != x.dtype or not np.allclose(y, want, rtol=tol, atol=tol):
    print("max abs err", float(np.max(np.abs(y.astype(np.float64) - want))))
    sys.exit(1)
PY
}

for dtype in f32 f16; do
  "$opsim" exec --library "$lib" --op KtPairScale --input x="$work/x_$dtype.npy" \
    --output y="$work/pair_$dtype.npy" --checked >"$work/log" 2>&1 ||
    { fail "opsim exec of KtPairScale $dtype"; continue; }
  check "$work/pair_$dtype.npy" "$work/x_$dtype.npy" 2 1 || fail "KtPairScale $dtype disagrees"
done

# mode 1 is the key the #if names: x * 3 + 1; modes 0 and 2 share the other branch.
for case in "0 2" "1 3" "2 2"; do
  set -- $case
  "$opsim" exec --library "$lib" --op KeyIfScale --input x="$work/x_f32.npy" \
    --output y="$work/key_$1.npy" --mode "$1" --checked >"$work/log" 2>&1 ||
    { fail "opsim exec of KeyIfScale mode $1"; continue; }
  check "$work/key_$1.npy" "$work/x_f32.npy" "$2" "$1" || fail "KeyIfScale mode $1 disagrees"
done

# One unit per group of keys the #if tells apart (keys 0 and 2; key 1), the #if's key constant.
grep -q "^// Tiling keys 0 2:" "$units/key_if_scale_col0_key0.cc" &&
  grep -q "^#define TILING_KEY_VAR 0ULL" "$units/key_if_scale_col0_key0.cc" ||
  { echo "key_if_scale_col0_key0.cc:"; head -5 "$units/key_if_scale_col0_key0.cc"; fail "group 0"; }
grep -q "^// Tiling keys 1:" "$units/key_if_scale_col0_key1.cc" &&
  grep -q "^#define TILING_KEY_VAR 1ULL" "$units/key_if_scale_col0_key1.cc" ||
  { echo "key_if_scale_col0_key1.cc:"; head -5 "$units/key_if_scale_col0_key1.cc"; fail "group 1"; }
# KtPairScale's entry is named after its architecture: its units are kt_pair_scale_arch22_col*.
[ -f "$units/kt_pair_scale_arch22_col1.cc" ] || { : >"$work/log"; fail "KtPairScale's units"; }

if [ "$failures" -ne 0 ]; then
  echo "$failures failed"
  exit 1
fi
echo "KtPairScale (template entry) and KeyIfScale (a unit per key group) agree with numpy"
