// BilinearInterpolation on the 910B: its page's four steps as the A2/A3 implementation issues
// them, each one opsim's own instruction (so their rounding, masks, checks, costs and pipe order
// are those instructions'), with CANN's integer widths: the inner repeat count hRepeat * vRepeat
// is 8 bits, the copy-out's repeat strides (vROffset * 2 / 32 and hRepeat * 8 blocks) 8 bits.
#include <string>

#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/ascendc/vector_bilinear.h"
#include "opsim/sim/ascendc/vector_gather.h"
#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/ascendc/vector_math.h"
#include "opsim/sim/ascendc/vector_reduce_repeat.h"
#include "opsim/sim/fault.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

using AscendC::LocalTensor;
constexpr const char* kBilinear = "BilinearInterpolation";
constexpr uint32_t kRepElems = 128;  // half elements of one 256 B repeat

void WarnBilinear(const char* kind, const std::string& message) {
  Core& core = Cur();
  if (core.launch == nullptr) return;
  core.launch->Warn(core, kind, kBilinear, -1, [&] { return message; });
}

// The page's rules that the chip does not stop on: what it then does is in the message.
void CheckPageRules(uint8_t h, uint8_t v, uint16_t vr_offset, uint32_t src0_n, uint32_t src1_n,
                    uint32_t tmp_bytes) {
  if (h == 0 || v == 0) {
    RaiseFault(FaultKind::kInvalidArgument, kBilinear,
               "hRepeat " + std::to_string(h) + " and vRepeat " + std::to_string(v) +
                   " must each be in [1, 255]");
  }
  if (uint32_t{h} * v > 255) {
    WarnBilinear("bilinear_repeat_wraps",
                 "hRepeat x vRepeat = " + std::to_string(uint32_t{h} * v) +
                     ": the 910B code keeps it in 8 bits, so Gatherb, Brcb and Mul run " +
                     std::to_string((uint32_t{h} * v) % 256) + " repeats");
  }
  if (vr_offset < 128 || vr_offset == 65535 || vr_offset * 2u % 32 != 0) {
    WarnBilinear("bilinear_vroffset",
                 "vROffset " + std::to_string(vr_offset) +
                     " is outside the page's rule ([128, 65535), vROffset * 2 B whole 32-byte "
                     "blocks): the dst stride is vROffset * 2 / 32 blocks, rounded down");
  }
  if (vr_offset * 2u / 32 > 255 || uint32_t{h} * 8 > 255) {
    WarnBilinear("bilinear_stride_wraps",
                 "the copy-out's repeat strides (vROffset * 2 / 32 = " +
                     std::to_string(vr_offset * 2u / 32) +
                     ", hRepeat * 8 = " + std::to_string(uint32_t{h} * 8) +
                     " blocks) are 8-bit fields: the chip uses them modulo 256");
  }
  const uint64_t page_bytes = (uint64_t{src0_n} + src1_n) * 32;
  if (tmp_bytes < page_bytes) {
    WarnBilinear("bilinear_tmp_below_page",
                 "sharedTmpBuffer holds " + std::to_string(tmp_bytes) +
                     " bytes; the page asks for (src0.GetSize() + src1.GetSize()) * 32 = " +
                     std::to_string(page_bytes) + " on the A2/A3 (the sequence writes " +
                     std::to_string(uint64_t{static_cast<uint8_t>(h * v)} * 256 +
                                    uint64_t{src1_n / 8} * 256) +
                     ")");
  }
}

template <typename Mask>
void Sequence(const LocalTensor<half>& dst, const LocalTensor<half>& src0,
              const LocalTensor<uint32_t>& offset, const LocalTensor<half>& src1, Mask mask,
              uint8_t h, bool repeat_mode, uint16_t dst_blk_stride, uint16_t vr_offset, uint8_t v,
              const LocalTensor<uint8_t>& tmp_bytes) {
  using namespace AscendC;
  const LocalTensor<half> tmp = tmp_bytes.ReinterpretCast<half>();
  const auto inner = static_cast<uint8_t>(h * v);
  // 1. Gather src0's 32 B blocks at the offsets, 8 per repeat, into tmp.
  Gatherb(tmp.ReinterpretCast<uint16_t>(), src0.ReinterpretCast<uint16_t>(), offset, inner,
          GatherRepeatParams{});
  // 2. Broadcast each src1 element over one block after them.
  const uint32_t brcb_at = uint32_t{inner} * kRepElems;
  Brcb(tmp[brcb_at], src1, static_cast<uint8_t>(src1.GetSize() / 8), BrcbRepeatParams{});
  PipeBarrier<PIPE_V>();
  // 3. Multiply, over every lane (counter mode): one weight per repeat, or one per block.
  BinaryRepeatParams mul;
  if (!repeat_mode) {
    mul.src0RepStride = 1;
    mul.src0BlkStride = 0;
  }
  SetMaskCount();
  SetVectorMask<half, MaskMode::COUNTER>(0, uint64_t{inner} * kRepElems);
  Mul<half, false>(tmp, tmp[brcb_at], tmp, mask, inner, mul);
  SetMaskNorm();
  ResetMask();
  PipeBarrier<PIPE_V>();
  // 4. Sum each vertical step's hRepeat repeats into its first, in order. The chip issues one
  // Add of hRepeat - 1 repeats whose dst and src1 repeat strides are 0, each repeat adding onto
  // what the one before wrote (CANN relies on that here and in its reductions); opsim's level-0
  // instructions read every repeat's sources before writing, so the repeats go one Add each.
  BinaryRepeatParams add;
  add.dstRepStride = 0;
  add.src1RepStride = 0;
  for (uint32_t i = 0; i < v; ++i) {
    for (uint32_t k = 1; k < h; ++k) {
      Add(tmp[i * h * kRepElems], tmp[(i * h + k) * kRepElems], tmp[i * h * kRepElems], mask, 1,
          add);
    }
  }
  PipeBarrier<PIPE_V>();
  // 5. Copy out (+ 0) with the dst strides.
  UnaryRepeatParams out;
  out.srcRepStride = static_cast<uint8_t>(h * 8);
  out.dstBlkStride = dst_blk_stride;
  out.dstRepStride = static_cast<uint8_t>(vr_offset * sizeof(half) / 32);
  Adds(dst, tmp, static_cast<half>(0.0f), mask, v, out);
}

}  // namespace

void BilinearInterpolationRun(const AscendC::LocalTensor<half>& dst,
                              const AscendC::LocalTensor<half>& src0,
                              const AscendC::LocalTensor<uint32_t>& src0Offset,
                              const AscendC::LocalTensor<half>& src1, uint64_t mask,
                              const uint64_t* mask_bits, uint8_t hRepeat, bool repeatMode,
                              uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat,
                              const AscendC::LocalTensor<uint8_t>& sharedTmpBuffer) {
  CheckPageRules(hRepeat, vRepeat, vROffset, src0.GetSize(), src1.GetSize(),
                 sharedTmpBuffer.GetSize());
  if (mask_bits != nullptr) {
    Sequence(dst, src0, src0Offset, src1, mask_bits, hRepeat, repeatMode, dstBlkStride, vROffset,
             vRepeat, sharedTmpBuffer);
  } else {
    Sequence(dst, src0, src0Offset, src1, mask, hRepeat, repeatMode, dstBlkStride, vROffset,
             vRepeat, sharedTmpBuffer);
  }
}

}  // namespace opsim::sim::detail
