#!/bin/bash
# The older kernel-launch layout (project(LANGUAGES CCE CXX), cmake/Modules, cmake/cpu,
# cmake/npu) against an installed opsim, with opsim's own project testdata/cce_project.
#   project <prefix> <project> <work>   source <prefix>/bin/setenv.bash (puts ccec on PATH),
#                                       configure as those projects' run.sh does, build every
#                                       target (the C++ CPU-debug program and the CCE one built
#                                       by ccec) and run both: each must check its result itself
#   ccec-errors <prefix> <work>         ccec refuses what it does not know, naming it
set -euo pipefail
mode=$1
prefix=$2

expect_error() {  # expect_error <text the message must contain> <ccec args...>
  local want=$1 out rc
  shift
  set +e
  out=$("$prefix/bin/ccec" "$@" 2>&1)
  rc=$?
  set -e
  echo "ccec $*: exit $rc: $out"
  [ "$rc" -ne 0 ] || { echo "expected ccec to fail"; exit 1; }
  [[ "$out" == *"$want"* ]] || { echo "expected the message to contain: $want"; exit 1; }
}

case "$mode" in
  project)
    project=$3
    work=$4/cce_project
    rm -rf "$work"
    mkdir -p "$4"
    cp -r "$project" "$work"
    chmod -R u+w "$work"
    cd "$work"
    unset CMAKE_PREFIX_PATH ASCEND_HOME_PATH ASCEND_TOOLKIT_HOME OPSIM_CONFIG_DIR
    # shellcheck source=/dev/null
    source "$prefix/bin/setenv.bash"
    [ "$(command -v ccec)" = "$prefix/bin/ccec" ] || { echo "setenv.bash did not put ccec on PATH"; exit 1; }
    cmake -B build -Dsmoke_testcase=scale_add -DASCEND_PRODUCT_TYPE=Ascend910B1 \
      -DASCEND_CORE_TYPE=VectorCore -DASCEND_RUN_MODE=cpu -DASCEND_INSTALL_PATH="$prefix"
    cmake --build build -j2 -- VERBOSE=1 | tee build.log
    grep -q -- "ccec -xcce" build.log || { echo "the CCE target was not compiled by ccec"; exit 1; }
    for program in scale_add_cpu scale_add_npu; do
      ./build/$program | tee "$program.log"
      grep -q "^\[SUCCESS\] ICPU_RUN_KF(scale_add, blockDim=8) on Ascend910B1" "$program.log"
      grep -q "all 16384 elements match" "$program.log"
    done
    ;;
  ccec-errors)
    work=$3/ccec_errors
    rm -rf "$work"
    mkdir -p "$work"
    echo 'int f() { return 1; }' > "$work/k.cpp"
    expect_error "unknown CCE option '--cce-no-such'" -xcce --cce-no-such -c "$work/k.cpp" -o "$work/k.o"
    expect_error "unknown option '-qno-such'" -xcce -qno-such -c "$work/k.cpp" -o "$work/k.o"
    expect_error "unknown --cce-aicore-arch 'dav-x999'" \
      -xcce --cce-aicore-arch=dav-x999 -c "$work/k.cpp" -o "$work/k.o"
    expect_error "no such input file '$work/missing.cpp'" -xcce -c "$work/missing.cpp"
    expect_error "option '-mllvm' needs an argument" -xcce -c "$work/k.cpp" -mllvm
    expect_error "no input files" -xcce -O2
    # and what it does know compiles (dav-m300: Ascend310B, the ascend310b profile)
    "$prefix/bin/ccec" -xcce --cce-aicore-arch=dav-m300-vec -c "$work/k.cpp" -o "$work/k.o"
    "$prefix/bin/ccec" -xcce --cce-aicore-arch=dav-c220-vec --cce-auto-sync -mllvm -api-deps-filter \
      -O2 -std=c++17 -fPIC -pthread -c "$work/k.cpp" -o "$work/k.o"
    "$prefix/bin/ccec" --cce-fatobj-link -fPIC --cce-build-static-lib -o "$work/libk.a" "$work/k.o"
    ar t "$work/libk.a" | grep -qx k.o
    # --cce-auto-sync=off reaches ICPU_RUN_KF: a kernel that reads a vector result with GetValue
    # and no SetFlag<V_S>/WaitFlag<V_S> faults when built with it off, unless OPSIM_AUTO_SYNC=on.
    expect_error "'--cce-auto-sync=maybe' is not an auto-sync setting" \
      -xcce --cce-auto-sync=maybe -c "$work/k.cpp" -o "$work/k.o"
    cat > "$work/sync.cpp" <<'EOF_KERNEL'
#include "kernel_operator.h"
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void scalar_after_vector(GM_ADDR y) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 256);
  AscendC::LocalTensor<float> t = buf.Get<float>();
  AscendC::Duplicate(t, 3.0f, 64);
  AscendC::GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float*)y, 1);
  g.SetValue(0, t.GetValue(0));
}
int main() {
  uint8_t* y = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(float)));
  ICPU_RUN_KF(scalar_after_vector, 1, y);
  AscendC::GmFree(y);
  return 0;
}
EOF_KERNEL
    # (compile, then link, as the CCE projects' rules do; their CMake modules link CANN's runtime
    # in the npu and sim modes, which ccec drops)
    for setting in on off; do
      "$prefix/bin/ccec" -xcce --cce-aicore-arch=dav-c220-vec --cce-auto-sync=$setting -std=c++17 \
        -c "$work/sync.cpp" -o "$work/sync_$setting.o"
      "$prefix/bin/ccec" "$work/sync_$setting.o" -o "$work/sync_$setting" -lruntime -lruntime_camodel
    done
    "$work/sync_on"
    set +e
    out=$("$work/sync_off" 2>&1)
    rc=$?
    set -e
    echo "sync_off: exit $rc: $out"
    [ "$rc" -eq 1 ] && grep -q "SetFlag<V_S>/WaitFlag<V_S>" <<<"$out" ||
      { echo "a kernel built with --cce-auto-sync=off did not fault"; exit 1; }
    OPSIM_AUTO_SYNC=on "$work/sync_off"
    ;;
  *)
    echo "unknown mode '$mode' (expected project or ccec-errors)"
    exit 2
    ;;
esac
