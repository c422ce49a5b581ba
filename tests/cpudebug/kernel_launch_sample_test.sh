#!/bin/bash
# Builds and runs one of Ascend's kernel-launch samples (../shared/ascendc_samples/kernel_launch,
# unmodified) in CPU mode against an installed opsim, and passes when the sample's own
# verify_result.py does.
#   install <build dir> <prefix>          cmake --install into <prefix> (the fixture)
#   refuse-soc <prefix> <work> <SoC>       find_package(tikicpulib) with SOC_VERSION=<SoC> fails
#                                          naming the SoC and the supported ones
#   run-sh <prefix> <sample> <work> <SoC>  the sample's `run.sh -r cpu -v <SoC> -i <prefix>`
#   prefix-path <prefix> <sample> <work> <SoC>
#                                          CMAKE_PREFIX_PATH=<prefix> and the sample's own
#                                          cmake commands, then its scripts
# The sample is copied into <work> first: run.sh writes build/, out/, input/ and output/ beside
# itself, and the shared folder is read-only. Exit 77 (a ctest skip) when no python3 has numpy.
set -euo pipefail
mode=$1

if [ "$mode" = install ]; then
  rm -rf "$3"
  cmake --install "$2" --prefix "$3" > "$3.install.log" || { cat "$3.install.log"; exit 1; }
  for f in bin/setenv.bash bin/ccec include/opsim/cpudebug/cxx11_abi.h include/tikicpulib.h include/acl/acl.h lib64 \
           tools/tikicpulib/lib/cmake/tikicpulib/tikicpulibConfig.cmake; do
    [ -e "$3/$f" ] || { echo "install is missing $3/$f"; exit 1; }
  done
  exit 0
fi

if [ "$mode" = refuse-soc ]; then
  prefix=$2
  work=$3/refuse-$4
  rm -rf "$work"
  mkdir -p "$work"
  cat > "$work/CMakeLists.txt" << 'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(refuse_soc NONE)
find_package(tikicpulib REQUIRED)
CMAKE
  if cmake -S "$work" -B "$work/build" -DSOC_VERSION="$4" -DCMAKE_PREFIX_PATH="$prefix" \
       > "$work/configure.log" 2>&1; then
    echo "configuring with SOC_VERSION=$4 succeeded; expected a refusal"
    exit 1
  fi
  cat "$work/configure.log"
  # CMake wraps the message: compare with the line breaks and indents folded into spaces.
  text=$(tr -s ' \n' '  ' < "$work/configure.log")
  [[ "$text" == *"SOC_VERSION $4 has no simulated device"* ]] || exit 1
  [[ "$text" == *"use one of: Ascend910A, Ascend910B1, "* ]] || exit 1
  exit 0
fi

prefix=$2
sample=$3
work=$4
soc=$5
name=$(basename "$sample")

# The samples call `python3`; the one first on PATH may lack numpy while Debian's has it.
if python3 -c 'import numpy' 2> /dev/null; then
  :
elif /usr/bin/python3 -c 'import numpy' 2> /dev/null; then
  # One shim folder per sample: the two sample tests may run at once.
  mkdir -p "$work/$name.python"
  ln -sf /usr/bin/python3 "$work/$name.python/python3"
  export PATH="$work/$name.python:$PATH"
else
  echo "SKIP: no python3 with numpy (the sample's gen_data.py and verify_result.py need it);" \
       "scripts/setup.sh installs Debian's python3-numpy"
  exit 77
fi

rm -rf "$work/$name"
mkdir -p "$work"
cp -r "$sample" "$work/$name"
chmod -R u+w "$work/$name"
cd "$work/$name"
# The sample's cmake must find the package only through the paths under test.
unset CMAKE_PREFIX_PATH ASCEND_HOME_PATH ASCEND_TOOLKIT_HOME OPSIM_CONFIG_DIR

case "$mode" in
  run-sh)
    # Under the sanitizers the sample is instrumented too; its own host code's leaks are not ours.
    export LSAN_OPTIONS="suppressions=$(dirname "$0")/sample_leaks.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
    bash run.sh -r cpu -v "$soc" -i "$prefix" 2>&1 | tee run.log
    rc=${PIPESTATUS[0]}
    [ "$rc" -eq 0 ] || { echo "run.sh exited $rc"; exit 1; }
    grep -q "test pass" run.log || { echo "verify_result.py did not print 'test pass'"; exit 1; }
    ;;
  prefix-path)
    export CMAKE_PREFIX_PATH=$prefix
    cmake -B build -DRUN_MODE=cpu -DSOC_VERSION="$soc" -DCMAKE_BUILD_TYPE=Debug \
      -DCMAKE_INSTALL_PREFIX="$PWD/out"
    cmake --build build -j2
    cmake --install build
    mkdir -p input output
    python3 scripts/gen_data.py
    # The binary is run from outside its build tree, as run.sh does: the libraries come from
    # the prefix's lib64.
    LD_LIBRARY_PATH="$PWD/out/lib:$prefix/lib64" ./out/bin/ascendc_kernels_bbit
    python3 scripts/verify_result.py output/output_z.bin output/golden.bin | tee verify.log
    grep -q "test pass" verify.log || { echo "verify_result.py did not print 'test pass'"; exit 1; }
    # The Add kernel needs none of the syncs CANN's --cce-auto-sync inserts (its hand-offs are
    # queues): it runs as clean with auto-sync off (docs/CHECKS.md, "Synchronisation").
    rm -f output/output_z.bin
    OPSIM_AUTO_SYNC=off LD_LIBRARY_PATH="$PWD/out/lib:$prefix/lib64" ./out/bin/ascendc_kernels_bbit
    python3 scripts/verify_result.py output/output_z.bin output/golden.bin | tee verify.log
    grep -q "test pass" verify.log || { echo "auto-sync off: verify_result.py did not print 'test pass'"; exit 1; }
    ;;
  *)
    echo "unknown mode '$mode' (expected install, run-sh or prefix-path)"
    exit 2
    ;;
esac
