// Ascend C's operator forms of the vector instructions ("level 3"): `dst = a + b` is
// Add(dst, a, b, dst.GetSize()), and likewise - * / | & (the count is the destination's size, as
// in CANN). `dst = a < b` (and > <= >= == !=) is Compare into the uint8_t bit mask dst over all
// of a's elements, so a's size must be a multiple of 256 B as Compare's count form requires.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/vector.h"
#include "opsim/sim/ascendc/vector_cmpsel.h"
#include "opsim/sim/ascendc/vector_math.h"

namespace AscendC {

enum class SymbolOp : uint8_t { kAdd, kSub, kMul, kDiv, kOr, kAnd };

// The pending `a op b` of an assignment `dst = a op b`.
template <typename T, SymbolOp op>
class SymbolOverride {
 public:
  SymbolOverride(const LocalTensor<T>& src0, const LocalTensor<T>& src1)
      : src0_(src0), src1_(src1) {}
  void Process(const LocalTensor<T>& dst) const {
    const int32_t count = static_cast<int32_t>(dst.GetSize());
    if constexpr (op == SymbolOp::kAdd) {
      Add(dst, src0_, src1_, count);
    } else if constexpr (op == SymbolOp::kSub) {
      Sub(dst, src0_, src1_, count);
    } else if constexpr (op == SymbolOp::kMul) {
      Mul(dst, src0_, src1_, count);
    } else if constexpr (op == SymbolOp::kDiv) {
      Div(dst, src0_, src1_, count);
    } else if constexpr (op == SymbolOp::kOr) {
      Or(dst, src0_, src1_, count);
    } else {
      And(dst, src0_, src1_, count);
    }
  }

 private:
  LocalTensor<T> src0_;
  LocalTensor<T> src1_;
};
template <typename T>
using SymbolOverrideAdd = SymbolOverride<T, SymbolOp::kAdd>;
template <typename T>
using SymbolOverrideSub = SymbolOverride<T, SymbolOp::kSub>;
template <typename T>
using SymbolOverrideMul = SymbolOverride<T, SymbolOp::kMul>;
template <typename T>
using SymbolOverrideDiv = SymbolOverride<T, SymbolOp::kDiv>;
template <typename T>
using SymbolOverrideOr = SymbolOverride<T, SymbolOp::kOr>;
template <typename T>
using SymbolOverrideAnd = SymbolOverride<T, SymbolOp::kAnd>;

// The pending `a cmp b`; its destination is a bit mask (any integer tensor, read as bytes).
template <typename T>
class SymbolOverrideCompare {
 public:
  SymbolOverrideCompare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE mode)
      : src0_(src0), src1_(src1), mode_(mode) {}
  template <typename U>
  void Process(const LocalTensor<U>& dst) const {
    Compare(dst, src0_, src1_, mode_, src0_.GetSize());
  }

 private:
  LocalTensor<T> src0_;
  LocalTensor<T> src1_;
  CMPMODE mode_;
};

#define OPSIM_SYMBOL_OP(Sym, Op)                                             \
  template <typename T>                                                      \
  SymbolOverride<T, SymbolOp::Op> operator Sym(const LocalTensor<T>& src0,   \
                                               const LocalTensor<T>& src1) { \
    return SymbolOverride<T, SymbolOp::Op>(src0, src1);                      \
  }
OPSIM_SYMBOL_OP(+, kAdd)
OPSIM_SYMBOL_OP(-, kSub)
OPSIM_SYMBOL_OP(*, kMul)
OPSIM_SYMBOL_OP(/, kDiv)
OPSIM_SYMBOL_OP(|, kOr)
OPSIM_SYMBOL_OP(&, kAnd)
#undef OPSIM_SYMBOL_OP

#define OPSIM_SYMBOL_CMP(Sym, Mode)                                                               \
  template <typename T>                                                                           \
  SymbolOverrideCompare<T> operator Sym(const LocalTensor<T>& src0, const LocalTensor<T>& src1) { \
    return SymbolOverrideCompare<T>(src0, src1, CMPMODE::Mode);                                   \
  }
OPSIM_SYMBOL_CMP(<, LT)
OPSIM_SYMBOL_CMP(>, GT)
OPSIM_SYMBOL_CMP(<=, LE)
OPSIM_SYMBOL_CMP(>=, GE)
OPSIM_SYMBOL_CMP(==, EQ)
OPSIM_SYMBOL_CMP(!=, NE)
#undef OPSIM_SYMBOL_CMP

}  // namespace AscendC
