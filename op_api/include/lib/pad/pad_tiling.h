// CANN's lib/pad/pad_tiling.h: the host helpers of the high-level Pad and UnPad (docs/ASCENDC.md,
// "Pad and UnPad"), with CANN's figures.
#pragma once

#include <cstdint>

#include "graph/tensor.h"
#include "lib/pad/pad_tilingdata.h"
#include "opsim/core/pad_tiling.h"
#include "tiling/platform/platform_ascendc.h"

namespace AscendC {

// CANN's adv_api/utils/types.h spelling of a shape.
using TensorShape = ge::Shape;

// srcShape [height, width]: Pad's sharedTmpBuffer, min 1024 bytes (16 x 32-byte blocks, twice)
// and max that per 16 elements of the source. typeSize 2 or 4. A broken argument prints an error
// naming the rule and the figures are computed all the same (when the shape has 2 dims), as
// CANN's.
void GetPadMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                         uint32_t& maxValue, uint32_t& minValue);
// srcShape [height, width] (width the padded width when it is whole 32-byte blocks, else the
// source's), oriSrcShape [height, the valid width]; stackBufferSize the bytes of the temporary
// buffer the kernel's call will have (0: only the 32-byte-aligned case's fields are set).
void PadTilingFunc(const AscendC::TensorShape srcShape, const AscendC::TensorShape oriSrcShape,
                   const uint32_t stackBufferSize, const uint32_t typeSize,
                   optiling::PadTiling& tiling);
void PadTilingFunc(const AscendC::TensorShape srcShape, const AscendC::TensorShape oriSrcShape,
                   const uint32_t stackBufferSize, const uint32_t typeSize,
                   AscendC::tiling::PadTiling& tiling);
// UnPad needs no buffer on NpuArch 2201 and 3510/5102 (0, 0); elsewhere Pad's figures.
void GetUnPadMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                           const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                           uint32_t& maxValue, uint32_t& minValue);
void UnPadTilingFunc(const AscendC::TensorShape srcShape, const uint32_t stackBufferSize,
                     const uint32_t typeSize, optiling::UnPadTiling& tiling);
void UnPadTilingFunc(const AscendC::TensorShape srcShape, const uint32_t stackBufferSize,
                     const uint32_t typeSize, AscendC::tiling::UnPadTiling& tiling);

}  // namespace AscendC
