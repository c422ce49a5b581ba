// Cast's count form between half and int4b_t, as CANN's dav_c220 implementation takes it
// (kernel_operator_vec_vconv_impl.h: vconv_f162s4{,r,f,c,a,z} and vconv_s42f16; the "Memory矢量
// 计算接口边界值汇总" page's half/int4b_t rows): half -> int4b_t rounds per the mode (CAST_NONE as
// CAST_RINT, as for half -> int8_t) and saturates to [-8, 7], NaN to 0; CAST_ODD is refused.
// int4b_t -> half is exact and takes CAST_NONE only. Elements pack two a byte, low nibble first;
// an odd count writes the low nibble of the last byte and keeps its high one (an assumption: the
// vector mask covers elements).
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/vector.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {

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
