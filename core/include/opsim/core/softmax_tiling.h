// The SoftMax family's tiling as the kernel reads it (CANN's kernel_tiling.h SoftMaxTiling):
// uint32 fields in CANN's documented order, the same bytes optiling::SoftMaxTiling
// (lib/activation/softmax_tilingdata.h) writes on the host. In core for the reason TCubeTiling
// is: the host helpers (op_api) and kernels (kernel_tiling/kernel_tiling.h) both need it.
#pragma once

#include <cstdint>

namespace AscendC::tiling {

struct SoftMaxTiling {
  uint32_t srcM = 0;
  uint32_t srcK = 0;
  uint32_t srcSize = 0;
  uint32_t outMaxM = 0;
  uint32_t outMaxK = 0;
  uint32_t outMaxSize = 0;
  uint32_t splitM = 0;
  uint32_t splitK = 0;
  uint32_t splitSize = 0;
  uint32_t reduceM = 0;
  uint32_t reduceK = 0;
  uint32_t reduceSize = 0;
  uint32_t rangeM = 0;
  uint32_t tailM = 0;
  uint32_t tailSplitSize = 0;
  uint32_t tailReduceSize = 0;
};

}  // namespace AscendC::tiling

using AscendC::tiling::SoftMaxTiling;

namespace opsim::softmax {

// The work buffer of CANN's 910B implementation, in floats per row of srcK elements: one
// figure for the host helpers (Get*MinTmpSize, the tiling functions' splitM) and the kernel
// side's check, so the two stay in step. statBytes is the sum/max element size.
// SoftMax/SimpleSoftMax: one block of row results, the row (in float) and the row reductions'
// 64-float scratch.
inline uint32_t SoftMaxRowFloats(uint32_t srcK, uint32_t statBytes) {
  return 32 / statBytes + srcK + 64;
}
// SoftmaxFlashV2: float data works in dst (no row copy); half keeps two blocks and the row.
// The basic-block path (srcK a multiple of 64) keeps one block; its srcK = 1024 case doubles
// the scratch.
inline uint32_t FlashV2RowFloats(uint32_t srcK, uint32_t dataBytes, uint32_t statBytes,
                                 bool basicBlock) {
  const uint32_t blk = 32 / statBytes;
  const bool basic = basicBlock && srcK % 64 == 0;
  const uint32_t scratch = basic && srcK == 1024 ? 128 : 64;
  const uint32_t row = dataBytes == 2 ? srcK : 0;
  return (basic || dataBytes != 2 ? blk : 2 * blk) + row + scratch;
}

// SoftmaxFlash (CANN's softmax_tiling.cpp for NpuArch other than 3510): without update
// SoftMax's figure; with update four blocks of row results and two float copies of the row. blk
// is one 32-byte block of blkBytes elements (the data's on the host, the sum's in the kernel).
inline uint32_t FlashRowFloats(uint32_t srcK, uint32_t blkBytes, bool update) {
  const uint32_t blk = 32 / blkBytes;
  return update ? 4 * blk + 2 * srcK : blk + srcK + 64;
}

// SoftmaxFlashV3 (CANN's softmax_tiling.cpp for NpuArch other than 3510/5102, update or not):
// five blocks of float row results, two float rows and a 64-float scratch.
inline uint32_t FlashV3RowFloats(uint32_t srcK) { return 5 * 8 + 2 * srcK + 64; }

}  // namespace opsim::softmax
