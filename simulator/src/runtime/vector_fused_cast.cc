// AddReluCast / SubReluCast / MulCast / AddDeqRelu: the lane kernel and the count and level-0
// forms' checks (the lanes are vec::FusedCast's).
#include "opsim/sim/ascendc/vector_fused_cast.h"
#include "opsim/sim/ascendc/vector.h"
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

}  // namespace opsim::sim::detail
