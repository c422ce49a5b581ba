// Cast between half and int4b_t, the count and the level-0 forms, as CANN's dav_c220
// implementation takes them (kernel_operator_vec_vconv_impl.h: vconv_f162s4{,r,f,c,a,z} and
// vconv_s42f16; the Cast page's tables and constraints; the "Memory矢量计算接口边界值汇总" page's
// half/int4b_t rows): half -> int4b_t rounds per the mode (CAST_NONE as CAST_RINT, as for
// half -> int8_t) and saturates to [-8, 7], NaN to 0; CAST_ODD is refused. int4b_t -> half is
// exact and takes CAST_NONE only. Elements pack two a byte, low nibble first, so the page asks
// for even counts and masks that enable both elements of a byte.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/vector.h"
#include "opsim/sim/ascendc/vector_math.h"
#include "opsim/sim/fault.h"
#include "runtime/gm_init.h"
#include "runtime/launch_state.h"
#include "runtime/vector_repeat_lanes.h"

namespace opsim::sim::detail {
namespace {

constexpr const char* kCastInstr = "Cast";

// The round modes CANN takes, and the chips: the 910B (Atlas A2/A3) both ways; the 310P's
// (dav-2002) table lists half -> int4b_t in CAST_NONE only; the 910A's (dav-1001) none.
void CheckInt4CastMode(const Core& core, bool to_int4, AscendC::RoundMode mode) {
  const std::string& arch = core.device->architecture;
  const std::string chip = core.device->name + " (" + arch + ")";
  if (arch == "dav-1001") {
    RaiseFault(FaultKind::kUnsupported, kCastInstr,
               std::string(to_int4 ? "half -> int4b_t" : "int4b_t -> half") + " on " + chip +
                   ": the Atlas training series' Cast table has no int4b_t");
  }
  if (arch == "dav-2002" && (!to_int4 || mode != AscendC::RoundMode::CAST_NONE)) {
    RaiseFault(FaultKind::kUnsupported, kCastInstr,
               std::string(to_int4 ? "half -> int4b_t in round mode " +
                                         std::to_string(static_cast<int>(mode))
                                   : "int4b_t -> half") +
                   " on " + chip +
                   ": the Atlas inference AI Core's Cast table lists int4b_t only as half -> "
                   "int4b_t in CAST_NONE");
  }
  if (to_int4 && mode == AscendC::RoundMode::CAST_ODD) {
    RaiseFault(FaultKind::kInvalidArgument, kCastInstr,
               "CAST_ODD from half to int4b_t (CANN: \"CAST_ODD from half to int4b_t is not "
               "supported on current device\")");
  }
  if (!to_int4 && mode != AscendC::RoundMode::CAST_NONE) {
    RaiseFault(FaultKind::kInvalidArgument, kCastInstr,
               "round mode " + std::to_string(static_cast<int>(mode)) +
                   " from int4b_t to half (CANN: \"only support CAST_NONE from int4b_t to half\")");
  }
}

// Converts n lanes: `halves` (16-bit patterns) to int4 values, or int4 values to half bits.
void HalvesToInt4(const uint16_t* halves, int8_t* out, AscendC::RoundMode mode, size_t n) {
  vec::Cast(DType::kInt8, out, DType::kFloat16, halves, ToRound(mode), n);
  for (size_t e = 0; e < n; ++e) out[e] = static_cast<int8_t>(std::clamp<int>(out[e], -8, 7));
}
uint16_t Int4ToHalfBits(int8_t v) { return opsim::Half(static_cast<float>(v)).bits(); }

// Byte offset of a lane in a level-0 operand: 128 lanes a repeat (the half side sets them);
// int4b_t blocks hold 64 elements, so a repeat spans two of them.
uint64_t Int4CastLaneByte(uint32_t lane, uint32_t per_repeat, bool packed,
                          const RepeatOperand& op) {
  if (!packed) return LaneOffset(lane, per_repeat, 2, op.blk_stride, op.rep_stride);
  const uint32_t r = lane / per_repeat, i = lane % per_repeat;
  return (uint64_t{r} * op.rep_stride + uint64_t{i / 64} * op.blk_stride) * 32 + (i % 64) / 2;
}

// The page: with int4b_t the continuous mask (and the counter) must be even and the bit mask's
// bits 2i and 2i + 1 equal: every enabled lane has the other element of its byte enabled too.
void RequireLanePairs(const LanePlan& plan) {
  for (size_t k = 0; k < plan.count; k += 2) {
    const uint32_t lane = plan.lanes[k];
    if (lane % 2 != 0 || k + 1 >= plan.count || plan.lanes[k + 1] != lane + 1) {
      const uint32_t alone = lane % 2 != 0 ? lane : lane + 1;
      RaiseFault(FaultKind::kInvalidArgument, kCastInstr,
                 "the mask enables lane " + std::to_string(lane % plan.per_repeat) + " of repeat " +
                     std::to_string(lane / plan.per_repeat) + " but not lane " +
                     std::to_string((alone ^ 1u) % plan.per_repeat) +
                     ", which shares its int4b_t byte (CANN: with int4b_t the continuous mask "
                     "must be even and the bit mask's bits 2i and 2i + 1 equal)");
    }
  }
}

}  // namespace

void CastInt4(const UbRef& dst, const UbRef& src, bool to_int4, AscendC::RoundMode mode,
              uint32_t count) {
  CheckInt4CastMode(Cur(), to_int4, mode);
  if (count % 2 != 0) {
    RaiseBadCount(kCastInstr, count,
                  "with int4b_t the count must be even (two elements a byte; the Cast page)");
  }
  const uint64_t packed = uint64_t{count} / 2, wide = uint64_t{count} * 2;
  const uint64_t dst_bytes = to_int4 ? packed : wide;
  const uint64_t src_bytes = to_int4 ? wide : packed;
  VectorOpLanes(kCastInstr, dst, dst_bytes, &src, &src_bytes, 1, count, [&] {
    if (to_int4) {
      std::vector<int8_t> narrow(count);
      HalvesToInt4(reinterpret_cast<const uint16_t*>(src.ptr), narrow.data(), mode, count);
      for (uint32_t e = 0; e < count; ++e) {
        dst.ptr[e / 2] = Int4WithNibble(dst.ptr[e / 2], e, AscendC::int4b_t(narrow[e]));
      }
    } else {
      std::vector<uint8_t> bytes(src.ptr, src.ptr + packed);
      for (uint32_t e = 0; e < count; ++e) {
        const uint16_t bits = Int4ToHalfBits(static_cast<int8_t>(Int4Nibble(bytes[e / 2], e)));
        std::memcpy(dst.ptr + uint64_t{e} * 2, &bits, 2);
      }
    }
  });
}

void CastInt4Repeat(const UbRef& dst, const UbRef& src, bool to_int4, AscendC::RoundMode mode,
                    const MaskArg& mask, int32_t repeat, const AscendC::UnaryRepeatParams& p) {
  Core& core = Cur();
  CheckInt4CastMode(core, to_int4, mode);
  const LanePlan plan = PlanLanes(kCastInstr, 2, mask, repeat);
  RequireLanePairs(plan);
  const RepeatOperand d{dst, p.dstBlkStride, p.dstRepStride};
  const RepeatOperand s{src, p.srcBlkStride, p.srcRepStride};
  std::vector<uint64_t> d_at(plan.count), s_at(plan.count);
  uint64_t d_span = 0, s_span = 0;
  for (size_t k = 0; k < plan.count; ++k) {
    d_at[k] = Int4CastLaneByte(plan.lanes[k], plan.per_repeat, to_int4, d);
    s_at[k] = Int4CastLaneByte(plan.lanes[k], plan.per_repeat, !to_int4, s);
    d_span = std::max(d_span, d_at[k] + (to_int4 ? 1 : 2));
    s_span = std::max(s_span, s_at[k] + (to_int4 ? 2 : 1));
  }
  CheckVectorOperand(dst, d_span, kCastInstr, "dst");
  CheckVectorOperand(src, s_span, kCastInstr, "src");
  ChargeRepeatSpans(kCastInstr, plan.repeats, &dst, d_span, &src, &s_span, 1);
  if (plan.count == 0) return;
  // Every source lane is read before dst is written (dst may overlap src), with its written
  // state: a byte of nibbles counts as written when both its lanes' sources were.
  std::vector<uint16_t> halves(plan.count);
  std::vector<int8_t> values(plan.count);
  std::vector<uint8_t> filled(plan.count, 1);
  for (size_t k = 0; k < plan.count; ++k) {
    if (to_int4) {
      std::memcpy(&halves[k], src.ptr + s_at[k], 2);
    } else {
      values[k] = static_cast<int8_t>(Int4Nibble(src.ptr[s_at[k]], plan.lanes[k]));
    }
    if (core.checked) {
      const uint64_t at = static_cast<uint64_t>(src.ptr - core.ub) + s_at[k];
      const uint64_t end = at + (to_int4 ? 2 : 1);
      filled[k] = FindUbBit(core, at, end, false) == end ? 1 : 0;
    }
  }
  if (to_int4) HalvesToInt4(halves.data(), values.data(), mode, plan.count);
  for (size_t k = 0; k < plan.count; ++k) {
    if (to_int4) {
      dst.ptr[d_at[k]] =
          Int4WithNibble(dst.ptr[d_at[k]], plan.lanes[k], AscendC::int4b_t(values[k]));
    } else {
      const uint16_t bits = Int4ToHalfBits(values[k]);
      std::memcpy(dst.ptr + d_at[k], &bits, 2);
    }
    if (!core.checked) continue;
    const uint32_t bytes = to_int4 ? 1 : 2;
    if (filled[k] != 0 && filled[k ^ 1] != 0) {
      MarkWritten(core, dst.ptr + d_at[k], bytes);
    } else {
      ClearWritten(core, static_cast<uint32_t>(dst.ptr + d_at[k] - core.ub), bytes);
    }
  }
}

}  // namespace opsim::sim::detail
