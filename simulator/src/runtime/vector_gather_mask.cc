// GatherMask (src0's elements whose pattern bit is set, packed into dst) and CreateVecIndex.
//
// GatherMask's repeats: normal mode (reduceMode false) runs params.repeatTimes repeats of
// 256 B / sizeof(T) elements; counter mode (reduceMode true) runs params.repeatTimes repeats
// of `mask` elements each (Ascend C's "configuration one", what CANN's own DropOut uses with
// one repeat per row). Element i of repeat r is at r * src0RepeatStride blocks +
// (i / laneBlock) * src0BlockStride blocks + i % laneBlock; its pattern bit is bit i of the
// pattern tensor from byte r * src1RepeatStride * 32 (a built-in pattern repeats every 2 or 4
// elements). The chosen elements go to dst one after another across all repeats.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/sim/ascendc/vector_gather.h"
#include "runtime/describe_buffer.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

thread_local std::vector<uint8_t> tls_packed;

bool BuiltinBit(uint8_t pattern, uint64_t i) {
  switch (pattern) {
    case 1: return i % 2 == 0;
    case 2: return i % 2 == 1;
    case 7: return true;
    default:  // 3..6: element pattern - 3 of every four
      return i % 4 == static_cast<uint64_t>(pattern - 3);
  }
}

struct MaskShape {
  uint32_t repeats;
  uint64_t per_repeat;  // elements per repeat
};

MaskShape ShapeOf(const GatherMaskArgs& a) {
  const char* name = "GatherMask";
  const AscendC::GatherMaskParams& p = a.params;
  if (p.repeatTimes > 255) {
    RaiseFault(FaultKind::kInvalidArgument, name,
               "repeatTimes " + std::to_string(p.repeatTimes) + " is outside [0, 255]");
  }
  if (a.pattern > 7) {
    RaiseFault(FaultKind::kInvalidArgument, name,
               "built-in src1Pattern " + std::to_string(a.pattern) +
                   " is outside [1, 7] (1 even, 2 odd, 3-6 one of every four, 7 all)");
  }
  if (a.reduce_mode && a.mask == 0) {
    RaiseFault(FaultKind::kInvalidArgument, name,
               "counter mode (reduceMode true) needs mask >= 1 elements per repeat, got 0");
  }
  return MaskShape{p.repeatTimes, a.reduce_mode ? a.mask : 256 / a.elem_bytes};
}

uint64_t ElemOffset(const GatherMaskArgs& a, uint32_t r, uint64_t i) {
  const uint64_t per_block = 32 / a.elem_bytes;
  return (static_cast<uint64_t>(r) * a.params.src0RepeatStride +
          i / per_block * a.params.src0BlockStride) *
             32 +
         i % per_block * a.elem_bytes;
}

}  // namespace

uint64_t GatherMaskRun(const UbRef& dst, const UbRef& src0, const GatherMaskArgs& a) {
  const char* name = "GatherMask";
  const MaskShape shape = ShapeOf(a);
  const uint32_t eb = a.elem_bytes;
  uint64_t src_span = 0, bits_span = 0;
  if (shape.repeats > 0) {
    // Offsets grow with r and i (strides are unsigned): the last element ends the span.
    src_span = ElemOffset(a, shape.repeats - 1, shape.per_repeat - 1) + eb;
    if (a.pattern == 0) {
      bits_span = static_cast<uint64_t>(shape.repeats - 1) * a.params.src1RepeatStride * 32 +
                  (shape.per_repeat + 7) / 8;
    }
  }
  CheckVectorOperand(src0, src_span, name, "src0");
  if (a.pattern == 0) CheckVectorOperand(*a.bits, bits_span, name, "src1Pattern");
  Core& core = Cur();
  tls_packed.clear();
  for (uint32_t r = 0; r < shape.repeats; ++r) {
    const uint8_t* bits =
        a.pattern == 0 ? a.bits->ptr + static_cast<uint64_t>(r) * a.params.src1RepeatStride * 32
                       : nullptr;
    for (uint64_t i = 0; i < shape.per_repeat; ++i) {
      const bool on = bits ? (bits[i / 8] >> (i % 8)) & 1u : BuiltinBit(a.pattern, i);
      if (!on) continue;
      const uint64_t at = ElemOffset(a, r, i);
      if (core.checked) CheckWritten(core, src0, at, eb, name, "src0");
      tls_packed.insert(tls_packed.end(), src0.ptr + at, src0.ptr + at + eb);
    }
  }
  if (core.checked && a.pattern == 0) {
    for (uint32_t r = 0; r < shape.repeats; ++r) {
      CheckWritten(core, *a.bits, static_cast<uint64_t>(r) * a.params.src1RepeatStride * 32,
                   (shape.per_repeat + 7) / 8, name, "src1Pattern");
    }
  }
  CheckVectorOperand(dst, tls_packed.size(), name, "dst");
  UbRef srcs[2] = {src0, a.pattern == 0 ? *a.bits : src0};
  const uint64_t repeats256 =
      (static_cast<uint64_t>(shape.repeats) * shape.per_repeat * eb + 255) / 256;
  ChargeRepeat(name, static_cast<uint32_t>(std::min<uint64_t>(repeats256, UINT32_MAX)), &dst, srcs,
               a.pattern == 0 ? 2 : 1);
  std::memcpy(dst.ptr, tls_packed.data(), tls_packed.size());
  return tls_packed.size() / eb;
}

void VecIndexCount(const UbRef& dst, uint32_t eb, IndexWriter write, const void* first,
                   uint32_t count) {
  const char* name = "CreateVecIndex";
  CheckVectorOperand(dst, static_cast<uint64_t>(count) * eb, name, "dst");
  ChargeRepeat(name, static_cast<uint32_t>((static_cast<uint64_t>(count) * eb + 255) / 256), &dst,
               nullptr, 0);
  for (uint32_t k = 0; k < count; ++k) write(dst.ptr, k, first, k);
}

// Lane i of repeat r holds first + r * lanes + i: its place in the sequence the repeats lay out.
void VecIndexRepeat(const UbRef& dst, uint32_t eb, IndexWriter write, const void* first,
                    const MaskArg& mask, int32_t repeat, uint16_t blk_stride, uint8_t rep_stride) {
  const char* name = "CreateVecIndex";
  const LanePlan plan = PlanLanes(name, eb, mask, repeat);
  const RepeatOperand d{dst, blk_stride, rep_stride};
  CheckVectorOperand(dst, LaneSpan(plan, eb, d), name, "dst");
  ChargeRepeat(name, plan.repeats, &dst, nullptr, 0);
  for (size_t k = 0; k < plan.count; ++k) {
    const uint32_t lane = plan.lanes[k];
    const uint64_t at = LaneOffset(lane, plan.per_repeat, eb, blk_stride, rep_stride);
    write(dst.ptr + at, 0, first, lane);
  }
}

}  // namespace opsim::sim::detail
