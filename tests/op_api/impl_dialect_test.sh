#!/bin/sh
# An operator written in today's CANN dialect (testdata/impl_dialect: IMPL_OP_INFERSHAPE,
# IMPL_OP_OPTILING with TilingParse<CompileInfo>, GetTilingData<T>, a literal tiling key) built by
# opsim_add_op_library, through every door a user's library has: opsim exec, a YAML graph and a
# case suite (opsim run), each agreeing with make_data.py's independent values; and the text an
# OP_LOGE of its tiling function records reaching the command line, naming the op.
# Usage: opsim libimpl_softsign_ops.so tests/op_api/testdata
set -u
opsim=$1 lib=$2 data=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
  echo "FAIL: $1"
  [ -f "$work/log" ] && cat "$work/log"
  failures=$((failures + 1))
}
check() {  # check <output.npy> <scale> <what> [<input.npy>]
  python3 "$data/impl_dialect/make_data.py" check "${4:-$data/cases/impl_softsign/x.npy}" "$1" \
    "$2" >"$work/log" 2>&1 || fail "$3 disagrees with make_data.py"
}

"$opsim" exec --library "$lib" --op ImplSoftsign --input x="$data/cases/impl_softsign/x.npy" \
  --output y="$work/exec.npy" --scale 2 --checked >"$work/log" 2>&1 || fail "opsim exec"
check "$work/exec.npy" 2 "opsim exec --scale 2"
"$opsim" exec --library "$lib" --op ImplSoftsign --input "$data/cases/impl_softsign/x.npy" \
  --output "$work/exec1.npy" >"$work/log" 2>&1 || fail "opsim exec, default scale"
check "$work/exec1.npy" 1 "opsim exec, default scale"

# Several UB tiles per core (a tile holds 9816 floats) and a last core's ragged tail.
python3 "$data/impl_dialect/make_data.py" write-big "$work"
"$opsim" exec --library "$lib" --op ImplSoftsign --input x="$work/x_big.npy" \
  --output y="$work/exec_big.npy" --scale 0.5 >"$work/log" 2>&1 || fail "opsim exec, 480013 values"
check "$work/exec_big.npy" 0.5 "opsim exec on 480013 values" "$work/x_big.npy"

"$opsim" graph --library "$lib" "$data/impl_dialect/softsign_graph.yaml" \
  --input x="$data/cases/impl_softsign/x.npy" --output y="$work/graph.npy" >"$work/log" 2>&1 ||
  fail "opsim graph"
check "$work/graph.npy" 2 "the YAML graph"

"$opsim" run --library "$lib" "$data/cases/impl_softsign/suite.yaml" >"$work/log" 2>&1 ||
  fail "opsim run of the case suite"
grep -q "2 passed, 0 failed" "$work/log" || fail "the suite's summary"

# The tiling refuses a scale that is not finite with OP_LOGE(context->GetNodeName(), ...).
"$opsim" exec --library "$lib" --op ImplSoftsign --input x="$data/cases/impl_softsign/x.npy" \
  --output y="$work/bad.npy" --scale inf >"$work/log" 2>&1 && fail "a scale of inf was accepted"
grep -q "ImplSoftsign: scale inf is refused: it must be finite" "$work/log" ||
  fail "the OP_LOGE text, naming the op"
[ -f "$work/bad.npy" ] && fail "a refused run wrote its output"

if [ "$failures" -ne 0 ]; then
  echo "$failures failed"
  exit 1
fi
echo "ImplSoftsign agrees through exec, graph and run"
