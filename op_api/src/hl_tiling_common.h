// Shared by the high-level APIs' host helpers (math_tiling.cc, activation_tiling.cc): the
// checks of their arguments and the common "k tiles of max(n * typeSize, 256) bytes" rule.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

#include "graph/tensor.h"

namespace AscendC::hl_tiling {

constexpr uint32_t kRep = 256;  // one vector repeat

// Live tensors of one API: the buffer is `factor` tiles of max(n * typeSize, 256) bytes.
struct Factors {
  uint32_t half, flt, flt_reuse;
};

inline void Fail(const char* api, const std::string& why, uint32_t& maxValue, uint32_t& minValue) {
  std::fprintf(stderr, "[ERROR] Get%sMaxMinTmpSize: %s\n", api, why.c_str());
  maxValue = 0;
  minValue = 0;
}

// The element count, or 0 (after the error) for an empty or unknown shape.
inline uint32_t CountOf(const char* api, const ge::Shape& shape, uint32_t& maxValue,
                        uint32_t& minValue) {
  const int64_t n = shape.GetShapeSize();
  if (n <= 0) {
    Fail(api, "srcShape holds " + std::to_string(n) + " elements; it must hold at least 1",
         maxValue, minValue);
    return 0;
  }
  return static_cast<uint32_t>(n);
}

inline bool TypeSizeOk(const char* api, uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue) {
  if (typeSize == 2 || typeSize == 4) return true;
  Fail(api, "typeSize " + std::to_string(typeSize) + " is not 2 (half) or 4 (float)", maxValue,
       minValue);
  return false;
}

inline void Standard(const char* api, Factors f, const ge::Shape& shape, uint32_t typeSize,
                     bool reuse, uint32_t& maxValue, uint32_t& minValue) {
  if (!TypeSizeOk(api, typeSize, maxValue, minValue)) return;
  const uint32_t n = CountOf(api, shape, maxValue, minValue);
  if (n == 0) return;
  const uint32_t k = typeSize == 4 ? (reuse ? f.flt_reuse : f.flt) : f.half;
  minValue = k * kRep;
  maxValue = k * std::max(n * typeSize, kRep);
}

inline void LiveNodes(Factors f, uint32_t typeSize, uint32_t& maxLiveNodeCount,
                      uint32_t& extraBuf) {
  maxLiveNodeCount = typeSize == 4 ? f.flt : f.half;
  extraBuf = 0;
}

}  // namespace AscendC::hl_tiling
