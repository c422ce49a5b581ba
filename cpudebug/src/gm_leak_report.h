// CPU-debug's report of GM never given back: at exit, every AscendC::GmAlloc block that
// AscendC::GmFree did not free is listed on stderr (size, address, the ICPU_RUN_KF argument it
// was last passed as, where it was allocated), then freed, so that the program ends normally.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace opsim::cpudebug {

// A launch ("ICPU_RUN_KF(add)") passed the GmAlloc block at `base` (of `bytes`) as argument `arg`.
void RememberGmArgument(const void* base, uint64_t bytes, const std::string& launch,
                        const std::string& arg);

// Installs the report (once; later calls do nothing). libtikicpulib calls it when it loads.
void InstallGmLeakReport();

// The report itself: what the exit handler prints, to `out` (stderr at exit). Returns the number
// of leaked blocks; with free_blocks, frees them after listing them.
size_t ReportGmLeaks(std::FILE* out, bool free_blocks);

}  // namespace opsim::cpudebug
