// CANN's lib/reduce/reduce_tiling.h: the temporary buffer of the high-level pattern reductions
// (docs/ASCENDC.md, "The high-level reductions"), with CANN's 910B (DAV_2201) figures, one
// function with the kernel side's check (opsim/core/reduce_tiling.h).
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "graph/types.h"

namespace AscendC {

#ifndef ASCC_ENUM_REDUCEPATTERN
#define ASCC_ENUM_REDUCEPATTERN
enum class ReducePattern : uint32_t {
  AR = 0,
  RA = 1,
  R,
  ARA,
  ARAR,
  ARARA,
  ARARAR,
  ARARARA,
  ARARARAR,
  ARARARARA,
  RAR,
  RARA,
  RARAR,
  RARARA,
  RARARAR,
  RARARARA,
};
#endif  // ASCC_ENUM_REDUCEPATTERN

// srcShape is the kernel call's {first, last}; pattern AR or RA; dataType the API's (Sum, Mean,
// Prod: DT_FLOAT; Max, Min: DT_FLOAT16, DT_FLOAT; Any, All: DT_FLOAT, DT_UINT8). max and min are
// the same figure (the implementation uses one buffer size). A broken argument prints an error
// naming the helper and the rule and leaves max and min unchanged, as CANN's helpers do.
void GetReduceProdMaxMinTmpSize(const ge::Shape& srcShape, const ge::DataType dataType,
                                ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                                uint32_t& maxValue, uint32_t& minValue);
void GetReduceSumMaxMinTmpSize(const ge::Shape& srcShape, const ge::DataType dataType,
                               ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                               uint32_t& maxValue, uint32_t& minValue);
void GetReduceMeanMaxMinTmpSize(const ge::Shape& srcShape, const ge::DataType dataType,
                                ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                                uint32_t& maxValue, uint32_t& minValue);
void GetReduceMaxMaxMinTmpSize(const ge::Shape& srcShape, const ge::DataType dataType,
                               ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                               uint32_t& maxValue, uint32_t& minValue);
void GetReduceMinMaxMinTmpSize(const ge::Shape& srcShape, const ge::DataType dataType,
                               ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                               uint32_t& maxValue, uint32_t& minValue);
void GetReduceAnyMaxMinTmpSize(const ge::Shape& srcShape, const ge::DataType dataType,
                               ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                               uint32_t& maxValue, uint32_t& minValue);
void GetReduceAllMaxMinTmpSize(const ge::Shape& srcShape, const ge::DataType dataType,
                               ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource,
                               uint32_t& maxValue, uint32_t& minValue);

}  // namespace AscendC
