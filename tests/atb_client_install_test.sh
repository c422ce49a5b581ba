#!/bin/sh
# Installs the already-built tree into a temporary prefix, builds examples/atb_client against it
# with find_package(opsim CONFIG), and runs it on the installed device profiles. The client must
# also compile as C++17 against the installed headers alone (ATB code is often C++17).
# Usage: atb_client_install_test.sh <build dir> <source dir> [<CXX flags of the build>]
# The flags matter for sanitizer builds: the client must link the same runtime as the libraries.
set -eu
build_dir=$1
source_dir=$2
cxx_flags=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" > "$work/install.log"
test -f "$work/prefix/include/atb/atb_infer.h"
test -f "$work/prefix/include/kernel_operator.h"
test -f "$work/prefix/include/acl/acl.h"
${CXX:-c++} -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I"$work/prefix/include" \
  "$source_dir/examples/atb_client/main.cc"
cmake -S "$source_dir/examples/atb_client" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_CXX_FLAGS="$cxx_flags" > "$work/configure.log" ||
  { cat "$work/configure.log"; exit 1; }
cmake --build "$work/build" -j2 > "$work/build.log" || { cat "$work/build.log"; exit 1; }
OPSIM_CONFIG_DIR="$work/prefix/share/opsim" "$work/build/atb_client"
# The ONNX importer of the package on a conformance folder, when the shared data is there.
folder="$source_dir/../shared/conformance/onnx/test_reduce_sum_do_not_keepdims_example"
if [ -d "$folder" ]; then
  OPSIM_CONFIG_DIR="$work/prefix/share/opsim" "$work/build/onnx_client" "$folder" | grep -qx PASS
fi
