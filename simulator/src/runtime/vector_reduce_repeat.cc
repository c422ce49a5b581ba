// Level-0 reductions within a repeat (WholeReduce* with masks, BlockReduce*, PairReduceSum)
// and Brcb: lane plans, checks, V-pipe cost, per-group reduction through the vector unit.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/sim/ascendc/vector.h"
#include "opsim/sim/ascendc/vector_reduce_repeat.h"
#include "runtime/extra_registers.h"
#include "runtime/launch_state.h"
#include "runtime/vector_repeat_lanes.h"

namespace opsim::sim::detail {
namespace {

thread_local std::vector<uint8_t> tls_group;
thread_local std::vector<uint32_t> tls_lane_ids;
thread_local std::vector<uint8_t> tls_sums;

uint32_t GroupsPerRepeat(GroupKind kind, uint32_t per_repeat) {
  switch (kind) {
    case GroupKind::kWhole: return 1;
    case GroupKind::kBlock: return 8;
    case GroupKind::kPair: return per_repeat / 2;
  }
  return 1;
}

uint32_t GroupOf(GroupKind kind, uint32_t lane_in_repeat, uint32_t per_repeat) {
  switch (kind) {
    case GroupKind::kWhole: return 0;
    case GroupKind::kBlock: return lane_in_repeat / (per_repeat / 8);
    case GroupKind::kPair: return lane_in_repeat / 2;
  }
  return 0;
}

// LaneSpan, without visiting every lane when the mask has them all: the furthest block is block
// 7 of the last repeat, whatever the strides (LaneSpan was three quarters of BlockReduceSum's
// host time over 255 repeats).
uint64_t SourceSpan(const LanePlan& plan, uint32_t elem_bytes, const RepeatOperand& src) {
  if (plan.repeats == 0 || plan.count != uint64_t{plan.repeats} * plan.per_repeat) {
    return LaneSpan(plan, elem_bytes, src);
  }
  return ((uint64_t{plan.repeats} - 1) * src.rep_stride + 7ull * src.blk_stride) * 32 + 32;
}

// Float sums in the chip's order (vector_tree_sum.h): every repeat's lanes packed with -0 where
// the mask has none, one tree per group of `per_repeat / groups` lanes. A block or pair with no
// lane on the mask is not written (the A2/A3 rule of CANN's ReduceDataBlock/ReducePairElem pages);
// a whole repeat with none writes +0.
void TreeGroupSums(DType dtype, uint32_t elem_bytes, GroupKind kind, const LanePlan& plan,
                   uint32_t groups, const UbRef& dst, uint64_t stride_elems,
                   const RepeatOperand& src) {
  const uint64_t repeat_bytes = uint64_t{plan.per_repeat} * elem_bytes;
  const uint64_t width = plan.per_repeat / groups;
  tls_group.resize(plan.repeats * repeat_bytes);
  tls_lane_ids.assign(static_cast<size_t>(plan.repeats) * groups, 0);  // active lanes per group
  const uint16_t negative_zero16 = 0x8000;
  const float negative_zero32 = -0.0f;
  const double negative_zero64 = -0.0;
  const void* zero = elem_bytes == 2   ? static_cast<const void*>(&negative_zero16)
                     : elem_bytes == 4 ? static_cast<const void*>(&negative_zero32)
                                       : static_cast<const void*>(&negative_zero64);
  const bool whole = plan.count == uint64_t{plan.repeats} * plan.per_repeat && src.blk_stride == 1;
  for (uint32_t r = 0; whole && r < plan.repeats; ++r) {
    std::memcpy(tls_group.data() + r * repeat_bytes,
                src.ref.ptr + uint64_t{r} * src.rep_stride * 32, repeat_bytes);
  }
  if (whole) {
    for (auto& n : tls_lane_ids) n = static_cast<uint32_t>(width);
  } else {
    for (uint64_t at = 0; at < tls_group.size(); at += elem_bytes) {
      std::memcpy(tls_group.data() + at, zero, elem_bytes);
    }
    for (size_t k = 0; k < plan.count; ++k) {
      const uint32_t lane = plan.lanes[k];
      const uint64_t off =
          LaneOffset(lane, plan.per_repeat, elem_bytes, src.blk_stride, src.rep_stride);
      std::memcpy(tls_group.data() + uint64_t{lane} * elem_bytes, src.ref.ptr + off, elem_bytes);
      const uint32_t r = lane / plan.per_repeat;
      ++tls_lane_ids[r * groups + GroupOf(kind, lane % plan.per_repeat, plan.per_repeat)];
    }
  }
  tls_sums.resize(static_cast<size_t>(plan.repeats) * groups * elem_bytes);
  vec::TreeSums(dtype, tls_sums.data(), tls_group.data(), tls_lane_ids.size(), width);
  Core& core = Cur();
  for (uint32_t r = 0; r < plan.repeats; ++r) {
    for (uint32_t g = 0; g < groups; ++g) {
      uint8_t* out = dst.ptr + (r * stride_elems + g) * elem_bytes;
      const size_t i = static_cast<size_t>(r) * groups + g;
      if (tls_lane_ids[i] == 0) {
        if (kind != GroupKind::kWhole) continue;  // the 910B skips an empty block or pair
        std::memset(out, 0, elem_bytes);
      } else {
        std::memcpy(out, tls_sums.data() + i * elem_bytes, elem_bytes);
      }
      if (core.checked) MarkWritten(core, out, elem_bytes);
    }
  }
}

}  // namespace

void RaiseBadStride(const char* name, int32_t value) {
  RaiseFault(FaultKind::kInvalidArgument, name,
             "stride " + std::to_string(value) + " is invalid: strides must be >= 0");
}

void GroupReduce(const char* name, vec::ReduceOp op, DType dtype, uint32_t elem_bytes,
                 GroupKind kind, uint8_t order, const MaskArg& mask, int32_t repeat,
                 const UbRef& dst, int32_t dst_rep_stride, const RepeatOperand& src) {
  if (dst_rep_stride < 0) RaiseBadStride(name, dst_rep_stride);
  const LanePlan plan = PlanLanes(name, elem_bytes, mask, repeat);
  const auto ord = static_cast<AscendC::ReduceOrder>(order);
  const bool with_index = ord != AscendC::ReduceOrder::ORDER_ONLY_VALUE;
  const uint32_t groups = GroupsPerRepeat(kind, plan.per_repeat);
  const uint32_t result_elems = with_index ? 2 : 1;
  const uint64_t stride_elems = static_cast<uint64_t>(dst_rep_stride) * groups * result_elems;
  const uint64_t dst_bytes =
      plan.repeats == 0
          ? 0
          : ((plan.repeats - 1) * stride_elems + static_cast<uint64_t>(groups) * result_elems) *
                elem_bytes;
  CheckVectorOperand(dst, dst_bytes, name, "dst");
  const uint64_t src_span = SourceSpan(plan, elem_bytes, src);
  CheckVectorOperand(src.ref, src_span, name, "src");
  ChargeRepeatSpans(name, plan.repeats, &dst, dst_bytes, &src.ref, &src_span, 1);
  if (kind == GroupKind::kWhole && op != vec::ReduceOp::kSum) {
    NoteMaxMinPlan(name, op, dtype, elem_bytes, src, plan);  // MAX_MIN_CNT
  }
  if (op == vec::ReduceOp::kSum && vec::TreeSumsTake(dtype)) {
    return TreeGroupSums(dtype, elem_bytes, kind, plan, groups, dst, stride_elems, src);
  }
  // What each group writes: its value, its index, or both (the gaps of a dstRepStride stay).
  const uint32_t written_elems = ord == AscendC::ReduceOrder::ORDER_ONLY_INDEX ? 1 : result_elems;
  Core& core = Cur();
  size_t k = 0;
  for (uint32_t r = 0; r < plan.repeats; ++r) {
    for (uint32_t g = 0; g < groups; ++g) {
      // Gather this group's active lanes (the plan is sorted by lane).
      tls_group.clear();
      std::vector<uint32_t>& lane_ids = tls_lane_ids;
      lane_ids.clear();
      while (k < plan.count && plan.lanes[k] / plan.per_repeat == r &&
             GroupOf(kind, plan.lanes[k] % plan.per_repeat, plan.per_repeat) == g) {
        const uint64_t off =
            LaneOffset(plan.lanes[k], plan.per_repeat, elem_bytes, src.blk_stride, src.rep_stride);
        tls_group.insert(tls_group.end(), src.ref.ptr + off, src.ref.ptr + off + elem_bytes);
        lane_ids.push_back(plan.lanes[k] % plan.per_repeat);
        ++k;
      }
      // ReduceDataBlock/ReducePairElem pages, A2/A3: a DataBlock (pair) with no lane on the mask
      // is not written ("保留目的操作数原有数据"); the same instructions as
      // BlockReduce*/PairReduceSum.
      if (lane_ids.empty() && kind != GroupKind::kWhole) continue;
      uint8_t value[8] = {};
      uint32_t index = 0;
      vec::Reduce(op, dtype, value, tls_group.data(), lane_ids.size(),
                  with_index ? &index : nullptr);
      const uint32_t lane =
          lane_ids.empty() ? 0 : lane_ids[std::min<size_t>(index, lane_ids.size() - 1)];
      uint8_t* out =
          dst.ptr + (r * stride_elems + static_cast<uint64_t>(g) * result_elems) * elem_bytes;
      uint8_t index_bits[8] = {};
      std::memcpy(index_bits, &lane, std::min<uint32_t>(4, elem_bytes));
      if (ord == AscendC::ReduceOrder::ORDER_INDEX_VALUE) {
        std::memcpy(out, index_bits, elem_bytes);
        std::memcpy(out + elem_bytes, value, elem_bytes);
      } else if (ord == AscendC::ReduceOrder::ORDER_ONLY_INDEX) {
        std::memcpy(out, index_bits, elem_bytes);
      } else {
        std::memcpy(out, value, elem_bytes);
        if (with_index) std::memcpy(out + elem_bytes, index_bits, elem_bytes);
      }
      if (core.checked) MarkWritten(core, out, static_cast<uint64_t>(written_elems) * elem_bytes);
    }
  }
}

namespace {

// A sum of `n` repeat sums as the chip's later rounds take it: WholeReduceSum over repeats of
// the partial sums, each a tree (vector_tree_sum.h) with the missing lanes -0, until one is left.
void SumRepeatSums(DType dtype, uint32_t elem_bytes, void* dst, const uint8_t* sums, size_t n) {
  if (!vec::TreeSumsTake(dtype)) {  // integers: the order changes nothing
    vec::Reduce(vec::ReduceOp::kSum, dtype, dst, sums, n, nullptr);
    return;
  }
  const size_t per_repeat = 256 / elem_bytes;
  std::vector<uint8_t> level(sums, sums + n * elem_bytes);
  while (n > 1) {
    const size_t groups = (n + per_repeat - 1) / per_repeat;
    level.resize(groups * per_repeat * elem_bytes);
    for (size_t i = n; i < groups * per_repeat; ++i) {  // -0: its sign bit alone
      std::memset(&level[i * elem_bytes], 0, elem_bytes);
      level[(i + 1) * elem_bytes - 1] = 0x80;
    }
    std::vector<uint8_t> next(groups * elem_bytes);
    vec::TreeSums(dtype, next.data(), level.data(), groups, per_repeat);
    level.swap(next);
    n = groups;
  }
  std::memcpy(dst, level.data(), elem_bytes);
}

}  // namespace

void FinishRepeatReduce(const char* name, vec::ReduceOp op, DType dtype, uint32_t elem_bytes,
                        const UbRef& dst, const UbRef& work, int32_t repeat, bool with_index) {
  if (repeat <= 0) return;  // round 1 refused a bad count or reduced nothing
  const bool pairs = op != vec::ReduceOp::kSum;
  const uint64_t n = static_cast<uint64_t>(repeat);
  const uint64_t work_bytes = n * (pairs ? 2 : 1) * elem_bytes;
  const uint64_t dst_bytes = (with_index ? 2 : 1) * elem_bytes;
  VectorOp(name, dst, dst_bytes, &work, &work_bytes, 1, [&] {
    if (!pairs) return SumRepeatSums(dtype, elem_bytes, dst.ptr, work.ptr, n);
    std::vector<uint8_t> values(n * elem_bytes);
    for (uint64_t r = 0; r < n; ++r) {
      std::memcpy(&values[r * elem_bytes], work.ptr + 2 * r * elem_bytes, elem_bytes);
    }
    uint32_t best = 0;
    vec::Reduce(op, dtype, dst.ptr, values.data(), n, &best);
    if (!with_index) return;
    uint32_t inner = 0;  // the index round 1 wrote beside the value, an unsigned of T's width
    std::memcpy(&inner, work.ptr + (2 * best + 1) * elem_bytes, std::min<uint32_t>(4, elem_bytes));
    const uint32_t index = best * (256 / elem_bytes) + inner;
    std::memset(dst.ptr + elem_bytes, 0, elem_bytes);
    std::memcpy(dst.ptr + elem_bytes, &index, std::min<uint32_t>(4, elem_bytes));
  });
  if (pairs) NoteMaxMinValueOnly(name, dtype, elem_bytes, dst.ptr, true);
}

void BroadcastBlocks(const char* name, uint32_t elem_bytes, const UbRef& dst, const UbRef& src,
                     int32_t repeat, uint32_t dst_blk_stride, uint32_t dst_rep_stride) {
  if (repeat < 0 || repeat > 255) {
    RaiseFault(FaultKind::kInvalidArgument, name,
               "repeatTimes " + std::to_string(repeat) + " is outside [0, 255]");
  }
  const uint64_t reps = static_cast<uint64_t>(repeat);
  uint64_t dst_span = 0;
  for (uint64_t r = 0; r < reps; ++r) {
    for (uint64_t j = 0; j < 8; ++j) {
      dst_span = std::max(dst_span, (r * dst_rep_stride + j * dst_blk_stride) * 32 + 32);
    }
  }
  CheckVectorOperand(dst, dst_span, name, "dst");
  CheckVectorOperand(src, reps * 8 * elem_bytes, name, "src");
  ChargeRepeat(name, static_cast<uint32_t>(reps), &dst, &src, 1);
  for (uint64_t r = 0; r < reps; ++r) {
    for (uint64_t j = 0; j < 8; ++j) {
      uint8_t* block = dst.ptr + (r * dst_rep_stride + j * dst_blk_stride) * 32;
      const uint8_t* v = src.ptr + (r * 8 + j) * elem_bytes;
      for (uint32_t b = 0; b < 32; b += elem_bytes) std::memmove(block + b, v, elem_bytes);
    }
  }
}

}  // namespace opsim::sim::detail
