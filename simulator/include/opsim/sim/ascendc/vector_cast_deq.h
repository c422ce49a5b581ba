// CastDequant (and its older name CastDeq) and the two SetDeqScale forms it needs besides
// SetDeqScale(half): CANN's declarations for the 910B (asc-devkit kernel_operator_vec_vconv_intf.h,
// kernel_struct_vdeq.h). int16_t -> int8_t/uint8_t dequantises with the DEQSCALE register's
// scale, offset and sign mode (or 16 such groups in a UB tensor, isVecDeq), each result in one
// half of its 32 B block (halfBlock); int32_t -> half is the s322f16 Cast with SetDeqScale(half)'s
// scale. The work is in simulator/src/runtime/vector_cast_deq.cc.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/vector_mask.h"

namespace AscendC {

// The groups of the vector dequantisation tensor (CANN's VDEQ_TENSOR_SIZE).
constexpr int32_t VDEQ_TENSOR_SIZE = 16;

struct VdeqInfo {
  VdeqInfo() {}
  VdeqInfo(const float vdeqScaleIn[VDEQ_TENSOR_SIZE], const int16_t vdeqOffsetIn[VDEQ_TENSOR_SIZE],
           const bool vdeqSignModeIn[VDEQ_TENSOR_SIZE]) {
    for (int32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
      vdeqScale[i] = vdeqScaleIn[i];
      vdeqOffset[i] = vdeqOffsetIn[i];
      vdeqSignMode[i] = vdeqSignModeIn[i];
    }
  }
  float vdeqScale[VDEQ_TENSOR_SIZE] = {0};
  int16_t vdeqOffset[VDEQ_TENSOR_SIZE] = {0};
  bool vdeqSignMode[VDEQ_TENSOR_SIZE] = {0};
};

}  // namespace AscendC

namespace opsim::sim::detail {

// DEQSCALE's 64-bit value for (scale, offset, signMode) as CANN's MakeDeqScaleConfig packs it:
// the float's bits in 0-31, the offset's low 9 bits at 37, signMode at 46.
uint64_t DeqScaleConfig(float scale, int16_t offset, bool sign_mode);
void SetDeqScaleScalar(float scale, int16_t offset, bool sign_mode);
// The tensor form: writes the 16 groups' configs into vdeq (scalar stores) and points DEQSCALE
// at it. `u64`: the tensor's element type is uint64_t (CANN's only one).
void SetDeqScaleTensor(const UbRef& vdeq, bool u64, const AscendC::VdeqInfo& info);

// One CastDequant call. dst_type: DType of T; src_bytes 2 (int16_t) or 4 (int32_t).
struct CastDeqCall {
  const char* name;
  UbRef dst;
  UbRef src;
  bool src_is_int16;
  bool dst_signed;  // int8_t (else uint8_t); int16_t sources only
  bool vec_deq;
  bool half_block;
};
void CastDeqCount(const CastDeqCall& call, uint32_t count);
void CastDeqRepeat(const CastDeqCall& call, const MaskArg& mask, uint8_t repeat,
                   const AscendC::UnaryRepeatParams& p);

template <typename T, typename U>
constexpr bool kCastDeqPair = (std::is_same_v<U, int16_t> &&
                               (std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t>)) ||
                              (std::is_same_v<U, int32_t> && std::is_same_v<T, half>);

template <typename T, typename U, bool isVecDeq, bool halfBlock>
CastDeqCall MakeCastDeqCall(const char* name, const AscendC::LocalTensor<T>& dst,
                            const AscendC::LocalTensor<U>& src) {
  using D = AscendC::PrimT<T>;  // a TensorTrait named as the API's template argument
  using S = AscendC::PrimT<U>;
  static_assert(kCastDeqPair<D, S>,
                "CastDequant converts int16_t to int8_t/uint8_t or int32_t to half");
  return {name,     dst.ref(), src.ref(), std::is_same_v<S, int16_t>, std::is_same_v<D, int8_t>,
          isVecDeq, halfBlock};
}

}  // namespace opsim::sim::detail

namespace AscendC {

// SetDeqScale(half) is in vector.h (with Cast's s322f16 conversion).
inline void SetDeqScale(float scale, int16_t offset, bool signMode) {
  opsim::sim::detail::SetDeqScaleScalar(scale, offset, signMode);
}
template <typename T>
void SetDeqScale(const LocalTensor<T>& vdeq, const VdeqInfo& vdeqInfo) {
  opsim::sim::detail::SetDeqScaleTensor(vdeq.ref(), std::is_same_v<T, uint64_t>, vdeqInfo);
}

#define OPSIM_CAST_DEQ(Name, Label)                                                              \
  template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true,                 \
            bool halfBlock = true>                                                               \
  void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[],         \
            uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {                         \
    using namespace opsim::sim::detail;                                                          \
    CastDeqRepeat(MakeCastDeqCall<T, U, isVecDeq, halfBlock>(Label, dst, src),                   \
                  MaskOf<isSetMask>(mask), repeatTime, repeatParams);                            \
  }                                                                                              \
  template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true,                 \
            bool halfBlock = true>                                                               \
  void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask,            \
            uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {                         \
    using namespace opsim::sim::detail;                                                          \
    CastDeqRepeat(MakeCastDeqCall<T, U, isVecDeq, halfBlock>(Label, dst, src),                   \
                  MaskOf<isSetMask>(static_cast<uint64_t>(static_cast<int64_t>(mask))),          \
                  repeatTime, repeatParams);                                                     \
  }                                                                                              \
  template <typename T, typename U, bool isVecDeq = true, bool halfBlock = true>                 \
  void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint32_t count) {        \
    opsim::sim::detail::CastDeqCount(                                                            \
        opsim::sim::detail::MakeCastDeqCall<T, U, isVecDeq, halfBlock>(Label, dst, src), count); \
  }
OPSIM_CAST_DEQ(CastDequant, "CastDequant")
// CANN: "CastDeq has been updated, please use CastDequant instead" (the same instruction).
OPSIM_CAST_DEQ(CastDeq, "CastDeq")
#undef OPSIM_CAST_DEQ

}  // namespace AscendC
