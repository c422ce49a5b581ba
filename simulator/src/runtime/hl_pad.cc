// The high-level Pad and UnPad (lib/pad/pad.h) as the 910B's implementation (asc-devkit
// pad_v220_impl.h) computes them, the shape read from the tiling. Pad of rows that are whole
// 32-byte blocks: the source copied, then rightPad elements from srcOriWidth on set to padValue
// (leftPad is not read: the page supports only right padding there). Pad of other rows: each row
// becomes leftPad values, the row, rightPad values, srcWidth rounded up to 32 bytes in all (the
// chip streams the source through Brcb and TransDataTo5HD, taking that width less the pads from
// the source per row, so any other total would shift the rows: a fault). UnPad: one GatherMask
// keeping each row's first srcWidth - rightPad elements, packed. Documented rules, tilings
// PadTilingFunc would not give for the shape, and a sharedTmpBuffer below what the tiling's
// blocks use are faults.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/hl_pad.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/hl_operands.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace pad_impl {

constexpr uint32_t kBlock = 32;
constexpr uint32_t kGroupBytes = 16 * kBlock;  // one TransDataTo5HD group: 16 blocks

[[noreturn]] void Fail(const char* api, const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, api, message);
}
std::string U(uint64_t v) { return std::to_string(v); }

uint32_t BytesOf(PadElem t) {
  return (t == PadElem::kInt32 || t == PadElem::kUInt32 || t == PadElem::kFloat) ? 4 : 2;
}

// padValue as T, as static_cast<T>(int32_t) gives it.
void PadBits(PadElem t, int32_t v, uint8_t out[4]) {
  switch (t) {
    case PadElem::kInt16:
    case PadElem::kUInt16: {
      const uint16_t b = static_cast<uint16_t>(v);
      std::memcpy(out, &b, 2);
      return;
    }
    case PadElem::kHalf: {
      const uint16_t b = opsim::Half(static_cast<float>(v)).bits();
      std::memcpy(out, &b, 2);
      return;
    }
    case PadElem::kFloat: {
      const float f = static_cast<float>(v);
      std::memcpy(out, &f, 4);
      return;
    }
    case PadElem::kInt32:
    case PadElem::kUInt32: std::memcpy(out, &v, 4); return;
  }
}

void ExpectField(const char* api, const char* name, uint64_t got, uint64_t want,
                 const std::string& shape) {
  if (got != want) {
    Fail(api, std::string("tiling.") + name + " is " + U(got) + "; the tiling function gives " +
                  U(want) + " for " + shape + " (a tiling made for another shape)");
  }
}

void Charge(const char* api, const detail::UbRef& dst, uint64_t dst_bytes, const detail::UbRef& src,
            uint64_t src_bytes, const detail::UbRef* tmp, double cost_bytes) {
  detail::Core& core = detail::Cur();
  HlOperands o;
  o.Write(&dst, dst_bytes);
  o.Read(&src, src_bytes);
  CheckOperandsInUb(core, o, tmp, api);
  IssueOnVectorPipe(core, o, tmp, core.VectorCost(static_cast<uint64_t>(cost_bytes)), api);
}

// Rows of whole 32-byte blocks: copy, then the right pad over each row's last block.
void AlignedPad(const PadCall& c, uint32_t h, uint32_t w, uint32_t tb) {
  const AscendC::tiling::PadTiling& t = *c.tiling;
  const uint32_t ori = t.srcOriWidth, per_block = kBlock / tb, right = c.params.rightPad;
  const std::string shape = "srcHeight " + U(h) + ", srcWidth " + U(w);
  ExpectField("Pad", "widthWithoutLastBlock", t.widthWithoutLastBlock, w - per_block, shape);
  ExpectField("Pad", "blocksPerRow", t.blocksPerRow, uint64_t{w} * tb / kBlock, shape);
  ExpectField("Pad", "heightTiling", t.heightTiling, 255, shape);
  ExpectField("Pad", "heightFractal", t.heightFractal, h / 255, shape);
  ExpectField("Pad", "heightFractalTail", t.heightFractalTail, h % 255, shape);
  if (ori > w || w - ori >= per_block) {
    Fail("Pad", "tiling.srcOriWidth " + U(ori) + " must be in the last 32-byte block of a row of " +
                    "srcWidth " + U(w) + " (srcWidth is the valid width rounded up to 32 bytes)");
  }
  if (right > 0 && uint64_t{ori} + right > w) {
    Fail("Pad",
         "srcOriWidth " + U(ori) + " + rightPad " + U(right) + " must not exceed srcWidth " + U(w));
  }
  const uint64_t bytes = uint64_t{h} * w * tb;
  Charge("Pad", *c.dst, bytes, *c.src, bytes, nullptr, 2.0 * bytes);
  std::memmove(c.dst->ptr, c.src->ptr, bytes);
  uint8_t pad[4];
  PadBits(c.type, c.params.padValue, pad);
  for (uint64_t r = 0; r < h; ++r) {
    for (uint32_t i = 0; i < right; ++i) std::memcpy(c.dst->ptr + (r * w + ori + i) * tb, pad, tb);
  }
}

// Other rows: each becomes leftPad values, the row, rightPad values (the row's width rounded up
// to 32 bytes), through the tiling's temporary blocks.
void UnalignedPad(const PadCall& c, uint32_t h, uint32_t w, uint32_t tb) {
  const AscendC::tiling::PadTiling& t = *c.tiling;
  const uint32_t per_block = kBlock / tb, left = c.params.leftPad, right = c.params.rightPad;
  const uint64_t padded = (uint64_t{w} + per_block - 1) / per_block * per_block;
  const std::string shape = "srcHeight " + U(h) + ", srcWidth " + U(w);
  if (uint64_t{left} + w + right != padded) {
    Fail("Pad", "leftPad " + U(left) + " + srcWidth " + U(w) + " + rightPad " + U(right) +
                    " must be " + U(padded) +
                    ", the row rounded up to 32 bytes (the 910B takes that width less the pads "
                    "from the source per row)");
  }
  const uint32_t blocks = t.tmpBuffer1BlockNum;
  if (blocks == 0) {
    Fail("Pad", "tiling.tmpBuffer1BlockNum is 0: rows that are not whole 32-byte blocks need " +
                    std::string("PadTilingFunc's stackBufferSize of at least 1024 bytes"));
  }
  ExpectField("Pad", "widthTiling", t.widthTiling, 16ull * blocks, shape);
  ExpectField("Pad", "tmpBuffer2Offset", t.tmpBuffer2Offset, uint64_t{blocks} * kGroupBytes / tb,
              shape);
  const uint64_t tmp_need = 2ull * blocks * kGroupBytes;
  if (c.tmp != nullptr && c.tmp->bytes < tmp_need) {
    Fail("Pad", "sharedTmpBuffer holds " + U(c.tmp->bytes) + " bytes; the tiling's " + U(blocks) +
                    " blocks (tmpBuffer1BlockNum) use " + U(tmp_need));
  }
  const uint64_t src_bytes = uint64_t{h} * w * tb, dst_bytes = h * padded * tb;
  // Brcb, the copy and TransDataTo5HD over 32 bytes per element, and the copy out.
  Charge("Pad", *c.dst, dst_bytes, *c.src, src_bytes, c.tmp, 3.0 * h * padded * kBlock + dst_bytes);
  uint8_t pad[4];
  PadBits(c.type, c.params.padValue, pad);
  for (uint64_t r = h; r-- > 0;) {  // back to front: dst may be src itself
    uint8_t* row = c.dst->ptr + r * padded * tb;
    std::memmove(row + uint64_t{left} * tb, c.src->ptr + r * w * tb, uint64_t{w} * tb);
    for (uint32_t i = 0; i < left; ++i) std::memcpy(row + i * tb, pad, tb);
    for (uint32_t i = 0; i < right; ++i) std::memcpy(row + (left + w + i) * tb, pad, tb);
  }
}

void Pad(const PadCall& c) {
  const AscendC::tiling::PadTiling& t = *c.tiling;
  const uint32_t h = t.srcHeight, w = t.srcWidth, tb = BytesOf(c.type);
  if (h == 0 || w == 0) {
    Fail("Pad", "tiling.srcHeight " + U(h) + " and srcWidth " + U(w) +
                    " must be above 0 (a tiling PadTilingFunc filled)");
  }
  if (uint64_t{h} * w * tb % kBlock != 0) {
    Fail("Pad", "the source's srcHeight " + U(h) + " x srcWidth " + U(w) + " elements must be " +
                    "whole 32-byte blocks");
  }
  if (uint64_t{w} * tb % kBlock == 0) {
    AlignedPad(c, h, w, tb);
  } else {
    UnalignedPad(c, h, w, tb);
  }
}

void UnPad(const UnPadCall& c) {
  const uint32_t h = c.tiling->srcHeight, w = c.tiling->srcWidth, tb = c.elem_bytes;
  const uint32_t right = c.params.rightPad, per_block = kBlock / tb;
  if (h == 0 || w == 0) {
    Fail("UnPad", "tiling.srcHeight " + U(h) + " and srcWidth " + U(w) +
                      " must be above 0 (a tiling UnPadTilingFunc filled)");
  }
  if (uint64_t{w} * tb % kBlock != 0) {
    Fail("UnPad", "tiling.srcWidth " + U(w) + " must be whole 32-byte blocks");
  }
  if (right == 0 || right >= per_block) {
    Fail("UnPad", "rightPad " + U(right) + " must be in [1, " + U(per_block - 1) +
                      "] (above 0 and under 32 bytes)");
  }
  if (h > 255) {
    Fail("UnPad",
         "tiling.srcHeight " + U(h) +
             " must be at most 255: the 910B's UnPad is one GatherMask of a repeat per row");
  }
  const uint64_t kept = w - right;
  const uint64_t src_bytes = uint64_t{h} * w * tb, dst_bytes = h * kept * tb;
  Charge("UnPad", *c.dst, dst_bytes, *c.src, src_bytes, nullptr, static_cast<double>(src_bytes));
  for (uint64_t r = 0; r < h; ++r) {  // front to back, as GatherMask packs
    std::memmove(c.dst->ptr + r * kept * tb, c.src->ptr + r * w * tb, kept * tb);
  }
}

}  // namespace pad_impl

void RunPad(const PadCall& call) { pad_impl::Pad(call); }
void RunUnPad(const UnPadCall& call) { pad_impl::UnPad(call); }

}  // namespace opsim::sim::hl
