// The command line of opsim's asc driver (opsim-asc, docs/CPU_DEBUG.md "`.asc` projects"): CANN's
// asc compiler (bisheng) options as its "AI Core编译基本用法" page documents them, sorted into
// what a CPU-debug build does with each.
//
// - `--npu-arch=dav-xxxx` (or `--npu-soc=<SoC>`; the arch wins when both are given) picks the
//   simulated SoC; `-c`/`-dc` compile, `-shared`/`--shared` and `-lib`/`--cce-build-static-lib`
//   make libraries, else the inputs are compiled and linked into a program.
// - A `.asc` input is Ascend C; another source is host C++ unless `-x asc` or
//   `--asc-aicore-lang` precedes it (CANN's CMake rule passes the latter before every source of
//   the ASC language; `-xcce` and `--cce-aicore-lang` are the older pages' names), as bisheng
//   routes sources.
// - `-Xhost-start ... -Xhost-end` holds host compiler options and `-Xaicore-start ...
//   -Xaicore-end` the device compiler's (CANN's ascendc_compile_options makes both). A CPU-debug
//   unit is compiled once, by the host compiler: a device group's preprocessor options and `-std=`
//   apply to it (the kernel's code is in it), its code-generation options (`-O`, `-g`, `-f`, `-W`,
//   `-m`) are the device compiler's and are dropped.
// - Host options pass through; any other option is an error naming it.
#pragma once

#include <string>
#include <vector>

namespace opsim::asc {

struct AscArch {
  const char* arch;      // dav-2201
  const char* npu_arch;  // __NPU_ARCH__
  const char* soc;       // the simulated SoC; nullptr: none
};

enum class AscMode { kLink, kObject, kShared, kStaticLib };

struct AscInput {
  std::string path;
  bool asc = false;  // Ascend C (rewritten), else host C++
};

struct AscOptions {
  std::vector<std::string> host;  // for both steps
  std::vector<std::string> pre;   // preprocessing only (-D -U -I -include -M*)
  std::vector<std::string> link;  // linking only (-L -Wl, ...)
  std::vector<AscInput> inputs;   // sources
  std::vector<std::string> objects;
  std::vector<std::string> libs;  // -l names, in order
  std::string output;
  std::string arch;             // dav-xxxx from --npu-arch
  std::string soc;              // from --npu-soc
  std::string sync_log;         // --cce-auto-sync-log=<file>
  int default_kind = 0;         // --cce-soc-core-type: 1 VecCore, 2 CubeCore, 0 AICore or none
  std::string aclrtlaunch_dir;  // opsim's --opsim-aclrtlaunch-dir=<dir> (asc_aclrtlaunch.h)
  AscMode mode = AscMode::kLink;
  bool has_std = false;
  bool help = false;
  std::string error;  // the first bad option and why; empty when all are good
};

AscOptions ParseAscOptions(const std::vector<std::string>& args);

// The architecture's simulated device and its SoC (--npu-soc when given and of that
// architecture), or an error saying why there is none.
struct AscTarget {
  std::string npu_arch;  // "2201"
  std::string soc;       // "Ascend910B1"
  std::string error;
};
AscTarget ResolveAscTarget(const AscOptions& o);

}  // namespace opsim::asc
