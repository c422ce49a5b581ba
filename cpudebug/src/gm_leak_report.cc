#include "gm_leak_report.h"

#include <dlfcn.h>

#include <cinttypes>
#include <cstdlib>
#include <map>
#include <mutex>
#include <vector>

#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/gm_blocks.h"

namespace opsim::cpudebug {
namespace {

struct ArgumentName {
  uint64_t bytes = 0;
  std::string text;  // "argument 'z' of ICPU_RUN_KF(add_custom)"
};

std::mutex& NamesMutex() {
  static std::mutex mu;
  return mu;
}
std::map<const void*, ArgumentName>& Names() {
  static auto* names = new std::map<const void*, ArgumentName>();  // outlives the exit handler
  return *names;
}

// " (argument 'z' of ICPU_RUN_KF(add_custom))" when ICPU_RUN_KF saw this very block.
std::string NameOf(const sim::GmAllocBlock& block) {
  std::lock_guard<std::mutex> lock(NamesMutex());
  const auto it = Names().find(block.base);
  if (it == Names().end() || it->second.bytes != block.bytes) return "";
  return ", " + it->second.text;
}

// Where GmAlloc was called from: the module, the symbol when it is exported, and the offset
// that addr2line turns into a file and line.
std::string WhereAllocated(const void* caller) {
  Dl_info info{};
  if (caller == nullptr || dladdr(caller, &info) == 0 || info.dli_fname == nullptr) {
    return "allocated at an unknown place";
  }
  // The return address is just past the call; one byte back is inside it.
  const uintptr_t at = reinterpret_cast<uintptr_t>(caller) - 1;
  char buf[96];
  std::string where = "allocated in ";
  if (info.dli_sname != nullptr) {
    std::snprintf(buf, sizeof(buf), "+0x%" PRIxPTR,
                  at - reinterpret_cast<uintptr_t>(info.dli_saddr));
    where += std::string(info.dli_sname) + buf + " of ";
  }
  std::snprintf(buf, sizeof(buf), "0x%" PRIxPTR, at - reinterpret_cast<uintptr_t>(info.dli_fbase));
  return where + info.dli_fname + " (addr2line -f -C -e " + info.dli_fname + " " + buf +
         " gives the line)";
}

void ReportAtExit() { ReportGmLeaks(stderr, /*free_blocks=*/true); }

}  // namespace

void RememberGmArgument(const void* base, uint64_t bytes, const std::string& launch,
                        const std::string& arg) {
  std::lock_guard<std::mutex> lock(NamesMutex());
  Names()[base] = ArgumentName{bytes, "argument '" + arg + "' of " + launch};
}

size_t ReportGmLeaks(std::FILE* out, bool free_blocks) {
  const std::vector<sim::GmAllocBlock> live = sim::LiveGmAllocBlocks();
  if (live.empty()) return 0;
  uint64_t total = 0;
  for (const sim::GmAllocBlock& b : live) total += b.bytes;
  std::fprintf(out,
               "[WARNING] GM leak: %zu block(s) of AscendC::GmAlloc, %" PRIu64
               " B in all, never freed with AscendC::GmFree:\n",
               live.size(), total);
  for (const sim::GmAllocBlock& b : live) {
    std::fprintf(out, "[WARNING]   %" PRIu64 " B at %p%s, %s\n", b.bytes, b.base, NameOf(b).c_str(),
                 WhereAllocated(b.caller).c_str());
    if (free_blocks) AscendC::GmFree(const_cast<void*>(b.base));
  }
  std::fflush(out);
  return live.size();
}

void InstallGmLeakReport() {
  static const bool installed = [] {
    // Exit handlers run in the reverse order of their registration: touching the GmAlloc
    // registry first makes it outlive the report.
    (void)sim::LiveGmAllocBlocks();
    (void)Names();
    return std::atexit(ReportAtExit) == 0;
  }();
  (void)installed;
}

}  // namespace opsim::cpudebug
