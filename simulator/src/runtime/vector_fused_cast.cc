// AddReluCast / SubReluCast / MulCast / AddDeqRelu: the lane kernel and the count and level-0
// forms' checks (the lanes are vec::FusedCast's); and Cast's count form with int4b_t.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/core/float16.h"
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

// Cast's count form between half and int4b_t, as CANN's dav_c220 implementation takes it
// (kernel_operator_vec_vconv_impl.h: vconv_f162s4{,r,f,c,a,z} and vconv_s42f16; the "Memory矢量
// 计算接口边界值汇总" page's half/int4b_t rows): half -> int4b_t rounds per the mode (CAST_NONE as
// CAST_RINT, as for half -> int8_t) and saturates to [-8, 7], NaN to 0; CAST_ODD is refused.
// int4b_t -> half is exact and takes CAST_NONE only. Elements pack two a byte, low nibble first;
// an odd count writes the low nibble of the last byte and keeps its high one (an assumption: the
// vector mask covers elements).
void CastInt4(const UbRef& dst, const UbRef& src, bool to_int4, AscendC::RoundMode mode,
              uint32_t count) {
  const char* instr = "Cast";
  if (to_int4 && mode == AscendC::RoundMode::CAST_ODD) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "CAST_ODD from half to int4b_t (CANN: \"CAST_ODD from half to int4b_t is not "
               "supported on current device\")");
  }
  if (!to_int4 && mode != AscendC::RoundMode::CAST_NONE) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "round mode " + std::to_string(static_cast<int>(mode)) +
                   " from int4b_t to half (CANN: \"only support CAST_NONE from int4b_t to half\")");
  }
  const uint64_t packed = (uint64_t{count} + 1) / 2, wide = uint64_t{count} * 2;
  const uint64_t dst_bytes = to_int4 ? packed : wide;
  const uint64_t src_bytes = to_int4 ? wide : packed;
  VectorOpLanes(instr, dst, dst_bytes, &src, &src_bytes, 1, count, [&] {
    if (to_int4) {
      std::vector<int8_t> narrow(count);
      vec::Cast(DType::kInt8, narrow.data(), DType::kFloat16, src.ptr, ToRound(mode), count);
      for (uint32_t e = 0; e < count; ++e) {
        const int v = std::clamp<int>(narrow[e], -8, 7);
        dst.ptr[e / 2] = Int4WithNibble(dst.ptr[e / 2], e, AscendC::int4b_t(v));
      }
    } else {
      std::vector<uint8_t> bytes(src.ptr, src.ptr + packed);
      for (uint32_t e = 0; e < count; ++e) {
        const uint16_t bits =
            opsim::Half(static_cast<float>(static_cast<int8_t>(Int4Nibble(bytes[e / 2], e))))
                .bits();
        std::memcpy(dst.ptr + uint64_t{e} * 2, &bits, 2);
      }
    }
  });
}

}  // namespace opsim::sim::detail
