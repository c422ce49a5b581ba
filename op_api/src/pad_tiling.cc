// The host helpers of the high-level Pad and UnPad (lib/pad/pad_tiling.h): CANN's figures and
// tiling fields. The kernel side (simulator/src/runtime/hl_pad.cc) reads the shape from the
// tiling and faults on a temporary buffer below what the fields say it uses.
#include <cstdio>
#include <vector>

#include "tiling/tiling_api.h"

namespace AscendC {

namespace {

constexpr uint32_t kPadBlock = 32;
constexpr uint32_t kPadAddrList = 16;  // TransDataTo5HD's 16 addresses
constexpr uint32_t kPadMaxRepeat = 255;

bool PadShapeOk(const char* api, const char* fn, const ge::Shape& shape, const char* what,
                uint32_t type_size) {
  bool ok = true;
  if (type_size != 2 && type_size != 4) {
    std::fprintf(stderr, "[ERROR] [%s][%s] typeSize %u must be 2 or 4\n", api, fn, type_size);
    ok = false;
  }
  if (shape.GetDimNum() != 2) {
    std::fprintf(stderr, "[ERROR] [%s][%s] %s has %zu dims; it must have 2\n", api, fn, what,
                 shape.GetDimNum());
    ok = false;
  }
  return ok;
}

// Both tmp buffers of the 32-byte-unaligned path: 16 rows of a 32-byte block each, per block of
// the first, and as many again for the second.
uint32_t PadTmpBytes(uint64_t elements, uint32_t type_size) {
  const uint64_t groups = elements == 0 ? 0 : (elements - 1) / kPadAddrList + 1;
  return static_cast<uint32_t>(groups * kPadAddrList * (kPadBlock / type_size) * 2 * type_size);
}

void SetUnalignedFields(uint32_t height, uint32_t width, uint32_t stack, uint32_t type_size,
                        optiling::PadTiling& t) {
  const uint32_t base = kPadAddrList * kPadBlock / type_size;  // elements of one 16-block group
  const uint32_t blocks = stack / type_size / base / 2;
  t.set_tmpBuffer1BlockNum(blocks);
  t.set_tmpBuffer1RowNum(kPadAddrList * blocks);
  t.set_tmpBuffer2Offset(blocks * base);
  const uint32_t tile = kPadAddrList * blocks;
  if (tile == 0) {
    std::fprintf(stderr,
                 "[ERROR] [Pad][PadTilingFunc] stackBufferSize %u holds no 1024-byte group; a "
                 "width that is not whole 32-byte blocks needs at least 1024\n",
                 stack);
    return;
  }
  const uint32_t per_block = kPadBlock / type_size;
  const uint32_t tail = width % tile;
  t.set_widthTiling(tile);
  t.set_widthFractal(width / tile);
  t.set_widthFractalTail(tail);
  t.set_widthFractalTailAlingned(((tail - 1) / per_block + 1) * per_block);  // CANN's, tail 0 too
  t.set_brcbTiling(tile);
  t.set_brcbFractal(height * width / tile);
  t.set_brcbFractalTail(height * width % tile);
  const uint32_t max_repeat = 254;  // 255 x 8 elements is not whole 32-byte blocks
  t.set_maxRepeatTimes(max_repeat);
  t.set_brcbTilingRepeatTimes(tile / 8 / max_repeat);
  t.set_brcbTilingRepeatTimesTail(tile / 8 % max_repeat);
  t.set_brcbFractalTailRepeatTimes(height * width % tile / 8 / max_repeat);
  t.set_brcbFractalTailRepeatTimesTail(height * width % tile / 8 % max_repeat);
}

}  // namespace

void GetPadMaxMinTmpSize(const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                         uint32_t& maxValue, uint32_t& minValue) {
  PadShapeOk("Pad", "GetPadMaxMinTmpSize", srcShape, "srcShape", typeSize);
  if (srcShape.GetDimNum() != 2 || typeSize == 0) return;
  const uint64_t n = static_cast<uint64_t>(srcShape.GetDim(0)) * srcShape.GetDim(1);
  maxValue = PadTmpBytes(n, typeSize);
  minValue = PadTmpBytes(1, typeSize);
}

void PadTilingFunc(const AscendC::TensorShape srcShape, const AscendC::TensorShape oriSrcShape,
                   const uint32_t stackBufferSize, const uint32_t typeSize,
                   optiling::PadTiling& tiling) {
  const bool ok = PadShapeOk("Pad", "PadTilingFunc", srcShape, "srcShape", typeSize) &&
                  PadShapeOk("Pad", "PadTilingFunc", oriSrcShape, "oriSrcShape", typeSize);
  if (!ok || typeSize == 0) return;
  if (oriSrcShape.GetShapeSize() > srcShape.GetShapeSize()) {
    std::fprintf(stderr,
                 "[ERROR] [Pad][PadTilingFunc] oriSrcShape holds %lld elements; it must hold no "
                 "more than srcShape's %lld\n",
                 static_cast<long long>(oriSrcShape.GetShapeSize()),
                 static_cast<long long>(srcShape.GetShapeSize()));
  }
  const uint32_t height = static_cast<uint32_t>(srcShape.GetDim(0));
  const uint32_t width = static_cast<uint32_t>(srcShape.GetDim(1));
  tiling.set_srcHeight(height);
  tiling.set_srcWidth(width);
  tiling.set_srcOriWidth(static_cast<uint32_t>(oriSrcShape.GetDim(1)));
  // The 32-byte-aligned path: Duplicate over each row's last block, 255 rows a call.
  const uint32_t without_last = width - kPadBlock / typeSize;
  tiling.set_widthWithoutLastBlock(without_last);
  tiling.set_blocksPerRow(width * typeSize / kPadBlock);
  tiling.set_heightTiling(kPadMaxRepeat);
  tiling.set_heightFractal(height / kPadMaxRepeat);
  tiling.set_heightFractalTail(height % kPadMaxRepeat);
  tiling.set_mainLoopOffset(kPadMaxRepeat * width);
  tiling.set_tailBlockOffset(height / kPadMaxRepeat * kPadMaxRepeat * width + without_last);
  if (stackBufferSize == 0) return;
  SetUnalignedFields(height, width, stackBufferSize, typeSize, tiling);
}

void PadTilingFunc(const AscendC::TensorShape srcShape, const AscendC::TensorShape oriSrcShape,
                   const uint32_t stackBufferSize, const uint32_t typeSize,
                   AscendC::tiling::PadTiling& tiling) {
  optiling::PadTiling t;
  PadTilingFunc(srcShape, oriSrcShape, stackBufferSize, typeSize, t);
  t.SaveToBuffer(&tiling, sizeof(tiling));
}

void GetUnPadMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                           const AscendC::TensorShape& srcShape, const uint32_t typeSize,
                           uint32_t& maxValue, uint32_t& minValue) {
  PadShapeOk("UnPad", "GetUnPadMaxMinTmpSize", srcShape, "srcShape", typeSize);
  if (srcShape.GetDimNum() != 2 || typeSize == 0) return;
  const NpuArch arch = ascendcPlatform.GetCurNpuArch();
  if (arch == NpuArch::DAV_2201 || arch == NpuArch::DAV_3510 || arch == NpuArch::DAV_5102) {
    maxValue = minValue = 0;
    return;
  }
  const uint64_t n = static_cast<uint64_t>(srcShape.GetDim(0)) * srcShape.GetDim(1);
  maxValue = PadTmpBytes(n, typeSize);
  minValue = PadTmpBytes(1, typeSize);
}

void UnPadTilingFunc(const AscendC::TensorShape srcShape, const uint32_t stackBufferSize,
                     const uint32_t typeSize, optiling::UnPadTiling& tiling) {
  if (!PadShapeOk("UnPad", "UnPadTilingFunc", srcShape, "srcShape", typeSize) || typeSize == 0) {
    return;
  }
  const uint32_t width = static_cast<uint32_t>(srcShape.GetDim(1));
  tiling.set_srcHeight(static_cast<uint32_t>(srcShape.GetDim(0)));
  tiling.set_srcWidth(width);
  if (stackBufferSize == 0) return;  // the 910B needs none
  const uint32_t base = kPadAddrList * kPadBlock / typeSize;
  const uint32_t blocks = stackBufferSize / typeSize / base / 2;
  tiling.set_tmpBuffer1BlockNum(blocks);
  tiling.set_tmpBuffer1RowNum(kPadAddrList * blocks);
  tiling.set_tmpBuffer2Offset(blocks * base);
  const uint32_t tile = kPadAddrList * blocks;
  if (tile == 0) return;
  const uint32_t tail = width % tile;
  tiling.set_widthTiling(tile);
  tiling.set_widthFractal(width / tile + (tail != 0 ? 1 : 0));
  tiling.set_widthFractalTail(tail != 0 ? tail : tile);
}

void UnPadTilingFunc(const AscendC::TensorShape srcShape, const uint32_t stackBufferSize,
                     const uint32_t typeSize, AscendC::tiling::UnPadTiling& tiling) {
  optiling::UnPadTiling t;
  UnPadTilingFunc(srcShape, stackBufferSize, typeSize, t);
  t.SaveToBuffer(&tiling, sizeof(tiling));
}

}  // namespace AscendC
