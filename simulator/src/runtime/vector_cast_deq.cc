// CastDequant / CastDeq and SetDeqScale's (scale, offset, signMode) and vdeq-tensor forms
// (opsim/sim/ascendc/vector_cast_deq.h). CANN's pages (CastDequant.md, SetDeqScale.md) and its
// dav_c220 implementation: int16_t -> b8 is dst = sat(round(src * scale + offset)) with scale the
// float read as (1, 8, 10) (its low 13 mantissa bits ignored), offset a 9-bit signed integer and
// signMode choosing int8_t or uint8_t saturation; the 16 results of a 32 B source block go to one
// half of the same block of dst (halfBlock: the upper 16 bytes). int32_t -> half is the Cast
// instruction's s322f16 conversion with SetDeqScale(half)'s scale.
#include "opsim/sim/ascendc/vector_cast_deq.h"

#include <cmath>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/vector_math.h"
#include "runtime/describe_buffer.h"
#include "runtime/extra_registers.h"
#include "runtime/launch_state.h"
#include "runtime/vector_repeat_lanes.h"

namespace opsim::sim::detail {
namespace {

std::mutex g_extra_mu;
std::unordered_map<const Core*, ExtraRegisters>& ExtraTable() {
  static auto* table = new std::unordered_map<const Core*, ExtraRegisters>();
  return *table;
}

constexpr uint32_t kDeqOffsetBit = 37;
constexpr uint32_t kDeqSignBit = 46;
constexpr uint32_t kVdeqBytes = 16 * 8;  // 16 groups of 64 bits ("至少128B")

// One group of the s162b8 conversion, decoded from its 64 bits.
struct DeqGroup {
  double scale;
  int32_t offset;
  bool sign;
};
DeqGroup DecodeDeq(uint64_t config) {
  // The hardware reads the float as (1, 8, 10): sign, exponent and the top 10 mantissa bits.
  const uint32_t bits = static_cast<uint32_t>(config) & 0xFFFFE000u;
  float scale;
  std::memcpy(&scale, &bits, sizeof(scale));
  const uint32_t off9 = static_cast<uint32_t>(config >> kDeqOffsetBit) & 0x1FFu;
  const int32_t offset = off9 >= 0x100u ? static_cast<int32_t>(off9) - 0x200 : off9;
  return {static_cast<double>(scale), offset, ((config >> kDeqSignBit) & 1u) != 0};
}

// src * scale + offset, rounded to nearest (ties to even: CANN's pages do not say) and saturated
// to int8_t or uint8_t; NaN gives 0, as the saturation mode turns NaN into 0.
uint8_t Deq16(int16_t src, const DeqGroup& g) {
  const double v = static_cast<double>(src) * g.scale + g.offset;
  if (std::isnan(v)) return 0;
  const double lo = g.sign ? -128.0 : 0.0;
  const double hi = g.sign ? 127.0 : 255.0;
  const double r = std::nearbyint(std::fmin(std::fmax(v, lo), hi));
  return g.sign ? static_cast<uint8_t>(static_cast<int8_t>(r)) : static_cast<uint8_t>(r);
}

const char* SourceName(DeqSource s) {
  switch (s) {
    case DeqSource::kUnset: return "no SetDeqScale yet";
    case DeqSource::kHalf: return "SetDeqScale(half)";
    case DeqSource::kScalar: return "SetDeqScale(float, int16_t, bool)";
    case DeqSource::kTensor: return "SetDeqScale(LocalTensor<uint64_t>, VdeqInfo)";
  }
  return "?";
}

void RequireDeqSource(const CastDeqCall& call, DeqSource want, const ExtraRegisters& regs) {
  if (regs.deq_source == want) return;
  const std::string form = !call.src_is_int16 ? "int32_t -> half"
                           : call.vec_deq     ? "int16_t -> b8 with isVecDeq"
                                              : "int16_t -> b8 without isVecDeq";
  RaiseFault(FaultKind::kInvalidArgument, call.name,
             std::string(call.name) + " (" + form + ") reads DEQSCALE as " + SourceName(want) +
                 " writes it, but it holds " + SourceName(regs.deq_source) +
                 " (CANN's CastDequant page: each conversion needs its own SetDeqScale form)");
}

// CANN's count forms run in counter mode and leave the mask normal and full.
void RestoreMaskAfterCount(Core& core) {
  core.mask_counter = false;
  core.vector_mask[0] = core.vector_mask[1] = ~0ull;
}

// The 16 groups the conversion uses: the register's one group 16 times, or the vdeq tensor's.
void LoadDeqGroups(const CastDeqCall& call, DeqGroup* groups, UbRef* vdeq_read) {
  Core& core = Cur();
  const ExtraRegisters& regs = ExtraRegistersOf(core);
  RequireDeqSource(call, call.vec_deq ? DeqSource::kTensor : DeqSource::kScalar, regs);
  uint64_t configs[16];
  if (call.vec_deq) {
    CheckUb(core, regs.vdeq, kVdeqBytes, call.name, "vdeq (SetDeqScale's tensor)");
    if (core.checked) CheckWritten(core, regs.vdeq, 0, kVdeqBytes, call.name, "vdeq");
    std::memcpy(configs, regs.vdeq.ptr, kVdeqBytes);
    *vdeq_read = regs.vdeq;
  } else {
    for (uint64_t& c : configs) c = regs.deqscale;
  }
  for (int j = 0; j < 16; ++j) {
    groups[j] = DecodeDeq(configs[j]);
    if (groups[j].sign == call.dst_signed) continue;
    std::string which = "signMode";
    if (call.vec_deq) {
      which += '[';
      which += std::to_string(j);
      which += ']';
    }
    std::string msg = call.name;
    msg += call.dst_signed ? ": the dst is int8_t but " : ": the dst is uint8_t but ";
    msg += which;
    msg += groups[j].sign ? " is true" : " is false";
    msg += " (CANN: signMode true gives int8_t results, false uint8_t)";
    RaiseFault(FaultKind::kInvalidArgument, call.name, msg);
  }
}

// Byte offset in dst of lane `lane`'s result: the source lane's block, in dst's strides, and the
// element's place in the chosen half.
uint64_t DeqDstOffset(uint32_t lane, uint32_t blk, uint32_t rep, bool upper) {
  const uint32_t r = lane / 128;
  const uint32_t i = lane % 128;
  return (static_cast<uint64_t>(r) * rep + static_cast<uint64_t>(i / 16) * blk) * 32 +
         (upper ? 16u : 0u) + i % 16;
}

bool LaneWritten(const Core& core, const uint8_t* p, uint32_t n) {
  const auto at = static_cast<uint64_t>(p - core.ub);
  for (uint64_t b = at; b < at + n; ++b) {
    if (((core.ub_written[b >> 6] >> (b & 63)) & 1u) == 0) return false;
  }
  return true;
}

// The int16_t -> b8 instruction over `plan`'s lanes (128 a repeat).
void Deq16Run(const CastDeqCall& call, const LanePlan& plan, const AscendC::UnaryRepeatParams& p) {
  if (plan.repeats == 0) return;  // count or repeatTime 0: a NOP on the A2/A3
  DeqGroup groups[16];
  UbRef vdeq;
  LoadDeqGroups(call, groups, &vdeq);
  const RepeatOperand s{call.src, p.srcBlkStride, p.srcRepStride, 2};
  uint64_t dst_span = 0;
  for (size_t k = 0; k < plan.count; ++k) {
    dst_span = std::max(
        dst_span, DeqDstOffset(plan.lanes[k], p.dstBlkStride, p.dstRepStride, call.half_block) + 1);
  }
  const uint64_t src_span = LaneSpan(plan, 2, s);
  CheckVectorOperand(call.dst, dst_span, call.name, "dst");
  CheckVectorOperand(call.src, src_span, call.name, "src");
  const UbRef srcs[2] = {call.src, vdeq};
  const uint64_t spans[2] = {src_span, kVdeqBytes};
  ChargeRepeatSpans(call.name, plan.repeats, &call.dst, dst_span, srcs, spans,
                    call.vec_deq ? 2 : 1);
  Core& core = Cur();
  // Read every source lane before writing: dst may share the source's buffer.
  std::vector<uint8_t> out(plan.count);
  std::vector<uint8_t> known(core.checked ? plan.count : 0);
  for (size_t k = 0; k < plan.count; ++k) {
    const uint32_t lane = plan.lanes[k];
    const uint8_t* at = call.src.ptr + LaneOffset(lane, 128, 2, s.blk_stride, s.rep_stride);
    int16_t v;
    std::memcpy(&v, at, sizeof(v));
    out[k] = Deq16(v, groups[lane % 16]);
    if (core.checked) known[k] = LaneWritten(core, at, 2) ? 1 : 0;
  }
  bool spread = false;
  for (size_t k = 0; k < plan.count; ++k) {
    uint8_t* to =
        call.dst.ptr + DeqDstOffset(plan.lanes[k], p.dstBlkStride, p.dstRepStride, call.half_block);
    *to = out[k];
    if (!core.checked) continue;
    if (known[k]) {
      MarkWritten(core, to, 1);
    } else {  // computed from bytes nothing wrote: as unwritten as its source
      ClearWritten(core, static_cast<uint32_t>(to - core.ub), 1);
      spread = true;
    }
  }
  BufferRecord& r = core.bufs[static_cast<size_t>(call.dst.buf)];
  if (spread && r.garbage_from == nullptr) r.garbage_from = call.name;
}

void RequireHalfScale(const CastDeqCall& call) {
  const ExtraRegisters& regs = ExtraRegistersOf(Cur());
  // Unset: the 1.0 Cast's s322f16 conversion has always assumed.
  if (regs.deq_source != DeqSource::kUnset) RequireDeqSource(call, DeqSource::kHalf, regs);
}

}  // namespace

ExtraRegisters& ExtraRegistersOf(const Core& core) {
  // DataCopyPad asks on every call: the thread's last answer saves the lock. Entries never move
  // or go (a Core at a reused address reuses its entry, reset at its block's start).
  thread_local const Core* last_core = nullptr;
  thread_local ExtraRegisters* last_regs = nullptr;
  if (last_core == &core) return *last_regs;
  std::lock_guard<std::mutex> lock(g_extra_mu);
  last_regs = &ExtraTable()[&core];
  last_core = &core;
  return *last_regs;
}

void ResetExtraRegisters(const Core& core) { ExtraRegistersOf(core) = ExtraRegisters{}; }

void NoteDeqScaleHalf() { ExtraRegistersOf(Cur()).deq_source = DeqSource::kHalf; }

uint64_t DeqScaleConfig(float scale, int16_t offset, bool sign_mode) {
  uint32_t bits;
  std::memcpy(&bits, &scale, sizeof(bits));
  return (static_cast<uint64_t>(sign_mode) << kDeqSignBit) |
         ((static_cast<uint64_t>(static_cast<uint16_t>(offset)) & 0x1FFu) << kDeqOffsetBit) | bits;
}

void SetDeqScaleScalar(float scale, int16_t offset, bool sign_mode) {
  Core& core = Cur();
  if (core.core_type == CoreType::kAic) return;  // CANN returns on an AIC of the 910B
  core.Issue(Pipe::kS, "SetDeqScale", core.scalar_ns, 0);
  ExtraRegisters& regs = ExtraRegistersOf(core);
  regs.deq_source = DeqSource::kScalar;
  regs.deqscale = DeqScaleConfig(scale, offset, sign_mode);
  // One register: an s322f16 conversion now reads its low 16 bits as the half scale.
  core.deq_scale = HalfBitsToFloat(static_cast<uint16_t>(regs.deqscale));
  if (offset < -256 || offset > 255) {
    core.launch->Warn(core, "deq_offset_truncated", "SetDeqScale", -1, [&] {
      return "SetDeqScale: offset " + std::to_string(offset) +
             " does not fit 9 signed bits; the register keeps its low 9 bits (CANN: \"只有前9位有"
             "效\"), so CastDequant adds " +
             std::to_string(DecodeDeq(regs.deqscale).offset);
    });
  }
}

void SetDeqScaleTensor(const UbRef& vdeq, bool u64, const AscendC::VdeqInfo& info) {
  Core& core = Cur();
  if (core.core_type == CoreType::kAic) return;
  if (!u64) {
    RaiseFault(FaultKind::kUnsupported, "SetDeqScale",
               "SetDeqScale: the vdeq tensor must be a LocalTensor<uint64_t> (CANN's only type: "
               "16 groups of 64 bits)");
  }
  CheckVectorOperand(vdeq, kVdeqBytes, "SetDeqScale", "vdeq");
  for (uint32_t i = 0; i < 16; ++i) {
    const uint64_t c = DeqScaleConfig(info.vdeqScale[i], info.vdeqOffset[i], info.vdeqSignMode[i]);
    ScalarUbAccess(vdeq, uint64_t{i} * 8, 8, true);
    std::memcpy(vdeq.ptr + i * 8, &c, sizeof(c));
  }
  ExtraRegisters& regs = ExtraRegistersOf(core);
  regs.deq_source = DeqSource::kTensor;
  regs.vdeq = vdeq;
  regs.vdeq.bytes = kVdeqBytes;
  // The register holds the tensor's UB address in 32 B units (vdeqAddr, bits 0-13).
  regs.deqscale = static_cast<uint64_t>(vdeq.ptr - core.ub) >> 5;
  core.deq_scale = HalfBitsToFloat(static_cast<uint16_t>(regs.deqscale));
}

void CastDeqCount(const CastDeqCall& call, uint32_t count) {
  Core& core = Cur();
  if (core.core_type == CoreType::kAic || count == 0) return;  // AIV only; 0 is a NOP
  if (!call.src_is_int16) {
    RequireHalfScale(call);
    const uint64_t src_bytes = uint64_t{count} * 4;
    const float scale = core.deq_scale;
    VectorOpLanes(call.name, call.dst, uint64_t{count} * 2, &call.src, &src_bytes, 1, count, [&] {
      vec::DeqInt32ToHalf(reinterpret_cast<uint16_t*>(call.dst.ptr),
                          reinterpret_cast<const int32_t*>(call.src.ptr), scale, count);
    });
    RestoreMaskAfterCount(core);
    return;
  }
  // The count form is the level-0 instruction in counter mode over contiguous blocks. Its
  // operands are checked before the lane list is built (a wrapped negative count is ~4e9).
  CheckVectorOperand(call.src, uint64_t{count} * 2, call.name, "src");
  CheckVectorOperand(call.dst, DeqDstOffset(count - 1, 1, 8, call.half_block) + 1, call.name,
                     "dst");
  std::vector<uint32_t> lanes(count);
  for (uint32_t l = 0; l < count; ++l) lanes[l] = l;
  LanePlan plan;
  plan.per_repeat = 128;
  plan.repeats = (count + 127) / 128;
  plan.lanes = lanes.data();
  plan.count = count;
  Deq16Run(call, plan, AscendC::UnaryRepeatParams{});
  RestoreMaskAfterCount(core);
}

void CastDeqRepeat(const CastDeqCall& call, const MaskArg& mask, uint8_t repeat,
                   const AscendC::UnaryRepeatParams& p) {
  if (Cur().core_type == CoreType::kAic) return;
  if (!call.src_is_int16) {
    RequireHalfScale(call);
    // The wider int32_t sets 64 lanes a repeat; each operand strides in its own blocks.
    const CastCtx ctx{DType::kFloat16, DType::kInt32, vec::Round::kRint, true, Cur().deq_scale};
    const RepeatOperand d{call.dst, p.dstBlkStride, p.dstRepStride, 2};
    const RepeatOperand s{call.src, p.srcBlkStride, p.srcRepStride, 4};
    if (repeat == 0 && !Cur().mask_counter) return;  // a NOP on the A2/A3
    RunRepeat(call.name, 4, mask, repeat, d, &s, 1, CastLanes, &ctx);
    return;
  }
  Deq16Run(call, PlanLanes(call.name, 2, mask, repeat), p);
}

}  // namespace opsim::sim::detail
