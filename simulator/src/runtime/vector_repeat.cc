// Level-0 vector instructions: the mask register, lane plans, operand checks, V-pipe cost and
// the gather / kernel / scatter of the masked elementwise forms.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/detail/copy_elision.h"
#include "runtime/describe_buffer.h"
#include "runtime/launch_state.h"
#include "runtime/vector_contiguous.h"
#include "runtime/vector_repeat_lanes.h"

namespace opsim::sim::detail {
namespace {

// Per-thread scratch for lane plans and gathered operands (a core runs on one thread at a time
// and instructions do not nest).
thread_local std::vector<uint32_t> tls_lanes;
thread_local std::vector<uint8_t> tls_gather[4];

}  // namespace

void SetMaskModeImpl(bool counter) { Cur().mask_counter = counter; }

void SetMaskRegister(bool /*counter*/, uint64_t high, uint64_t low) {
  Core& core = Cur();
  core.vector_mask[0] = low;
  core.vector_mask[1] = high;
}

namespace {

// The normal-mode mask of a level-0 instruction after its checks, as two words of lane bits; the
// register takes it when the call sets it (isSetMask), as on the chip.
void ResolveNormalMask(Core& core, const char* name, uint32_t elem_bytes, uint32_t per_repeat,
                       const MaskArg& mask, int32_t repeat, uint64_t bits[2]) {
  if (repeat < 0 || repeat > 255) {
    RaiseFault(FaultKind::kInvalidArgument, name,
               "repeatTimes " + std::to_string(repeat) + " is outside [0, 255]");
  }
  if (elem_bytes == 1) {
    RaiseFault(FaultKind::kUnsupported, name,
               "normal-mode masks of 8-bit elements are not modelled (256 lanes, 128 mask "
               "bits): use counter mode (SetMaskCount) or the count form");
  }
  bits[0] = core.vector_mask[0];
  bits[1] = core.vector_mask[1];
  if (!mask.set) return;
  if (mask.bits_form) {
    bits[0] = mask.bits[0];
    bits[1] = mask.bits[1];
    const bool beyond =
        per_repeat <= 64 && (bits[1] != 0 || (per_repeat < 64 && (bits[0] >> per_repeat) != 0));
    if (beyond) {
      RaiseFault(FaultKind::kInvalidArgument, name,
                 "mask {" + Hex(bits[1]) + ", " + Hex(bits[0]) + "} sets lanes beyond the " +
                     std::to_string(per_repeat) + " lanes of a " + std::to_string(elem_bytes) +
                     "-byte element repeat");
    }
  } else {
    if (mask.count < 1 || mask.count > per_repeat) {
      RaiseFault(FaultKind::kInvalidArgument, name,
                 "mask " + std::to_string(mask.count) + " is outside [1, " +
                     std::to_string(per_repeat) + "] (256 B / sizeof(T))");
    }
    const uint64_t n = mask.count;
    bits[0] = n >= 64 ? ~0ull : (1ull << n) - 1;
    bits[1] = n >= 128 ? ~0ull : n <= 64 ? 0 : (1ull << (n - 64)) - 1;
  }
  core.vector_mask[0] = bits[0];
  core.vector_mask[1] = bits[1];
}

LanePlan PlanOfBits(uint32_t per_repeat, uint32_t repeats, const uint64_t bits[2]) {
  LanePlan plan;
  plan.per_repeat = per_repeat;
  plan.repeats = repeats;
  tls_lanes.clear();
  for (uint32_t r = 0; r < repeats; ++r) {
    for (uint32_t i = 0; i < per_repeat; ++i) {
      if ((bits[i / 64] >> (i % 64)) & 1u) tls_lanes.push_back(r * per_repeat + i);
    }
  }
  plan.lanes = tls_lanes.data();
  plan.count = tls_lanes.size();
  return plan;
}

}  // namespace

LanePlan PlanLanes(const char* name, uint32_t elem_bytes, const MaskArg& mask, int32_t repeat) {
  Core& core = Cur();
  const uint32_t per_repeat = 256 / elem_bytes;
  if (!core.mask_counter) {
    uint64_t bits[2];
    ResolveNormalMask(core, name, elem_bytes, per_repeat, mask, repeat, bits);
    return PlanOfBits(per_repeat, static_cast<uint32_t>(repeat), bits);
  }
  LanePlan plan;
  plan.per_repeat = per_repeat;
  tls_lanes.clear();
  // Counter mode: the count comes from the argument (isSetMask) or the register.
  const uint64_t total =
      mask.set ? (mask.bits_form ? mask.bits[0] : mask.count) : core.vector_mask[0];
  if (total > static_cast<uint64_t>(plan.per_repeat) * 255 * 255) {
    RaiseFault(FaultKind::kInvalidArgument, name,
               "counter-mode mask " + std::to_string(total) +
                   " elements is more than the instruction can address");
  }
  for (uint32_t l = 0; l < total; ++l) tls_lanes.push_back(l);
  plan.repeats = static_cast<uint32_t>((total + plan.per_repeat - 1) / plan.per_repeat);
  plan.lanes = tls_lanes.data();
  plan.count = tls_lanes.size();
  return plan;
}

uint64_t LaneSpan(const LanePlan& plan, uint32_t elem_bytes, const RepeatOperand& op) {
  if (op.elem_bytes != 0) elem_bytes = op.elem_bytes;
  // Strides may make a later lane land lower (blkStride > repStride), so take the maximum.
  uint64_t end = 0;
  for (size_t k = 0; k < plan.count; ++k) {
    end = std::max(
        end, LaneOffset(plan.lanes[k], plan.per_repeat, elem_bytes, op.blk_stride, op.rep_stride) +
                 elem_bytes);
  }
  return end;
}

void CheckVectorOperand(const UbRef& ref, uint64_t span, const char* name, const char* operand) {
  Core& core = Cur();
  CheckUb(core, ref, span, name, operand);
  const uint64_t addr = static_cast<uint64_t>(ref.ptr - core.ub);
  if (addr % 32 != 0) {
    RaiseFault(FaultKind::kMisalignedCopy, name,
               std::string(operand) + " UB address " + Hex(addr) +
                   " is not 32 B aligned (vector instructions address whole blocks)");
  }
}

void ChargeRepeatSpans(const char* name, uint32_t repeats, const UbRef* dst, uint64_t dst_span,
                       const UbRef* srcs, const uint64_t* src_spans, int nsrc) {
  Core& core = Cur();
  const uint64_t max_repeat = core.device->max_repeat == 0 ? 255 : core.device->max_repeat;
  const uint64_t instructions = repeats == 0 ? 1 : (repeats + max_repeat - 1) / max_repeat;
  const double cost = static_cast<double>(instructions) * core.vector_issue_ns +
                      static_cast<double>(repeats) * core.vector_repeat_ns;
  const double start =
      core.Issue(Pipe::kV, name, cost, 0, VectorAutoSyncStart(core, dst, srcs, nsrc));
  if (TracksPipes(core)) {
    for (int i = 0; i < nsrc; ++i) {
      TrackRead(core, srcs[i], Pipe::kV, start, start + cost, name,
                src_spans ? src_spans[i] : UINT64_MAX);
    }
    if (dst) TrackWrite(core, *dst, Pipe::kV, start, start + cost, name, 0, dst_span);
  }
}

void ChargeRepeat(const char* name, uint32_t repeats, const UbRef* dst, const UbRef* srcs,
                  int nsrc) {
  ChargeRepeatSpans(name, repeats, dst, UINT64_MAX, srcs, nullptr, nsrc);
  if (dst && Cur().checked) MarkWritten(Cur(), dst->ptr, dst->bytes);
}

namespace {

// Checked mode, after the instruction: the lanes the mask enables are read (not the gaps
// between them) and written. As the count forms do (VectorOpLanes), a destination lane computed
// from a source lane nothing wrote stays unwritten, and its use faults; the lanes the mask
// leaves off keep what they held.
void TrackLanes(const char* name, const LanePlan& plan, uint32_t elem_bytes,
                const RepeatOperand& dst, const RepeatOperand* srcs, int nsrc) {
  Core& core = Cur();
  auto lane_at = [&](const RepeatOperand& op, size_t k, uint32_t* eb) {
    *eb = op.elem_bytes != 0 ? op.elem_bytes : elem_bytes;
    UbRef lane = op.ref;
    const uint64_t off =
        LaneOffset(plan.lanes[k], plan.per_repeat, *eb, op.blk_stride, op.rep_stride);
    lane.ptr += off;
    lane.bytes -= static_cast<uint32_t>(off);
    return lane;
  };
  bool spread = false;
  for (size_t k = 0; k < plan.count; ++k) {
    UnwrittenLanes holes;
    for (int s = 0; s < nsrc; ++s) {
      uint32_t eb = 0;
      const UbRef lane = lane_at(srcs[s], k, &eb);
      CollectUnwrittenLanes(core, lane, eb, 1, false, name, &holes);
    }
    uint32_t eb = 0;
    const UbRef out = lane_at(dst, k, &eb);
    if (holes.ranges.empty()) {
      MarkWritten(core, out.ptr, eb);
    } else {
      ClearWritten(core, static_cast<uint32_t>(out.ptr - core.ub), eb);
      spread = true;
    }
  }
  BufferRecord& r = core.bufs[static_cast<size_t>(dst.ref.buf)];
  if (spread && r.garbage_from == nullptr) r.garbage_from = name;
}

// The one cross-repeat dependency the vector unit supports (the binary instructions' overlap rule,
// e.g. CANN's TIK pages "通用定义", atlastikapi_07_0063): Add, Sub, Mul, Max, Min, And and Or with
// dst on src1, both of repeat stride 0, and src0 clear of them: each repeat combines onto the
// previous one's result, as CANN's 910B kernels sum rows (SoftmaxFlashV3, BilinearInterpolation).
// Any other dependency is unsupported there; opsim reads every source before writing, as before.
bool AccumulatesAcrossRepeats(const char* name, uint32_t repeats, uint32_t elem_bytes,
                              const RepeatOperand& dst, uint64_t dst_span,
                              const RepeatOperand* srcs, const uint64_t* src_spans, int nsrc) {
  static const char* const kAccumulating[] = {"Add", "Sub", "Mul", "Max", "Min", "And", "Or"};
  if (repeats < 2 || nsrc != 2 || dst.rep_stride != 0) return false;
  if (std::none_of(std::begin(kAccumulating), std::end(kAccumulating),
                   [&](const char* op) { return std::strcmp(op, name) == 0; })) {
    return false;
  }
  const RepeatOperand& src1 = srcs[1];
  const uint32_t eb = elem_bytes;
  const bool on_dst =
      src1.ref.ptr == dst.ref.ptr && src1.rep_stride == 0 && src1.blk_stride == dst.blk_stride &&
      (src1.elem_bytes != 0 ? src1.elem_bytes : eb) == (dst.elem_bytes != 0 ? dst.elem_bytes : eb);
  const bool src0_clear =
      srcs[0].ref.ptr >= dst.ref.ptr + dst_span || dst.ref.ptr >= srcs[0].ref.ptr + src_spans[0];
  return on_dst && src0_clear;
}

// The chip's order when repeats depend on each other: repeat r reads its sources after repeat
// r - 1 wrote dst.
void RunRepeatsInOrder(const LanePlan& plan, uint32_t elem_bytes, const RepeatOperand& dst,
                       const RepeatOperand* srcs, int nsrc, LaneKernel kernel, const void* ctx) {
  const uint32_t dst_eb = dst.elem_bytes != 0 ? dst.elem_bytes : elem_bytes;
  size_t first = 0;
  while (first < plan.count) {
    const uint32_t repeat = plan.lanes[first] / plan.per_repeat;
    size_t end = first;
    while (end < plan.count && plan.lanes[end] / plan.per_repeat == repeat) ++end;
    const size_t n = end - first;
    const uint8_t* gathered[3] = {nullptr, nullptr, nullptr};
    for (int s = 0; s < nsrc; ++s) {
      const uint32_t eb = srcs[s].elem_bytes != 0 ? srcs[s].elem_bytes : elem_bytes;
      std::vector<uint8_t>& g = tls_gather[s];
      g.resize(n * eb);
      for (size_t k = first; k < end; ++k) {
        const uint64_t off =
            LaneOffset(plan.lanes[k], plan.per_repeat, eb, srcs[s].blk_stride, srcs[s].rep_stride);
        std::memcpy(g.data() + (k - first) * eb, srcs[s].ref.ptr + off, eb);
      }
      gathered[s] = g.data();
    }
    std::vector<uint8_t>& out = tls_gather[3];
    out.resize(n * dst_eb);
    kernel(ctx, out.data(), gathered, n);
    for (size_t k = first; k < end; ++k) {
      const uint64_t off =
          LaneOffset(plan.lanes[k], plan.per_repeat, dst_eb, dst.blk_stride, dst.rep_stride);
      std::memcpy(dst.ref.ptr + off, out.data() + (k - first) * dst_eb, dst_eb);
    }
    first = end;
  }
}

// How far on RunWholeRepeats prefetches a strided source (bytes, rounded up to whole repeats).
constexpr uint64_t kPrefetchAhead = 4096;

// The strided sources' runs packed, repeat by repeat (sources interleaved, so that a tile's
// neighbouring runs are read together), source s's from from[s], pitch[s] apart, into out[s];
// the runs 4 KB on are asked for meanwhile (a tile still in GM waits on DRAM a run at a time
// otherwise, as the level-2 reduction's reader found, session 22).
void GatherRuns(uint8_t* const* out, const uint8_t* const* from, const uint64_t* pitch,
                const int* which, int n, uint64_t run, uint32_t repeats) {
  uint64_t ahead[3] = {0, 0, 0};
  for (int i = 0; i < n; ++i) {
    const uint64_t p = pitch[which[i]];
    ahead[i] = p == 0 ? 0 : (kPrefetchAhead + p - 1) / p * p;
  }
  for (uint32_t r = 0; r < repeats; ++r) {
    for (int i = 0; i < n; ++i) {
      const int s = which[i];
      const uint8_t* src = from[s] + r * pitch[s];
      const uintptr_t next = reinterpret_cast<uintptr_t>(src) + ahead[i];
      for (uint64_t k = 0; k < run; k += 64) {
        __builtin_prefetch(reinterpret_cast<const void*>(next + k));
      }
      std::memcpy(out[s] + r * run, src, run);
    }
  }
}

// The lanes of a mask that enables the first m of a repeat (bits 0 .. m-1 set, no other), or 0.
uint32_t PrefixLanes(const uint64_t bits[2], uint32_t per_repeat) {
  const auto ones = [](uint64_t w) {
    return w == ~0ull ? 64u : static_cast<uint32_t>(__builtin_ctzll(~w));
  };
  const uint32_t low = ones(bits[0]);
  if (low < 64) {
    if (bits[1] != 0 || (bits[0] >> low) != 0) return 0;
    return low;
  }
  const uint32_t high = ones(bits[1]);
  if (high < 64 && (bits[1] >> high) != 0) return 0;
  return std::min(per_repeat, 64 + high);
}

// Checks a source read where it is (in GM when a deferred copy holds it): live, in bounds, 32 B
// aligned, as CheckVectorOperand does without performing the copies.
void CheckSourceInPlace(const Core& core, const UbRef& ref, uint64_t span, const char* name) {
  CheckUbInPlace(core, ref, span, name, "src");
  const uint64_t addr = static_cast<uint64_t>(ref.ptr - core.ub);
  if (addr % 32 != 0) {
    RaiseFault(FaultKind::kMisalignedCopy, name,
               "src UB address " + Hex(addr) +
                   " is not 32 B aligned (vector instructions address whole blocks)");
  }
}

// The level-0 fast path of unchecked launches (issue 29, session 44): a mask of a repeat's first
// m lanes and every operand's blocks back to back (blkStride 1) in the instruction's element
// size, so that each repeat's lanes are m elements in a row. The general path's order (every
// source read, then dst written) with a run per repeat where it had a lane: sources packed by a
// memcpy a repeat (read where they are: in GM when a deferred copy holds them, copy_elision.h),
// one kernel call, dst written in place or a memcpy a repeat. The lane list, gather and scatter
// cost about 36 ns a lane (simulator_bench's BM_LevelZeroSums, 6 against 5: 160 times). The
// same results, faults and charges as the general path; false (nothing done) when it does not
// apply, or for the accumulating form (its repeats run one after another).
bool RunWholeRepeats(Core& core, const char* name, uint32_t eb, const uint64_t bits[2],
                     int32_t repeat, const RepeatOperand& dst, const RepeatOperand* srcs, int nsrc,
                     LaneKernel kernel, const void* ctx) {
  if (core.checked || repeat == 0) return false;
  const uint32_t m = PrefixLanes(bits, 256 / eb);
  const auto plain = [eb](const RepeatOperand& op) {
    return op.blk_stride == 1 && (op.elem_bytes == 0 || op.elem_bytes == eb);
  };
  if (m == 0 || !plain(dst)) return false;
  for (int s = 0; s < nsrc; ++s) {
    if (!plain(srcs[s])) return false;
  }
  const auto repeats = static_cast<uint32_t>(repeat);
  const uint64_t run = uint64_t{m} * eb;
  const auto span = [&](const RepeatOperand& op) {
    return uint64_t{repeats - 1} * op.rep_stride * 32 + run;
  };
  uint64_t src_spans[3];
  for (int s = 0; s < nsrc; ++s) src_spans[s] = span(srcs[s]);
  if (AccumulatesAcrossRepeats(name, repeats, eb, dst, span(dst), srcs, src_spans, nsrc)) {
    return false;
  }
  CheckVectorOperand(dst.ref, span(dst), name, "dst");
  UbRef src_refs[3];
  for (int s = 0; s < nsrc; ++s) {
    CheckSourceInPlace(core, srcs[s].ref, src_spans[s], name);
    src_refs[s] = srcs[s].ref;
  }
  ChargeRepeatSpans(name, repeats, &dst.ref, span(dst), src_refs, src_spans, nsrc);
  const uint64_t bytes = uint64_t{repeats} * run;
  const uint64_t dst_pitch = uint64_t{dst.rep_stride} * 32;
  // dst is written in place when packed and no source read in place overlaps it but exactly.
  bool direct = dst_pitch == run;
  const uint8_t* in[3] = {nullptr, nullptr, nullptr};
  const uint8_t* from[3] = {nullptr, nullptr, nullptr};
  uint8_t* packed[3] = {nullptr, nullptr, nullptr};
  uint64_t pitch[3] = {0, 0, 0};
  int strided[3] = {0, 0, 0};
  int nstrided = 0;
  for (int s = 0; s < nsrc; ++s) {
    const RowsAt at =
        ReadRowsInPlace(core, srcs[s].ref, repeats, run, uint64_t{srcs[s].rep_stride} * 32, eb);
    if (at.stride_bytes == run || repeats == 1) {
      in[s] = at.ptr;
      const bool clear = at.ptr >= dst.ref.ptr + span(dst) || dst.ref.ptr >= at.ptr + bytes;
      direct = direct && (clear || at.ptr == dst.ref.ptr);
      continue;
    }
    std::vector<uint8_t>& g = tls_gather[s];
    g.resize(bytes);
    in[s] = packed[s] = g.data();
    from[s] = at.ptr;
    pitch[s] = at.stride_bytes;
    strided[nstrided++] = s;
  }
  if (nstrided > 0) GatherRuns(packed, from, pitch, strided, nstrided, run, repeats);
  if (direct) {
    kernel(ctx, dst.ref.ptr, in, uint64_t{repeats} * m);
    return true;
  }
  std::vector<uint8_t>& out = tls_gather[3];
  out.resize(bytes);
  kernel(ctx, out.data(), in, uint64_t{repeats} * m);
  for (uint32_t r = 0; r < repeats; ++r) {
    std::memcpy(dst.ref.ptr + r * dst_pitch, out.data() + r * run, run);
  }
  return true;
}

}  // namespace

void RunRepeat(const char* name, uint32_t elem_bytes, const MaskArg& mask, int32_t repeat,
               const RepeatOperand& dst, const RepeatOperand* srcs, int nsrc, LaneKernel kernel,
               const void* ctx) {
  if (nsrc > 3) {
    RaiseFault(FaultKind::kInvalidArgument, name, "at most 3 sources per instruction");
  }
  Core& core = Cur();
  LanePlan plan;
  if (core.mask_counter) {
    plan = PlanLanes(name, elem_bytes, mask, repeat);
  } else {
    uint64_t bits[2];
    const uint32_t per_repeat = 256 / elem_bytes;
    ResolveNormalMask(core, name, elem_bytes, per_repeat, mask, repeat, bits);
    if (RunWholeRepeats(core, name, elem_bytes, bits, repeat, dst, srcs, nsrc, kernel, ctx)) return;
    plan = PlanOfBits(per_repeat, static_cast<uint32_t>(repeat), bits);
  }
  auto span = [&](const RepeatOperand& op) { return LaneSpan(plan, elem_bytes, op); };
  CheckVectorOperand(dst.ref, span(dst), name, "dst");
  UbRef src_refs[3];
  for (int s = 0; s < nsrc; ++s) {
    CheckVectorOperand(srcs[s].ref, span(srcs[s]), name, "src");
    src_refs[s] = srcs[s].ref;
  }
  uint64_t src_spans[3];
  for (int s = 0; s < nsrc; ++s) src_spans[s] = span(srcs[s]);
  ChargeRepeatSpans(name, plan.repeats, &dst.ref, span(dst), src_refs, src_spans, nsrc);
  if (plan.count == 0) return;
  if (core.checked) TrackLanes(name, plan, elem_bytes, dst, srcs, nsrc);
  if (AccumulatesAcrossRepeats(name, plan.repeats, elem_bytes, dst, span(dst), srcs, src_spans,
                               nsrc)) {
    RunRepeatsInOrder(plan, elem_bytes, dst, srcs, nsrc, kernel, ctx);
    return;
  }
  const uint8_t* gathered[3] = {nullptr, nullptr, nullptr};
  for (int s = 0; s < nsrc; ++s) {
    const uint32_t eb = srcs[s].elem_bytes != 0 ? srcs[s].elem_bytes : elem_bytes;
    if (ContiguousLanes(plan, eb, srcs[s])) {  // the kernel reads the operand in place
      gathered[s] = srcs[s].ref.ptr;
      continue;
    }
    std::vector<uint8_t>& g = tls_gather[s];
    g.resize(plan.count * eb);
    for (size_t k = 0; k < plan.count; ++k) {
      const uint64_t off =
          LaneOffset(plan.lanes[k], plan.per_repeat, eb, srcs[s].blk_stride, srcs[s].rep_stride);
      std::memcpy(g.data() + k * eb, srcs[s].ref.ptr + off, eb);
    }
    gathered[s] = g.data();
  }
  const uint32_t dst_eb = dst.elem_bytes != 0 ? dst.elem_bytes : elem_bytes;
  std::vector<uint8_t>& out = tls_gather[3];
  out.resize(plan.count * dst_eb);
  kernel(ctx, out.data(), gathered, plan.count);
  if (ContiguousLanes(plan, dst_eb, dst)) {  // after the kernel: dst may overlap a source
    std::memcpy(dst.ref.ptr, out.data(), plan.count * dst_eb);
    return;
  }
  for (size_t k = 0; k < plan.count; ++k) {
    const uint64_t off =
        LaneOffset(plan.lanes[k], plan.per_repeat, dst_eb, dst.blk_stride, dst.rep_stride);
    std::memcpy(dst.ref.ptr + off, out.data() + k * dst_eb, dst_eb);
  }
}

}  // namespace opsim::sim::detail
