// The Matmul tiling as the kernel reads it (CANN's kernel_tiling.h TCubeTiling): int32 fields in
// CANN's order, the same bytes optiling::TCubeTiling (lib/matmul/matmul_tilingdata.h) writes on
// the host. In core because both sides need it: the host tiling (op_api) and kernels
// (kernel_tiling/kernel_tiling.h includes this header); it is a plain struct and uses nothing.
#pragma once

#include <cstdint>

namespace AscendC::tiling {

struct TCubeTiling {
  int32_t usedCoreNum = 0;
  int32_t M = 0;
  int32_t N = 0;
  int32_t Ka = 0;
  int32_t Kb = 0;
  int32_t singleCoreM = 0;
  int32_t singleCoreN = 0;
  int32_t singleCoreK = 0;
  int32_t baseM = 0;
  int32_t baseN = 0;
  int32_t baseK = 0;
  int32_t depthA1 = 0;
  int32_t depthB1 = 0;
  int32_t stepM = 0;
  int32_t stepN = 0;
  int32_t isBias = 0;
  int32_t transLength = 0;
  int32_t iterateOrder = 0;
  int32_t shareMode = 0;
  int32_t shareL1Size = 0;
  int32_t shareL0CSize = 0;
  int32_t shareUbSize = 0;
  int32_t batchM = 0;
  int32_t batchN = 0;
  int32_t singleBatchM = 0;
  int32_t singleBatchN = 0;
  int32_t stepKa = 0;
  int32_t stepKb = 0;
  int32_t depthAL1CacheUB = 0;
  int32_t depthBL1CacheUB = 0;
  int32_t dbL0A = 0;
  int32_t dbL0B = 0;
  int32_t dbL0C = 0;
  int32_t ALayoutInfoB = 0;
  int32_t ALayoutInfoS = 0;
  int32_t ALayoutInfoN = 0;
  int32_t ALayoutInfoG = 0;
  int32_t ALayoutInfoD = 0;
  int32_t BLayoutInfoB = 0;
  int32_t BLayoutInfoS = 0;
  int32_t BLayoutInfoN = 0;
  int32_t BLayoutInfoG = 0;
  int32_t BLayoutInfoD = 0;
  int32_t CLayoutInfoB = 0;
  int32_t CLayoutInfoS1 = 0;
  int32_t CLayoutInfoN = 0;
  int32_t CLayoutInfoG = 0;
  int32_t CLayoutInfoS2 = 0;
  int32_t BatchNum = 0;
};

}  // namespace AscendC::tiling

using AscendC::tiling::TCubeTiling;
