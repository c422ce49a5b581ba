#!/usr/bin/env bash
# Build an unchanged public Ascend C project against an opsim install prefix (docs/PUBLIC_KERNELS.md).
#   scripts/try_public_kernel.sh op <project dir: op_host/ + op_kernel/> <build dir> [prefix]
#       writes <build dir>/CMakeLists.txt (find_package(opsim) + opsim_add_op_library(t ...) over
#       every op_host/*.cpp and op_kernel/*.cpp), builds <build dir>/b/libt.so; run it with
#       <prefix>/bin/opsim exec --library <build dir>/b/libt.so --op <OpType> ... --checked
#   scripts/try_public_kernel.sh launch <kernel-launch project dir> <build dir> [prefix]
#       copies the project to <build dir>/src and configures, builds and installs it there in
#       cpu mode with CMAKE_PREFIX_PATH=<prefix> (docs/CPU_DEBUG.md); run its own data scripts
#       and out/bin/ascendc_kernels_bbit from <build dir>/src.
# Nothing is downloaded; the project's files are only read (launch projects are copied).
set -euo pipefail
kind=${1:?op|launch}; proj=$(realpath "${2:?project dir}"); out=${3:?build dir}
prefix=$(realpath "${4:-/tmp/opsim-prefix}")
mkdir -p "$out"; out=$(realpath "$out")
case "$kind" in
  op)
    srcs=$(ls "$proj"/op_host/*.cpp "$proj"/op_kernel/*.cpp | sed 's/.*/  "&"/')
    cat > "$out/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.25)
project(try_public_kernel CXX)
find_package(opsim CONFIG REQUIRED)
opsim_add_op_library(t SOURCES
$srcs)
CM
    cmake -S "$out" -B "$out/b" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
          ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER} >/dev/null
    cmake --build "$out/b" -j"${JOBS:-2}"
    echo "library: $out/b/libt.so"
    ;;
  launch)
    rm -rf "$out/src"; cp -r "$proj" "$out/src"; cd "$out/src"
    CMAKE_PREFIX_PATH="$prefix" cmake -B build -DRUN_MODE=cpu -DSOC_VERSION="${SOC_VERSION:-Ascend910B1}" >/dev/null
    cmake --build build -j"${JOBS:-2}" && cmake --install build >/dev/null
    echo "program: $out/src/out/bin/ascendc_kernels_bbit (LD_LIBRARY_PATH=$out/src/out/lib:$prefix/lib64)"
    ;;
  *) echo "usage: $0 op|launch <project> <build dir> [prefix]" >&2; exit 2 ;;
esac
