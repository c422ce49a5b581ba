// The vector mask register and the repeat parameters of Ascend C's level-0 (mask, repeatTimes,
// RepeatParams) instruction forms.
//
// A level-0 instruction runs `repeatTimes` repeats of 256 B. Lane i of repeat r of an operand
// lives at base + r * repStride * 32 B + (i / laneBlock) * blkStride * 32 B + (i % laneBlock)
// elements, laneBlock = 32 B / sizeof(T). Normal mode: the mask bits (bit i = lane i) choose
// the lanes of every repeat; lanes off the mask keep their old dst value. Counter mode
// (SetMaskCount): the mask is an element count, repeatTimes is ignored and the repeats are
// as many as the count needs.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

namespace AscendC {

enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };

// The mask argument of an instruction called with isSetMask = false (the mask register holds
// the real mask, set by SetVectorMask).
constexpr uint64_t MASK_PLACEHOLDER = 0;

struct UnaryRepeatParams {
  UnaryRepeatParams() = default;
  UnaryRepeatParams(uint16_t dstBlkStrideIn, uint16_t srcBlkStrideIn, uint8_t dstRepStrideIn,
                    uint8_t srcRepStrideIn)
      : dstBlkStride(dstBlkStrideIn),
        srcBlkStride(srcBlkStrideIn),
        dstRepStride(dstRepStrideIn),
        srcRepStride(srcRepStrideIn) {}
  uint32_t blockNumber = 8;
  uint16_t dstBlkStride = 1;
  uint16_t srcBlkStride = 1;
  uint8_t dstRepStride = 8;
  uint8_t srcRepStride = 8;
  bool repeatStrideMode = false;
  bool strideSizeMode = false;
  bool halfBlock = false;
};

struct BinaryRepeatParams {
  BinaryRepeatParams() = default;
  BinaryRepeatParams(uint8_t dstBlkStrideIn, uint8_t src0BlkStrideIn, uint8_t src1BlkStrideIn,
                     uint8_t dstRepStrideIn, uint8_t src0RepStrideIn, uint8_t src1RepStrideIn)
      : dstBlkStride(dstBlkStrideIn),
        src0BlkStride(src0BlkStrideIn),
        src1BlkStride(src1BlkStrideIn),
        dstRepStride(dstRepStrideIn),
        src0RepStride(src0RepStrideIn),
        src1RepStride(src1RepStrideIn) {}
  uint32_t blockNumber = 8;
  uint8_t dstBlkStride = 1;
  uint8_t src0BlkStride = 1;
  uint8_t src1BlkStride = 1;
  uint8_t dstRepStride = 8;
  uint8_t src0RepStride = 8;
  uint8_t src1RepStride = 8;
  bool repeatStrideMode = false;
  bool strideSizeMode = false;
};

}  // namespace AscendC

namespace opsim::sim::detail {

// One operand of a level-0 instruction: its tensor and its strides in 32 B blocks.
struct RepeatOperand {
  UbRef ref;
  uint32_t blk_stride = 1;
  uint32_t rep_stride = 8;
  // Element size when it differs from the instruction's (Cast: the wider type sets the lanes
  // per repeat, each operand lays its lanes out in its own element size). 0: the instruction's.
  uint32_t elem_bytes = 0;
};

// The mask argument as the call gave it.
struct MaskArg {
  bool set = true;         // isSetMask: the argument (not the register) is the mask
  bool bits_form = false;  // uint64_t mask[2] (else the continuous form: first `count` lanes)
  uint64_t bits[2] = {0, 0};
  uint64_t count = 0;
};

// A mask argument of the level-0 APIs: the bit-mask array form or the counter form.
template <bool isSetMask>
MaskArg MaskOf(const uint64_t mask[]) {
  MaskArg m;
  m.set = isSetMask;
  m.bits_form = true;
  m.bits[0] = mask[0];
  m.bits[1] = mask[1];
  return m;
}
template <bool isSetMask>
MaskArg MaskOf(uint64_t mask) {
  MaskArg m;
  m.set = isSetMask;
  m.count = mask;
  return m;
}

// Elementwise kernel over the active lanes, gathered into contiguous arrays.
using LaneKernel = void (*)(const void* ctx, uint8_t* dst, const uint8_t* const* srcs, size_t n);

// Runs one level-0 instruction: resolves the mask, checks every operand's span (live buffer,
// bounds, 32 B-aligned start), charges the V pipe per repeat, records the checked-mode
// accesses, gathers the active lanes of each source, calls `kernel` once and scatters its
// results to dst. Sources and dst have `elem_bytes`-byte elements.
void RunRepeat(const char* name, uint32_t elem_bytes, const MaskArg& mask, int32_t repeat,
               const RepeatOperand& dst, const RepeatOperand* srcs, int nsrc, LaneKernel kernel,
               const void* ctx);

// The active lanes of a level-0 instruction (global lane index r * perRepeat + i, ascending),
// after the mask checks; `repeats` receives the number of repeats charged.
struct LanePlan {
  uint32_t per_repeat = 0;
  uint32_t repeats = 0;
  uint32_t* lanes = nullptr;  // owned by the core; valid until the next plan
  size_t count = 0;
};
LanePlan PlanLanes(const char* name, uint32_t elem_bytes, const MaskArg& mask, int32_t repeat);
// Byte offset of a global lane in an operand with the given strides.
inline uint64_t LaneOffset(uint32_t lane, uint32_t per_repeat, uint32_t elem_bytes,
                           uint32_t blk_stride, uint32_t rep_stride) {
  const uint32_t r = lane / per_repeat;
  const uint32_t i = lane % per_repeat;
  const uint32_t per_block = 32 / elem_bytes;
  return (static_cast<uint64_t>(r) * rep_stride +
          static_cast<uint64_t>(i / per_block) * blk_stride) *
             32 +
         static_cast<uint64_t>(i % per_block) * elem_bytes;
}
// Bytes from the operand's start to the end of its last active lane.
uint64_t LaneSpan(const LanePlan& plan, uint32_t elem_bytes, const RepeatOperand& op);
// Checks an operand of `span` bytes (live, in bounds, 32 B-aligned start).
void CheckVectorOperand(const UbRef& ref, uint64_t span, const char* name, const char* operand);
// Charges one level-0 instruction of `repeats` repeats on the V pipe and records the accesses.
void ChargeRepeat(const char* name, uint32_t repeats, const UbRef* dst, const UbRef* srcs,
                  int nsrc);

void SetMaskRegister(bool counter, uint64_t high, uint64_t low);
void SetMaskModeImpl(bool counter);
}  // namespace opsim::sim::detail

namespace AscendC {

// Counter mode: the mask of a level-0 instruction is the number of elements to process.
inline void SetMaskCount() { opsim::sim::detail::SetMaskModeImpl(true); }
// Normal mode (the default): the mask selects lanes within every repeat.
inline void SetMaskNorm() { opsim::sim::detail::SetMaskModeImpl(false); }

template <typename T, MaskMode mode = MaskMode::NORMAL>
void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow) {
  opsim::sim::detail::SetMaskRegister(mode == MaskMode::COUNTER, maskHigh, maskLow);
}
// The first `len` lanes (normal mode) or `len` elements (counter mode).
template <typename T, MaskMode mode = MaskMode::NORMAL>
void SetVectorMask(int32_t len) {
  if constexpr (mode == MaskMode::COUNTER) {
    opsim::sim::detail::SetMaskRegister(true, 0, static_cast<uint64_t>(len));
  } else {
    const uint64_t n = len < 0 ? 0 : static_cast<uint64_t>(len);
    const uint64_t low = n >= 64 ? ~0ull : (1ull << n) - 1;
    const uint64_t high = n >= 128 ? ~0ull : n <= 64 ? 0 : (1ull << (n - 64)) - 1;
    opsim::sim::detail::SetMaskRegister(false, high, low);
  }
}
// Every lane on.
inline void ResetMask() { opsim::sim::detail::SetMaskRegister(false, ~0ull, ~0ull); }

}  // namespace AscendC
