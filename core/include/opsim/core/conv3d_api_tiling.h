// The Conv3D API's tiling as the kernel reads it (CANN's TConv3DApiTiling, the fields and types of
// its documented table, in that order, naturally aligned): the same bytes
// optiling::TConv3DApiTiling (lib/conv/conv3d/conv3d_tilingdata.h) writes on the host. In core
// because the host tiling (op_api) and kernels (kernel_tiling/kernel_tiling.h) both need it.
#pragma once

#include <cstdint>

namespace AscendC::tiling {

struct TConv3DApiTiling {
  uint32_t groups = 0;
  uint64_t singleCoreDo = 0;
  uint32_t singleCoreCo = 0;
  uint64_t singleCoreM = 0;
  uint64_t orgDo = 0;
  uint32_t orgCo = 0;
  uint64_t orgHo = 0;
  uint64_t orgWo = 0;
  uint32_t orgCi = 0;
  uint64_t orgDi = 0;
  uint64_t orgHi = 0;
  uint64_t orgWi = 0;
  uint32_t kernelD = 0;
  uint32_t kernelH = 0;
  uint32_t kernelW = 0;
  uint32_t strideD = 0;
  uint32_t strideH = 0;
  uint32_t strideW = 0;
  uint32_t dilationD = 0;
  uint32_t dilationH = 0;
  uint32_t dilationW = 0;
  uint32_t padHead = 0;
  uint32_t padTail = 0;
  uint32_t padUp = 0;
  uint32_t padDown = 0;
  uint32_t padLeft = 0;
  uint32_t padRight = 0;
  uint32_t mL0 = 0;
  uint32_t kL0 = 0;
  uint32_t nL0 = 0;
  uint32_t kAL1 = 0;
  uint32_t kBL1 = 0;
  uint32_t nBL1 = 0;
  uint32_t mAL1 = 0;
  uint8_t al1FullLoad = 0;
  uint8_t bl1FullLoad = 0;
  uint8_t iterateMNOrder = 0;
  uint8_t biasFullLoadFlag = 0;
  // Not in CANN's table: the struct's tail up to its 8-byte alignment, spelled out so that a
  // tiling-data class holding it (TILING_DATA_FIELD_DEF_STRUCT) sees whole 8-byte units.
  uint8_t reserved[4] = {};
};

}  // namespace AscendC::tiling

namespace opsim::conv3d {

// The Input rows (H) one L1 load of the Conv3D kernel holds for a piece of m output positions at
// most: the piece spans up to (m - 1) / Wout + 2 output rows. Both the host tiling (its L1
// budget) and the kernel (its A1 buffer) size with it.
inline uint64_t FmapRowsInL1(const AscendC::tiling::TConv3DApiTiling& t, uint64_t m) {
  uint64_t out_rows = (m - 1) / t.orgWo + 2;
  if (out_rows > t.orgHo) out_rows = t.orgHo;
  const uint64_t rows = (out_rows - 1) * t.strideH + (t.kernelH - 1ull) * t.dilationH + 1;
  return rows < t.orgHi ? rows : t.orgHi;
}

}  // namespace opsim::conv3d
