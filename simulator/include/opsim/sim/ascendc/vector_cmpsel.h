// Compare / CompareScalar into a bit mask and Select by a bit mask, count and level-0 forms.
// A mask holds one bit per element, LSB first in each byte (uint8_t tensors, or any integer
// tensor read as bytes).
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/vector_unit.h"

namespace AscendC {
enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };
// VSEL_CMPMASK_SPR: every 256 B repeat reuses the first (256 / sizeof(T)) bits of selMask.
// VSEL_TENSOR_SCALAR_MODE: src1 is a scalar; VSEL_TENSOR_TENSOR_MODE: two tensors. In both
// the mask bits run on continuously (element i uses bit i).
enum class SELMODE : uint8_t {
  VSEL_CMPMASK_SPR = 0,
  VSEL_TENSOR_SCALAR_MODE,
  VSEL_TENSOR_TENSOR_MODE
};
}  // namespace AscendC

namespace opsim::sim::detail {

struct CmpArgs {
  const char* name;
  DType dtype;
  uint32_t elem_bytes;
  vec::CmpMode mode;
  const void* scalar;  // non-null: CompareScalar
};
// Count forms: `count` elements; Compare needs count * sizeof(T) to be a multiple of 256 B,
// CompareScalar a multiple of 32 B (whole mask bytes per block), as Ascend C documents.
void CompareCount(const CmpArgs& args, const UbRef& dst, const UbRef& a, const UbRef* b,
                  uint32_t count);
void CompareRepeat(const CmpArgs& args, const UbRef& dst, const RepeatOperand& a,
                   const RepeatOperand* b, const MaskArg& mask, int32_t repeat);

// Compare without dst: one repeat into the CMPMASK register.
void CompareRegister(const CmpArgs& args, const RepeatOperand& a, const RepeatOperand& b,
                     const MaskArg& mask);
// GetCmpMask (get) / SetCmpMask: the 16 bytes of CMPMASK to / from a tensor.
void CmpMaskTransfer(const char* name, const UbRef& tensor, bool get);

struct SelArgs {
  const char* name;
  DType dtype;  // the element type: the 910B selects half and float only
  uint32_t elem_bytes;
  uint8_t mode;        // SELMODE
  const void* scalar;  // non-null: the tensor-scalar overload
};
void SelectCount(const SelArgs& args, const UbRef& dst, const UbRef& sel, const UbRef& a,
                 const UbRef* b, uint32_t count);
void SelectRepeat(const SelArgs& args, const RepeatOperand& dst, const UbRef& sel,
                  const RepeatOperand& a, const RepeatOperand* b, const MaskArg& mask,
                  int32_t repeat);

// Strict portability mode (OPSIM_STRICT_ASCENDC, docs/ASCENDC.md) refuses at compile time the
// element types the 910B has no instruction for (the run-time faults in vector_cmpsel.cc say the
// same, and also refuse int32_t in a mode other than EQ, which only a run sees).
#if defined(OPSIM_STRICT_ASCENDC)
inline constexpr bool kStrictCmpSelDtypes = true;
#else
inline constexpr bool kStrictCmpSelDtypes = false;
#endif
template <typename T>
constexpr bool kA2Selects = std::is_same_v<T, half> || std::is_same_v<T, float>;

template <typename T>
CmpArgs CmpOf(const char* name, AscendC::CMPMODE mode, const void* scalar) {
  static_assert(!kStrictCmpSelDtypes || kA2Selects<T> || std::is_same_v<T, int32_t>,
                "strict portability: the 910B (dav_c220) compares half and float, and int32_t "
                "for CMPMODE::EQ only: Cast to float where exact, or compare through Max/Min");
  return CmpArgs{name, AscendC::DTypeOf<T>(), sizeof(T), static_cast<vec::CmpMode>(mode), scalar};
}
template <typename T>
SelArgs SelOf(uint8_t mode, const void* scalar) {
  static_assert(!kStrictCmpSelDtypes || kA2Selects<T>,
                "strict portability: the 910B (dav_c220) selects half and float only: select "
                "other 16- and 32-bit data through ReinterpretCast<half> / <float>");
  return SelArgs{"Select", AscendC::DTypeOf<T>(), sizeof(T), mode, scalar};
}

}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T, typename U>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
             CMPMODE cmpMode, uint32_t count) {
  using namespace opsim::sim::detail;
  CompareCount(CmpOf<PrimT<T>>("Compare", cmpMode, nullptr), dst.ref(), src0.ref(), &src1.ref(),
               count);
}
template <typename T, typename U>
void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar,
                   CMPMODE cmpMode, uint32_t count) {
  using namespace opsim::sim::detail;
  CompareCount(CmpOf<T>("CompareScalar", cmpMode, &src1Scalar), dst.ref(), src0.ref(), nullptr,
               count);
}

// Compares: CANN's current name of CompareScalar (its interface-change list: CompareScalar ->
// Compares), the same forms and rules; faults name Compares.
template <typename T, typename U>
void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar,
              CMPMODE cmpMode, uint32_t count) {
  using namespace opsim::sim::detail;
  CompareCount(CmpOf<T>("Compares", cmpMode, &src1Scalar), dst.ref(), src0.ref(), nullptr, count);
}

#define OPSIM_COMPARE_L0(MaskType)                                                                \
  template <typename T, typename U, bool isSetMask = true>                                        \
  void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, \
               CMPMODE cmpMode, MaskType mask, uint8_t repeatTime, const BinaryRepeatParams& p) { \
    using namespace opsim::sim::detail;                                                           \
    const RepeatOperand b{src1.ref(), p.src1BlkStride, p.src1RepStride};                          \
    CompareRepeat(CmpOf<PrimT<T>>("Compare", cmpMode, nullptr), dst.ref(),                        \
                  RepeatOperand{src0.ref(), p.src0BlkStride, p.src0RepStride}, &b,                \
                  MaskOf<isSetMask>(mask), repeatTime);                                           \
  }                                                                                               \
  template <typename T, typename U, bool isSetMask = true>                                        \
  void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar,   \
                     CMPMODE cmpMode, MaskType mask, uint8_t repeatTime,                          \
                     const UnaryRepeatParams& p) {                                                \
    using namespace opsim::sim::detail;                                                           \
    CompareRepeat(CmpOf<T>("CompareScalar", cmpMode, &src1Scalar), dst.ref(),                     \
                  RepeatOperand{src0.ref(), p.srcBlkStride, p.srcRepStride}, nullptr,             \
                  MaskOf<isSetMask>(mask), repeatTime);                                           \
  }                                                                                               \
  template <typename T, typename U, bool isSetMask = true>                                        \
  void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar,        \
                CMPMODE cmpMode, MaskType mask, uint8_t repeatTime, const UnaryRepeatParams& p) { \
    using namespace opsim::sim::detail;                                                           \
    CompareRepeat(CmpOf<T>("Compares", cmpMode, &src1Scalar), dst.ref(),                          \
                  RepeatOperand{src0.ref(), p.srcBlkStride, p.srcRepStride}, nullptr,             \
                  MaskOf<isSetMask>(mask), repeatTime);                                           \
  }
// Compare without dst (one repeat): the bits go to the CMPMASK register (GetCmpMask).
#define OPSIM_COMPARE_REG(MaskType)                                                     \
  template <typename T, bool isSetMask = true>                                          \
  void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode, \
               MaskType mask, const BinaryRepeatParams& p) {                            \
    using namespace opsim::sim::detail;                                                 \
    CompareRegister(CmpOf<PrimT<T>>("Compare", cmpMode, nullptr),                       \
                    RepeatOperand{src0.ref(), p.src0BlkStride, p.src0RepStride},        \
                    RepeatOperand{src1.ref(), p.src1BlkStride, p.src1RepStride},        \
                    MaskOf<isSetMask>(mask));                                           \
  }
OPSIM_COMPARE_REG(const uint64_t*)
OPSIM_COMPARE_REG(const uint64_t)
#undef OPSIM_COMPARE_REG

template <typename T>
void GetCmpMask(const LocalTensor<T>& dst) {
  opsim::sim::detail::CmpMaskTransfer("GetCmpMask", dst.ref(), true);
}
template <typename T>
void SetCmpMask(const LocalTensor<T>& src) {
  opsim::sim::detail::CmpMaskTransfer("SetCmpMask", src.ref(), false);
}

OPSIM_COMPARE_L0(const uint64_t*)
OPSIM_COMPARE_L0(const uint64_t)
#undef OPSIM_COMPARE_L0

template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE selMode, uint32_t count) {
  using namespace opsim::sim::detail;
  SelectCount(SelOf<PrimT<T>>(static_cast<uint8_t>(selMode), nullptr), dst.ref(), selMask.ref(),
              src0.ref(), &src1.ref(), count);
}
template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            T src1, SELMODE selMode, uint32_t count) {
  using namespace opsim::sim::detail;
  SelectCount(SelOf<T>(static_cast<uint8_t>(selMode), &src1), dst.ref(), selMask.ref(), src0.ref(),
              nullptr, count);
}

#define OPSIM_SELECT_L0(MaskType)                                                         \
  template <typename T, typename U, bool isSetMask = true>                                \
  void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,                   \
              const LocalTensor<T>& src0, const LocalTensor<T>& src1, SELMODE selMode,    \
              MaskType mask, uint8_t repeatTime, const BinaryRepeatParams& p) {           \
    using namespace opsim::sim::detail;                                                   \
    const RepeatOperand b{src1.ref(), p.src1BlkStride, p.src1RepStride};                  \
    SelectRepeat(SelOf<PrimT<T>>(static_cast<uint8_t>(selMode), nullptr),                 \
                 RepeatOperand{dst.ref(), p.dstBlkStride, p.dstRepStride}, selMask.ref(), \
                 RepeatOperand{src0.ref(), p.src0BlkStride, p.src0RepStride}, &b,         \
                 MaskOf<isSetMask>(mask), repeatTime);                                    \
  }                                                                                       \
  template <typename T, typename U, bool isSetMask = true>                                \
  void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,                   \
              const LocalTensor<T>& src0, T src1, SELMODE selMode, MaskType mask,         \
              uint8_t repeatTime, const BinaryRepeatParams& p) {                          \
    using namespace opsim::sim::detail;                                                   \
    SelectRepeat(SelOf<T>(static_cast<uint8_t>(selMode), &src1),                          \
                 RepeatOperand{dst.ref(), p.dstBlkStride, p.dstRepStride}, selMask.ref(), \
                 RepeatOperand{src0.ref(), p.src0BlkStride, p.src0RepStride}, nullptr,    \
                 MaskOf<isSetMask>(mask), repeatTime);                                    \
  }
OPSIM_SELECT_L0(const uint64_t*)
OPSIM_SELECT_L0(const uint64_t)
#undef OPSIM_SELECT_L0

}  // namespace AscendC
