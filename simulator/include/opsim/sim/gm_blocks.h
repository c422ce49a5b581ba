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

// The bytes aclrtMalloc gives a request of `bytes` on the chip: rounded up to 32 B, plus 32 B,
// at a 64 B-aligned address (CANN's AscendCL reference, aclrtMalloc). A kernel may read that
// tail without fault, and public kernels do (an aligned DataCopy of a 24 B input reads 32 B).
constexpr uint64_t AclrtMallocBytes(uint64_t bytes) { return (bytes + 31) / 32 * 32 + 32; }

// Every block AscendC::GmAlloc handed out and AscendC::GmFree has not taken back, by address.
std::vector<GmAllocBlock> LiveGmAllocBlocks();

}  // namespace opsim::sim
