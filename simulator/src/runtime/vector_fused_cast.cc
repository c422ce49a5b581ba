// AddReluCast / SubReluCast / MulCast / AddDeqRelu: the lane kernel and the count and level-0
// forms' checks (the lanes are vec::FusedCast's); MulAddDst's half-into-float form.
#include <cstring>
#include <string>

#include "opsim/sim/ascendc/vector.h"
#include "opsim/sim/ascendc/vector_fused_cast.h"
#include "opsim/sim/ascendc/vector_math.h"
#include "opsim/sim/fault.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {

void FusedCastLanes(const void* c, uint8_t* dst, const uint8_t* const* srcs, size_t n) {
  const auto* x = static_cast<const FusedCastCtx*>(c);
  vec::FusedCast(x->op, x->dst, dst, x->src, srcs[0], srcs[1], x->deq_scale, n);
}

void FusedCastCount(const char* name, vec::FusedCastOp op, const UbRef& dst, DType dst_type,
                    uint32_t dst_eb, const UbRef& a, const UbRef& b, DType src_type,
                    uint32_t src_eb, int64_t count) {
  if (count < 0) RaiseBadCount(name, count, "count must be >= 0");
  const uint64_t n = static_cast<uint64_t>(count);
  const UbRef srcs[2] = {a, b};
  const uint64_t sizes[2] = {n * src_eb, n * src_eb};
  const float scale = Cur().deq_scale;
  VectorOpLanes(name, dst, n * dst_eb, srcs, sizes, 2, n,
                [&] { vec::FusedCast(op, dst_type, dst.ptr, src_type, a.ptr, b.ptr, scale, n); });
}

void FusedCastRepeat(const char* name, vec::FusedCastOp op, DType src_type, DType dst_type,
                     uint32_t src_eb, const MaskArg& mask, uint8_t repeat, const RepeatOperand& d,
                     const RepeatOperand* s) {
  const FusedCastCtx ctx{op, src_type, dst_type, Cur().deq_scale};
  RunRepeat(name, src_eb, mask, repeat, d, s, 2, FusedCastLanes, &ctx);
}

namespace {

constexpr const char* kMulAddDst = "MulAddDst";

// CANN's MulAddDst page: with half sources and a float dst the operands may not overlap.
void CheckMixedApart(const UbRef& dst, uint64_t dst_bytes, const UbRef* src,
                     const uint64_t* src_bytes) {
  for (int i = 0; i < 2; ++i) {
    if (dst_bytes == 0 || src_bytes[i] == 0) continue;
    if (src[i].ptr < dst.ptr + dst_bytes && dst.ptr < src[i].ptr + src_bytes[i]) {
      RaiseFault(FaultKind::kInvalidArgument, kMulAddDst,
                 std::string("dst overlaps src") + static_cast<char>('0' + i) +
                     ": with half sources and a float dst, CANN's MulAddDst takes no "
                     "overlapping operands");
    }
  }
}

// Sources: a, b (half) and dst's old value (float), gathered like a source.
void MixedLanes(const void*, uint8_t* d, const uint8_t* const* s, size_t n) {
  std::memcpy(d, s[2], n * sizeof(float));
  vec::MulAddDstHalfToFloat(reinterpret_cast<float*>(d), reinterpret_cast<const uint16_t*>(s[0]),
                            reinterpret_cast<const uint16_t*>(s[1]), n);
}

}  // namespace

void MulAddDstMixedCount(const UbRef& dst, const UbRef& a, const UbRef& b, int64_t count) {
  if (count < 0) RaiseBadCount(kMulAddDst, count, "count must be >= 0");
  const uint64_t n = static_cast<uint64_t>(count);
  const UbRef srcs[3] = {a, b, dst};
  const uint64_t sizes[3] = {n * 2, n * 2, n * 4};
  CheckMixedApart(dst, n * 4, srcs, sizes);
  VectorOpLanes(kMulAddDst, dst, n * 4, srcs, sizes, 3, n, [&] {
    vec::MulAddDstHalfToFloat(reinterpret_cast<float*>(dst.ptr),
                              reinterpret_cast<const uint16_t*>(a.ptr),
                              reinterpret_cast<const uint16_t*>(b.ptr), n);
  });
}

void MulAddDstMixedRepeat(const MaskArg& mask, uint8_t repeat, const RepeatOperand& d,
                          const RepeatOperand* s) {
  // float lanes: 64 a repeat, the mask counted in them (CANN checks it as the wider type's).
  const LanePlan plan = PlanLanes(kMulAddDst, 4, mask, repeat);
  if (plan.count != 0) {
    const UbRef refs[2] = {s[0].ref, s[1].ref};
    const uint64_t spans[2] = {LaneSpan(plan, 4, s[0]), LaneSpan(plan, 4, s[1])};
    CheckMixedApart(d.ref, LaneSpan(plan, 4, d), refs, spans);
  }
  const RepeatOperand srcs[3] = {s[0], s[1], d};
  RunRepeat(kMulAddDst, 4, mask, repeat, d, srcs, 3, MixedLanes, nullptr);
}

}  // namespace opsim::sim::detail
