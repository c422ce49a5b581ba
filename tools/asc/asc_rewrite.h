// The source rewrite of opsim's asc driver (opsim-asc, docs/CPU_DEBUG.md "`.asc` projects"): what
// CANN's asc compiler does to a preprocessed `.asc` translation unit in CPU mode, done on text.
//
// The driver preprocesses with bisheng's kernel keywords defined as markers (kMarker*), so that a
// kernel declared in a header is seen and `#line` markers keep every position on the user's
// file. The rewrite then
//  - records each `__global__` function (a kernel): its name, its declared kind (`__vector__`,
//    `__cube__`, `__mix__(1, n)`, or none) and its parameter count, and blanks the markers;
//  - turns each `kernel<targs><<<numBlocks, dynUBufSize, stream>>>(args...)` into a call of
//    AscendC::AscCPUKernelLaunch(AscKernelLaunchSite{kind, n, "file:line", "args"}, ...)
//    (cpu_debug_launch.h), the one launcher of `<<<>>>`, keeping every newline so that later
//    diagnostics keep their lines.
// Bad input is an error naming file:line and the rule: `<<<` without `>>>`, a configuration of
// other than 2 or 3 values, no `(` after `>>>`, a launch of a name no `__global__` function has, a
// launch with another argument count than the kernel's parameters, two kinds on one kernel, a
// `__mix__` ratio other than (1, 1) or (1, 2).
#pragma once

#include <string>
#include <vector>

namespace opsim::asc {

inline constexpr const char* kMarkerGlobal = "__opsim_asc_global__";
inline constexpr const char* kMarkerVector = "__opsim_asc_vector__";
inline constexpr const char* kMarkerCube = "__opsim_asc_cube__";
inline constexpr const char* kMarkerMix = "__opsim_asc_mix__";

// A kernel defined in the unit's own file, not a template: what CANN's kernel-launch framework
// makes an aclrtlaunch_<name> entry of (asc_aclrtlaunch.h). Parameters as declared.
struct KernelEntry {
  std::string name;
  std::vector<std::string> params;
};

// "path:line: error: why [rule]" for each problem, in source order.
struct RewriteResult {
  std::string text;
  std::vector<std::string> errors;
  int launches = 0;
  int kernels = 0;
  std::vector<KernelEntry> entries;
};

// `default_kind` is the kind of launches of kernels that declare none (0: the KernelMode decides;
// bisheng's --cce-soc-core-type=VecCore or CubeCore makes it 1 or 2).
RewriteResult RewriteAsc(const std::string& preprocessed, int default_kind = 0);

}  // namespace opsim::asc
