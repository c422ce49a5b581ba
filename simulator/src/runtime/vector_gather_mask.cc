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
#include "opsim/sim/vector_gather_unit.h"
#include "runtime/describe_buffer.h"
#include "runtime/gm_init.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

thread_local std::vector<uint8_t> tls_packed;

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

// The kept elements of repeat r, counted (and, checked, each read tested for writes, in the
// order the per-bit loop tests them). A built-in pattern's elements lie in one span from its
// first to its last kept element: when every byte of that span was written, each element's
// CheckWritten would find no hole and do nothing, so the span's one test stands for them all.
uint64_t KeptInRepeat(const Core& core, const UbRef& src0, const vec::PackShape& pack, uint32_t r) {
  const char* name = "GatherMask";
  const bool checked = core.checked;
  if (pack.bits != nullptr) {
    uint64_t kept = 0;
    for (uint64_t i = 0; i < pack.per_repeat; ++i) {
      if (!vec::PackKeeps(pack, r, i)) continue;
      ++kept;
      if (checked)
        CheckWritten(core, src0, vec::PackOffset(pack, r, i), pack.elem_bytes, name, "src0");
    }
    return kept;
  }
  const vec::PackStride st = vec::PackStrideOf(pack.pattern);
  if (pack.per_repeat <= st.first) return 0;
  const uint64_t kept = (pack.per_repeat - 1 - st.first) / st.step + 1;
  if (!checked) return kept;
  const uint64_t last = st.first + (kept - 1) * st.step;
  const uint64_t base = static_cast<uint64_t>(src0.ptr - core.ub);
  const uint64_t lo = base + vec::PackOffset(pack, r, st.first);
  const uint64_t hi = base + vec::PackOffset(pack, r, last) + pack.elem_bytes;
  // blkStride >= 1: offsets grow with i, so [lo, hi) holds every kept element (0 folds blocks).
  if (pack.blk_stride >= 1 && FindUbBit(core, lo, hi, false) == hi) return kept;
  for (uint64_t i = st.first; i < pack.per_repeat; i += st.step) {
    CheckWritten(core, src0, vec::PackOffset(pack, r, i), pack.elem_bytes, name, "src0");
  }
  return kept;
}

}  // namespace

uint64_t GatherMaskRun(const UbRef& dst, const UbRef& src0, const GatherMaskArgs& a) {
  const char* name = "GatherMask";
  const MaskShape shape = ShapeOf(a);
  const vec::PackShape pack{a.elem_bytes,
                            shape.repeats,
                            shape.per_repeat,
                            a.params.src0BlockStride,
                            a.params.src0RepeatStride,
                            a.pattern == 0 ? a.bits->ptr : nullptr,
                            static_cast<uint64_t>(a.params.src1RepeatStride) * 32,
                            a.pattern};
  const uint64_t pattern_bytes = (shape.per_repeat + 7) / 8;
  uint64_t src_span = 0, bits_span = 0;
  if (shape.repeats > 0) {
    // Offsets grow with r and i (strides are unsigned): the last element ends the span.
    src_span = vec::PackOffset(pack, shape.repeats - 1, shape.per_repeat - 1) + a.elem_bytes;
    bits_span = (shape.repeats - 1) * pack.bits_rep_bytes + pattern_bytes;
  }
  CheckVectorOperand(src0, src_span, name, "src0");
  if (a.pattern == 0) CheckVectorOperand(*a.bits, bits_span, name, "src1Pattern");
  Core& core = Cur();
  uint64_t kept = 0;
  for (uint32_t r = 0; r < shape.repeats; ++r) {
    if (core.checked && a.pattern == 0) {
      CheckWritten(core, *a.bits, r * pack.bits_rep_bytes, pattern_bytes, name, "src1Pattern");
    }
    kept += KeptInRepeat(core, src0, pack, r);
  }
  CheckVectorOperand(dst, kept * a.elem_bytes, name, "dst");
  const UbRef srcs[2] = {src0, a.pattern == 0 ? *a.bits : src0};
  const uint64_t repeats256 = (shape.repeats * shape.per_repeat * a.elem_bytes + 255) / 256;
  ChargeRepeat(name, static_cast<uint32_t>(std::min<uint64_t>(repeats256, UINT32_MAX)), &dst, srcs,
               a.pattern == 0 ? 2 : 1);
  // Packed into a staging buffer first: dst may be src0 itself (in-place compaction).
  tls_packed.resize(kept * a.elem_bytes);
  vec::PackElements(tls_packed.data(), src0.ptr, pack);
  std::memcpy(dst.ptr, tls_packed.data(), tls_packed.size());
  return kept;
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
