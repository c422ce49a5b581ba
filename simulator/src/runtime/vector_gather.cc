// Gather, GatherMask and CreateVecIndex: operand checks, V-pipe cost and the element moves.
// Per-element loops: these instructions move scattered bytes, which the chip does in hardware
// and a host does one element at a time (docs/PERFORMANCE.md gives their rate).
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/sim/ascendc/vector_gather.h"
#include "opsim/sim/vector_gather_unit.h"
#include "runtime/describe_buffer.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

thread_local std::vector<uint8_t> tls_gathered;

uint32_t RepeatsOf(uint64_t bytes) { return static_cast<uint32_t>((bytes + 255) / 256); }

// The src element a Gather lane reads: its byte offset in src, checked against the element
// alignment and src's end (the chip reads whatever UB holds there: a kernel bug either way).
uint64_t GatherSource(const UbRef& src, uint32_t src_base, uint32_t offset, uint32_t eb,
                      uint64_t lane) {
  const uint64_t at = static_cast<uint64_t>(src_base) + offset;
  if (at % eb != 0) {
    RaiseFault(FaultKind::kInvalidArgument, "Gather",
               "srcBaseAddr " + std::to_string(src_base) + " + srcOffset[" + std::to_string(lane) +
                   "] " + std::to_string(offset) + " = byte " + std::to_string(at) +
                   " is not a multiple of the element size " + std::to_string(eb) + " B");
  }
  if (at + eb > src.bytes) {
    RaiseFault(FaultKind::kOutOfBoundsUb, "Gather",
               "srcBaseAddr " + std::to_string(src_base) + " + srcOffset[" + std::to_string(lane) +
                   "] " + std::to_string(offset) + " reads bytes [" + std::to_string(at) + ", " +
                   std::to_string(at + eb) + ") of src, which holds " + std::to_string(src.bytes) +
                   " B");
  }
  return at;
}

// The level-0 form: reads every active lane's source first (dst may overlap src), then writes.
void GatherLanes(const UbRef& dst, const UbRef& src, const UbRef& offset, uint32_t src_base,
                 uint32_t eb, const LanePlan& plan, uint16_t dst_rep) {
  const uint32_t* offs = reinterpret_cast<const uint32_t*>(offset.ptr);
  tls_gathered.resize(plan.count * eb);
  Core& core = Cur();
  for (size_t k = 0; k < plan.count; ++k) {
    const uint32_t lane = plan.lanes[k];
    const uint64_t at = GatherSource(src, src_base, offs[lane], eb, lane);
    if (core.checked) CheckWritten(core, src, at, eb, "Gather", "src");
    std::memcpy(tls_gathered.data() + k * eb, src.ptr + at, eb);
  }
  for (size_t k = 0; k < plan.count; ++k) {
    const uint32_t lane = plan.lanes[k];
    const uint64_t at = static_cast<uint64_t>(lane / plan.per_repeat) * dst_rep * 32 +
                        static_cast<uint64_t>(lane % plan.per_repeat) * eb;
    std::memcpy(dst.ptr + at, tls_gathered.data() + k * eb, eb);
  }
}

}  // namespace

void GatherCount(const UbRef& dst, const UbRef& src, const UbRef& offset, uint32_t src_base,
                 uint32_t eb, uint32_t count) {
  const char* name = "Gather";
  CheckVectorOperand(dst, static_cast<uint64_t>(count) * eb, name, "dst");
  CheckVectorOperand(offset, static_cast<uint64_t>(count) * 4, name, "srcOffset");
  CheckVectorOperand(src, 0, name, "src");
  Core& core = Cur();
  if (core.checked) CheckWritten(core, offset, 0, static_cast<uint64_t>(count) * 4, name, "src");
  const UbRef srcs[2] = {src, offset};
  ChargeRepeat(name, RepeatsOf(static_cast<uint64_t>(count) * 4), &dst, srcs, 2);
  const uint32_t* offs = reinterpret_cast<const uint32_t*>(offset.ptr);
  for (uint32_t k = 0; k < count; ++k) {
    const uint64_t at = GatherSource(src, src_base, offs[k], eb, k);
    if (core.checked) CheckWritten(core, src, at, eb, name, "src");
  }
  // Into a staging buffer first: dst may overlap src.
  tls_gathered.resize(static_cast<size_t>(count) * eb);
  vec::GatherElements(tls_gathered.data(), src.ptr, offs, src_base, eb, count);
  std::memcpy(dst.ptr, tls_gathered.data(), tls_gathered.size());
}

void GatherRepeat(const UbRef& dst, const UbRef& src, const UbRef& offset, uint32_t src_base,
                  uint32_t eb, const MaskArg& mask, int32_t repeat, uint16_t dst_rep) {
  const char* name = "Gather";
  const LanePlan plan = PlanLanes(name, eb, mask, repeat);
  uint64_t dst_span = 0, offset_span = 0;
  for (size_t k = 0; k < plan.count; ++k) {
    const uint32_t lane = plan.lanes[k];
    dst_span = std::max(dst_span, static_cast<uint64_t>(lane / plan.per_repeat) * dst_rep * 32 +
                                      static_cast<uint64_t>(lane % plan.per_repeat + 1) * eb);
    offset_span = std::max(offset_span, static_cast<uint64_t>(lane + 1) * 4);
  }
  CheckVectorOperand(dst, dst_span, name, "dst");
  CheckVectorOperand(offset, offset_span, name, "srcOffset");
  CheckVectorOperand(src, 0, name, "src");
  Core& core = Cur();
  if (core.checked) {
    for (size_t k = 0; k < plan.count; ++k) {
      CheckWritten(core, offset, static_cast<uint64_t>(plan.lanes[k]) * 4, 4, name, "src");
    }
  }
  const UbRef srcs[2] = {src, offset};
  ChargeRepeat(name, plan.repeats, &dst, srcs, 2);
  GatherLanes(dst, src, offset, src_base, eb, plan, dst_rep);
}

}  // namespace opsim::sim::detail
