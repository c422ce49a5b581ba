#!/bin/sh
# The MatmulCustom sample (../shared/ascendc_samples/op_projects/MatmulCustom, unmodified): its
# tiling function calls the Matmul tiling API, its kernel the high-level Matmul with a bias (a
# MIX kernel: one AIC serving two AIV on the 910B). Built by opsim_add_op_library, run by
# `opsim exec` in checked mode, compared with numpy's a @ b + bias (small integers: exact).
# Exit 77 (a ctest skip) when no python3 has numpy.
# Usage: opsim libsample_matmul_custom_ops.so
set -u
opsim=$1 lib=$2
if python3 -c 'import numpy' 2>/dev/null; then
  py=python3
elif /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
  py=/usr/bin/python3
else
  echo "SKIP: no python3 with numpy"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$py" - "$work" <<'PY' || exit 1
import sys
import numpy as np
w = sys.argv[1]
rng = np.random.default_rng(30)
a = rng.integers(-4, 5, (384, 96)).astype(np.float16)
b = rng.integers(-4, 5, (96, 320)).astype(np.float16)
bias = rng.integers(-50, 51, (320,)).astype(np.float32)
np.save(w + "/a.npy", a)
np.save(w + "/b.npy", b)
np.save(w + "/bias.npy", bias)
np.save(w + "/want.npy", a.astype(np.float32) @ b.astype(np.float32) + bias)
PY
"$opsim" exec --library "$lib" --op MatmulCustom --checked --input a="$work/a.npy" \
  --input b="$work/b.npy" --input bias="$work/bias.npy" --output-shape c=384,320 \
  --output c="$work/c.npy" >"$work/log" 2>&1 || { cat "$work/log"; echo "FAIL: opsim exec"; exit 1; }
"$py" - "$work" <<'PY' || exit 1
import sys
import numpy as np
w = sys.argv[1]
got, want = np.load(w + "/c.npy"), np.load(w + "/want.npy")
if got.shape != want.shape or not np.array_equal(got, want):
    bad = np.argwhere(got != want)
    print("FAIL: c differs from a @ b + bias at", bad[:5].tolist(), "of", bad.shape[0])
    sys.exit(1)
print("MatmulCustom agrees with numpy")
PY
