// The GmAlloc blocks a program still holds: what CPU-debug's leak report at exit reads.
#pragma once

#include <cstdint>
#include <vector>

namespace opsim::sim {

struct GmAllocBlock {
  const void* base = nullptr;
  uint64_t bytes = 0;            // as requested from AscendC::GmAlloc
  const void* caller = nullptr;  // the return address of that GmAlloc call (null if unknown)
};

// Every block AscendC::GmAlloc handed out and AscendC::GmFree has not taken back, by address.
std::vector<GmAllocBlock> LiveGmAllocBlocks();

}  // namespace opsim::sim
