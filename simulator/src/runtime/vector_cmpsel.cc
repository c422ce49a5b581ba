// Compare / CompareScalar / Select: operand checks, V-pipe cost and the bit-mask layout.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/sim/ascendc/a2_dtypes.h"
#include "opsim/sim/ascendc/vector_cmpsel.h"
#include "runtime/launch_state.h"
#include "runtime/vector_contiguous.h"

namespace opsim::sim::detail {
namespace {

thread_local std::vector<uint8_t> tls_a, tls_b, tls_bits, tls_out;

void Gather(const LanePlan& plan, uint32_t eb, const RepeatOperand& op, std::vector<uint8_t>& out) {
  out.resize(plan.count * eb);
  if (ContiguousLanes(plan, eb, op)) {
    std::memcpy(out.data(), op.ref.ptr, plan.count * eb);
    return;
  }
  for (size_t k = 0; k < plan.count; ++k) {
    const uint64_t off =
        LaneOffset(plan.lanes[k], plan.per_repeat, eb, op.blk_stride, op.rep_stride);
    std::memcpy(out.data() + k * eb, op.ref.ptr + off, eb);
  }
}

bool Bit(const uint8_t* bits, uint64_t i) { return (bits[i / 8] >> (i % 8)) & 1u; }

const char* kSelModeRule =
    "selMode must be VSEL_CMPMASK_SPR or VSEL_TENSOR_TENSOR_MODE with two tensors, "
    "VSEL_TENSOR_SCALAR_MODE with a scalar src1";

void CheckSelMode(const SelArgs& args) {
  const bool scalar = args.scalar != nullptr;
  const bool ok = scalar ? args.mode == 1 : (args.mode == 0 || args.mode == 2);
  if (!ok) {
    RaiseFault(FaultKind::kInvalidArgument, args.name,
               "selMode " + std::to_string(args.mode) + " with a " +
                   (scalar ? "scalar" : "tensor") + " src1: " + kSelModeRule);
  }
}

// The vector dtype rules below are the 910B's (a2_dtypes.h's Compare and Select rows; the int32_t
// mode rule is Compare's own). a2::ChecksA2VectorDtypes says which profiles they apply to.
using a2::ChecksA2VectorDtypes;

const char* CmpModeName(vec::CmpMode mode) {
  static const char* const kNames[] = {"LT", "GT", "EQ", "LE", "GE", "NE"};
  const auto i = static_cast<unsigned>(mode);
  return i < 6 ? kNames[i] : "?";
}

// Compare and CompareScalar take half and float in every mode and int32 for EQ alone: CANN's
// int32 overload issues vcmpv_eq / vcmpvs_eq whatever mode is asked ("int32_t only support
// CMPMODE::EQ"), and its debug check refuses the rest (kernel_operator_vec_cmp_impl.h,
// CheckVcmpvDtype / CheckVcmpvsDtype). Any other element type has no compare instruction.
void CheckCompareDtype(const CmpArgs& args) {
  if (!ChecksA2VectorDtypes()) return;
  const DType t = args.dtype;
  if (t == DType::kFloat16 || t == DType::kFloat32) return;
  const std::string mode = std::string("CMPMODE::") + CmpModeName(args.mode);
  if (t == DType::kInt32) {
    if (args.mode == vec::CmpMode::kEq) return;
    RaiseFault(FaultKind::kUnsupported, args.name,
               mode +
                   " on int32_t: the 910B (dav-2201) compares int32_t for CMPMODE::EQ only "
                   "(CANN's dav_c220 Compare issues EQ whatever the mode; "
                   "impl/basic_api/dav_c220/kernel_operator_vec_cmp_impl.h); compare "
                   "through Max/Min and EQ, or in float where the values are exact");
  }
  RaiseFault(FaultKind::kUnsupported, args.name,
             mode + " on " + std::string(DTypeName(t)) +
                 ": the 910B (dav-2201) compares half and float (and int32_t for EQ) only "
                 "(impl/basic_api/dav_c220/kernel_operator_vec_cmp_impl.h); Cast to float "
                 "first where that is exact");
}

// Select takes half and float only (kernel_operator_vec_cmpsel_impl.h, VselImpl's
// "current api support dtype combination is dst, src0, src1: half / float"). It moves bits, so a
// kernel selects other 32- or 16-bit data through ReinterpretCast<float> / <half>.
void CheckSelectDtype(const SelArgs& args) {
  if (!ChecksA2VectorDtypes()) return;
  if (args.dtype == DType::kFloat16 || args.dtype == DType::kFloat32) return;
  RaiseFault(FaultKind::kUnsupported, args.name,
             "elements of " + std::string(DTypeName(args.dtype)) +
                 ": the 910B (dav-2201) selects half and float only "
                 "(impl/basic_api/dav_c220/kernel_operator_vec_cmpsel_impl.h); select 32-bit "
                 "(16-bit) data as ReinterpretCast<float> (<half>)");
}

}  // namespace

void CompareCount(const CmpArgs& args, const UbRef& dst, const UbRef& a, const UbRef* b,
                  uint32_t count) {
  CheckCompareDtype(args);
  const uint64_t bytes = static_cast<uint64_t>(count) * args.elem_bytes;
  const uint64_t unit = args.scalar ? 32 : 256;
  if (count == 0 || bytes % unit != 0) {
    RaiseFault(FaultKind::kInvalidArgument, args.name,
               "count " + std::to_string(count) + " x " + std::to_string(args.elem_bytes) +
                   " B is not a positive multiple of " + std::to_string(unit) +
                   " B (the mask is written in whole repeats)");
  }
  const UbRef srcs[2] = {a, b ? *b : a};
  const uint64_t src_bytes[2] = {bytes, bytes};
  VectorOpLanes<-1, kDstIsLaneMask>(args.name, dst, count / 8, srcs, src_bytes, b ? 2 : 1, count,
                                    [&] {
                                      vec::Compare(args.mode, args.dtype, dst.ptr, a.ptr,
                                                   b ? b->ptr : args.scalar, b == nullptr, count);
                                    });
}

void CompareRepeat(const CmpArgs& args, const UbRef& dst, const RepeatOperand& a,
                   const RepeatOperand* b, const MaskArg& mask, int32_t repeat) {
  CheckCompareDtype(args);
  const uint32_t eb = args.elem_bytes;
  const LanePlan plan = PlanLanes(args.name, eb, mask, repeat);
  // The mask of repeat r is written at bit r * perRepeat: whole repeats, contiguous.
  const uint64_t dst_bytes = (static_cast<uint64_t>(plan.repeats) * plan.per_repeat + 7) / 8;
  CheckVectorOperand(dst, dst_bytes, args.name, "dst");
  CheckVectorOperand(a.ref, LaneSpan(plan, eb, a), args.name, "src0");
  if (b) CheckVectorOperand(b->ref, LaneSpan(plan, eb, *b), args.name, "src1");
  const UbRef srcs[2] = {a.ref, b ? b->ref : a.ref};
  ChargeRepeat(args.name, plan.repeats, &dst, srcs, b ? 2 : 1);
  if (plan.count == 0) return;
  Gather(plan, eb, a, tls_a);
  if (b) Gather(plan, eb, *b, tls_b);
  tls_bits.assign((plan.count + 7) / 8, 0);
  vec::Compare(args.mode, args.dtype, tls_bits.data(), tls_a.data(),
               b ? static_cast<const void*>(tls_b.data()) : args.scalar, b == nullptr, plan.count);
  // Lanes off the mask read as 0.
  std::memset(dst.ptr, 0, dst_bytes);
  if (plan.lanes[plan.count - 1] == plan.count - 1) {        // lanes 0..count-1: bit k is lane k
    std::memcpy(dst.ptr, tls_bits.data(), tls_bits.size());  // high bits past count are 0
    return;
  }
  for (size_t k = 0; k < plan.count; ++k) {
    if (Bit(tls_bits.data(), k)) {
      const uint32_t l = plan.lanes[k];
      dst.ptr[l / 8] = static_cast<uint8_t>(dst.ptr[l / 8] | (1u << (l % 8)));
    }
  }
}

void CompareRegister(const CmpArgs& args, const RepeatOperand& a, const RepeatOperand& b,
                     const MaskArg& mask) {
  CheckCompareDtype(args);
  const uint32_t eb = args.elem_bytes;
  const LanePlan plan = PlanLanes(args.name, eb, mask, 1);
  if (plan.repeats > 1) {
    RaiseFault(FaultKind::kInvalidArgument, args.name,
               "Compare into CMPMASK covers one repeat, but the counter-mode mask asks for " +
                   std::to_string(plan.repeats));
  }
  CheckVectorOperand(a.ref, LaneSpan(plan, eb, a), args.name, "src0");
  CheckVectorOperand(b.ref, LaneSpan(plan, eb, b), args.name, "src1");
  const UbRef srcs[2] = {a.ref, b.ref};
  ChargeRepeat(args.name, plan.repeats, nullptr, srcs, 2);
  Core& core = Cur();
  std::memset(core.cmp_mask, 0, sizeof(core.cmp_mask));
  if (plan.count == 0) return;
  Gather(plan, eb, a, tls_a);
  Gather(plan, eb, b, tls_b);
  tls_bits.assign((plan.count + 7) / 8, 0);
  vec::Compare(args.mode, args.dtype, tls_bits.data(), tls_a.data(), tls_b.data(), false,
               plan.count);
  for (size_t k = 0; k < plan.count; ++k) {
    if (Bit(tls_bits.data(), k)) {
      const uint32_t l = plan.lanes[k];
      core.cmp_mask[l / 8] = static_cast<uint8_t>(core.cmp_mask[l / 8] | (1u << (l % 8)));
    }
  }
}

void CmpMaskTransfer(const char* name, const UbRef& tensor, bool get) {
  Core& core = Cur();
  CheckVectorOperand(tensor, sizeof(core.cmp_mask), name, get ? "dst" : "src");
  ChargeRepeat(name, 1, get ? &tensor : nullptr, get ? nullptr : &tensor, get ? 0 : 1);
  if (get) {
    std::memcpy(tensor.ptr, core.cmp_mask, sizeof(core.cmp_mask));
  } else {
    std::memcpy(core.cmp_mask, tensor.ptr, sizeof(core.cmp_mask));
  }
}

void SelectCount(const SelArgs& args, const UbRef& dst, const UbRef& sel, const UbRef& a,
                 const UbRef* b, uint32_t count) {
  CheckSelMode(args);
  CheckSelectDtype(args);
  const uint32_t eb = args.elem_bytes;
  const uint32_t per_repeat = 256 / eb;
  const uint64_t bytes = static_cast<uint64_t>(count) * eb;
  // Mode 0 reads one repeat's bits; the others one bit per element.
  const uint64_t sel_bytes =
      args.mode == 0 ? (std::min(count, per_repeat) + 7) / 8 : (count + 7) / 8;
  const UbRef srcs[3] = {a, sel, b ? *b : a};
  const uint64_t src_bytes[3] = {bytes, sel_bytes, bytes};
  // Mode 0 applies one repeat's bits to every repeat: not lane by lane.
  const uint64_t lanes = args.mode == 0 ? 0 : count;
  VectorOpLanes<-1, kSecondSrcIsLaneMask>(
      args.name, dst, bytes, srcs, src_bytes, b ? 3 : 2, lanes, [&] {
        if (args.mode != 0) {
          vec::Select(eb, dst.ptr, sel.ptr, a.ptr, b ? b->ptr : args.scalar, b == nullptr, count);
          return;
        }
        for (uint32_t done = 0; done < count; done += per_repeat) {
          const uint32_t n = std::min(per_repeat, count - done);
          vec::Select(eb, dst.ptr + static_cast<size_t>(done) * eb, sel.ptr,
                      a.ptr + static_cast<size_t>(done) * eb,
                      b->ptr + static_cast<size_t>(done) * eb, false, n);
        }
      });
}

void SelectRepeat(const SelArgs& args, const RepeatOperand& dst, const UbRef& sel,
                  const RepeatOperand& a, const RepeatOperand* b, const MaskArg& mask,
                  int32_t repeat) {
  CheckSelMode(args);
  CheckSelectDtype(args);
  const uint32_t eb = args.elem_bytes;
  const LanePlan plan = PlanLanes(args.name, eb, mask, repeat);
  const uint64_t sel_bits =
      args.mode == 0 ? plan.per_repeat : static_cast<uint64_t>(plan.repeats) * plan.per_repeat;
  CheckVectorOperand(dst.ref, LaneSpan(plan, eb, dst), args.name, "dst");
  CheckVectorOperand(a.ref, LaneSpan(plan, eb, a), args.name, "src0");
  if (b) CheckVectorOperand(b->ref, LaneSpan(plan, eb, *b), args.name, "src1");
  CheckVectorOperand(sel, plan.repeats == 0 ? 0 : (sel_bits + 7) / 8, args.name, "selMask");
  const UbRef srcs[3] = {a.ref, sel, b ? b->ref : a.ref};
  ChargeRepeat(args.name, plan.repeats, &dst.ref, srcs, b ? 3 : 2);
  if (plan.count == 0) return;
  Gather(plan, eb, a, tls_a);
  if (b) Gather(plan, eb, *b, tls_b);
  tls_bits.assign((plan.count + 7) / 8, 0);
  const bool dense = plan.lanes[plan.count - 1] == plan.count - 1;
  if (dense && args.mode != 0) {  // bit k of the mask is lane k's
    std::memcpy(tls_bits.data(), sel.ptr, tls_bits.size());
  }
  for (size_t k = 0; k < plan.count && !(dense && args.mode != 0); ++k) {
    const uint32_t l = plan.lanes[k];
    const uint64_t bit = args.mode == 0 ? l % plan.per_repeat : l;
    if (Bit(sel.ptr, bit))
      tls_bits[k / 8] = static_cast<uint8_t>(tls_bits[k / 8] | (1u << (k % 8)));
  }
  tls_out.resize(plan.count * eb);
  vec::Select(eb, tls_out.data(), tls_bits.data(), tls_a.data(),
              b ? static_cast<const void*>(tls_b.data()) : args.scalar, b == nullptr, plan.count);
  if (ContiguousLanes(plan, eb, dst)) {
    std::memcpy(dst.ref.ptr, tls_out.data(), plan.count * eb);
    return;
  }
  for (size_t k = 0; k < plan.count; ++k) {
    const uint64_t off =
        LaneOffset(plan.lanes[k], plan.per_repeat, eb, dst.blk_stride, dst.rep_stride);
    std::memcpy(dst.ref.ptr + off, tls_out.data() + k * eb, eb);
  }
}

}  // namespace opsim::sim::detail
