#!/bin/sh
# The public sample operator projects, unmodified, built with opsim_add_op_library against the
# installed package (examples/op_project), then run by the installed CLI with --library and
# compared with numpy: AddCustom float16 [8,2048], LeakyReluCustom float32 with
# negative_slope=0.1, and a YAML graph of two chained AddCustom nodes. Then AddCustom's
# single-operator API installed into the prefix as CANN's vendor package (docs/ACLNN.md) and the
# AclNN sample application, unmodified (a copy: its run.sh builds in its own folder), built and
# run by its own run.sh with the prefix as the toolkit. Last, our own operators under CANN's aclnn
# signatures from the prefix (libopapi, include/aclnnop): a C++11 application of aclnnAbs,
# aclnnAdds and aclnnReduceSum (tests/aclnn/testdata/opapi_app) built and run against it. Then an
# `.asc` project in asc-devkit's layout (tests/cpudebug/testdata/asc_project: find_package(ASC),
# LANGUAGES ASC, <<<>>> launches of __vector__, __mix__(1, 2) and __cube__ kernels, a `.cpp` kernel
# of an ascendc_library) configured with only CMAKE_PREFIX_PATH, built and run; an architecture
# without a device refused at configure, a bad launch refused by opsim-asc naming its line, and
# ascendc_library's refusals; a kernel-launch project in the npu run mode (CANN's kernel-launch
# framework, aclrtlaunch_<kernel>.h). Last, a `.asc` project against the build tree, not installed.
# Usage: op_project_install_test.sh <build dir> <source dir> <op projects dir> [<CXX flags>]
# Exits 77 (skipped) when /usr/bin/python3 has no numpy (scripts/setup.sh --peers installs it).
set -eu
build_dir=$1
source_dir=$2
projects=$3
cxx_flags=${4:-}
python=/usr/bin/python3
if ! "$python" -c 'import numpy' 2>/dev/null; then
  echo "skipped: $python has no numpy (scripts/setup.sh --peers installs python3-numpy)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" > "$work/install.log"
cmake -S "$source_dir/examples/op_project" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" -DOP_PROJECTS="$projects" -DCMAKE_CXX_FLAGS="$cxx_flags" \
  > "$work/configure.log" 2>&1 || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/build" -j2 > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
opsim="$work/prefix/bin/opsim"
export OPSIM_CONFIG_DIR="$work/prefix/share/opsim"
cd "$work"
"$python" - <<'PY'
import numpy as np
rng = np.random.default_rng(7)
np.save("x.npy", rng.uniform(-4, 4, (8, 2048)).astype(np.float16))
np.save("y.npy", rng.uniform(-4, 4, (8, 2048)).astype(np.float16))
np.save("f.npy", rng.uniform(-4, 4, (8, 2048)).astype(np.float32))
PY
"$opsim" exec --library build/libadd_custom_ops.so --op AddCustom --checked \
  --input x=x.npy --input y=y.npy --output z=z.npy
"$opsim" exec --library build/libleaky_relu_ops.so --op LeakyReluCustom --checked \
  --attr negative_slope=0.1 --input f.npy --output g.npy
OPSIM_OP_LIBRARIES=build/libadd_custom_ops.so "$opsim" graph \
  "$source_dir/tests/op_api/testdata/add_custom_chain.yaml" \
  --input x=x.npy --input y=y.npy --output w=w.npy
"$python" - <<'PY'
import numpy as np
x, y, f = np.load("x.npy"), np.load("y.npy"), np.load("f.npy")
def add(a, b):  # the vector unit adds float16 in float32 and rounds once
    return (a.astype(np.float32) + b.astype(np.float32)).astype(np.float16)
z, g, w = np.load("z.npy"), np.load("g.npy"), np.load("w.npy")
assert z.dtype == np.float16 and z.shape == (8, 2048), (z.dtype, z.shape)
assert np.array_equal(z, add(x, y)), "AddCustom differs from numpy"
want = np.maximum(f, 0) + np.minimum(f, 0) * np.float32(0.1)
assert np.array_equal(g, want), "LeakyReluCustom differs from numpy: %g" % np.abs(g - want).max()
assert np.array_equal(w, add(add(x, y), y)), "the AddCustom chain differs from numpy"
print("AddCustom, LeakyReluCustom and the AddCustom chain agree with numpy")
PY
cmake --install "$work/build" --prefix "$work/prefix" > "$work/install_ops.log"
# The vendor package as CANN's installer leaves it: vendors/config.ini names the vendor, and its
# bin/set_env.bash puts its op_api library on the loader's path.
grep -qx "load_priority=customize" "$work/prefix/opp/vendors/config.ini" ||
  { echo "vendors/config.ini:"; cat "$work/prefix/opp/vendors/config.ini"; exit 1; }
env_lib=$(bash -c ". '$work/prefix/opp/vendors/customize/bin/set_env.bash' && echo \$LD_LIBRARY_PATH")
case "$env_lib" in
  "$work/prefix/opp/vendors/customize/op_api/lib"*) ;;
  *) echo "set_env.bash set LD_LIBRARY_PATH=$env_lib"; exit 1 ;;
esac
cp -r "$projects/../aclnn/AclNNInvocationNaive" "$work/naive"
(cd "$work/naive" && ASCEND_INSTALL_PATH="$work/prefix" CXXFLAGS="$cxx_flags" bash run.sh) \
  > "$work/naive.log" 2>&1 || { cat "$work/naive.log"; exit 1; }
grep -q "test pass" "$work/naive.log" || { cat "$work/naive.log"; exit 1; }
echo "the AclNN sample passes on the installed aclnnAddCustom"
c++ -std=c++11 $cxx_flags "$source_dir/tests/aclnn/testdata/opapi_app/main.cpp" \
  -I"$work/prefix/include" -L"$work/prefix/lib" -lopapi -lnnopbase -lascendcl \
  -Wl,-rpath,"$work/prefix/lib" -o "$work/opapi_app"
"$work/opapi_app" > "$work/opapi_app.log" 2>&1 || { cat "$work/opapi_app.log"; exit 1; }
grep -q "opapi app pass" "$work/opapi_app.log" || { cat "$work/opapi_app.log"; exit 1; }
echo "an application of the installed libopapi passes"
cmake -S "$source_dir/tests/cpudebug/testdata/asc_project" -B "$work/asc" \
  -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/asc.log" 2>&1 &&
  cmake --build "$work/asc" >> "$work/asc.log" 2>&1 && "$work/asc/demo" >> "$work/asc.log" 2>&1 ||
  { cat "$work/asc.log"; exit 1; }
grep -q "asc project pass" "$work/asc.log" || { cat "$work/asc.log"; exit 1; }
grep -q "^\[SUCCESS\] where_mix<<<8, \.\.\.>>> at add_and_kinds.asc:[0-9]* on Ascend910B1" \
  "$work/asc.log" || { cat "$work/asc.log"; exit 1; }
if cmake -S "$source_dir/tests/cpudebug/testdata/asc_project" -B "$work/asc3510" \
  -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_ASC_ARCHITECTURES=dav-3510 > "$work/asc3510.log" 2>&1 ||
  ! grep -q "CMAKE_ASC_ARCHITECTURES='dav-3510' has no simulated device" "$work/asc3510.log"; then
  cat "$work/asc3510.log"; exit 1
fi
printf '__global__ __vector__ void k(int* x) {}\nvoid h(int* x) {\n  k<<<1, 0, nullptr>>>(x, x);\n}\n' \
  > "$work/bad.asc"
if "$work/prefix/bin/opsim-asc" --npu-arch=dav-2201 -c "$work/bad.asc" -o "$work/bad.o" \
  > "$work/bad.log" 2>&1 || ! grep -q "bad.asc:3: error: the launch of 'k' passes 2 argument(s)" \
  "$work/bad.log"; then
  cat "$work/bad.log"; exit 1
fi
grep -q "^\[SUCCESS\] scale_kernel<<<1, \.\.\.>>> at scale_kernel.cpp:[0-9]* on" "$work/asc.log" ||
  { cat "$work/asc.log"; exit 1; }
functions="$work/prefix/lib/cmake/ASC/ascendc_functions.cmake"
for call in "ascendc_library(k MODULE k.cpp)|library type is STATIC or SHARED" \
  "ascendc_fatbin_library(k k.asc)|opsim makes no device binary"; do
  printf 'include("%s")\n%s\n' "$functions" "${call%%|*}" > "$work/refuse.cmake"
  if cmake -P "$work/refuse.cmake" > "$work/refuse.log" 2>&1 ||
    ! grep -q "${call#*|}" "$work/refuse.log"; then
    cat "$work/refuse.log"; exit 1
  fi
done
echo "the .asc project passes; dav-3510, a bad launch and bad kernel libraries are refused"
cmake -S "$source_dir/tests/cpudebug/testdata/kernel_launch_npu" -B "$work/kl" \
  -DASCEND_CANN_PACKAGE_PATH="$work/prefix" > "$work/kl.log" 2>&1 &&
  cmake --build "$work/kl" >> "$work/kl.log" 2>&1 && "$work/kl/launch" >> "$work/kl.log" 2>&1 &&
  grep -q "kernel launch npu pass" "$work/kl.log" &&
  grep -q "^\[SUCCESS\] scale_custom<<<1, \.\.\.>>> at aclrtlaunch_scale_custom.h:1 on" \
    "$work/kl.log" || { cat "$work/kl.log"; exit 1; }
echo "a kernel-launch project's npu mode builds with the framework's ascendc_library and runs"
cmake -S "$source_dir/tests/cpudebug/testdata/asc_build_tree" -B "$work/tree" \
  -DCMAKE_PREFIX_PATH="$build_dir" > "$work/tree.log" 2>&1 &&
  cmake --build "$work/tree" >> "$work/tree.log" 2>&1 && "$work/tree/demo" >> "$work/tree.log" 2>&1 &&
  grep -q "build tree pass" "$work/tree.log" || { cat "$work/tree.log"; exit 1; }
echo "a .asc project builds and runs against the build tree"
