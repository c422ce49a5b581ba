// The rounding helpers of CANN's kernel utilities (basic_api's kernel_utils: DivCeil, AlignUp,
// ConstCeil, Ceil of two uint32_t, CeilDivision), which kernels call unqualified or as
// AscendC::DivCeil for tile counts and 32-byte alignments, on the host as in the kernel.
#pragma once

#include <cstdint>

namespace opsim::sim::detail {
// A divisor of 0: the chip's scalar unit raises an AI Core exception on the division
// (kernel_utils.cc).
[[noreturn]] void RaiseCeilByZero(const char* api, uint64_t dividend);
// ceil(a / b) in uint32_t arithmetic, or that fault naming `api` for b = 0.
constexpr inline uint32_t CeilDivOrRaise(const char* api, uint32_t a, uint32_t b) {
  if (b == 0) RaiseCeilByZero(api, a);
  return (a + b - 1) / b;
}
}  // namespace opsim::sim::detail

namespace AscendC {

// ceil(a / b) in uint32_t arithmetic (a + b - 1 wraps as on the chip). constexpr: kernels size
// their arrays with it; a zero divisor in a constant expression does not compile.
constexpr inline uint32_t DivCeil(uint32_t a, uint32_t b) {
  return opsim::sim::detail::CeilDivOrRaise("DivCeil", a, b);
}
// a rounded up to a multiple of b.
constexpr inline uint32_t AlignUp(uint32_t a, uint32_t b) {
  return opsim::sim::detail::CeilDivOrRaise("AlignUp", a, b) * b;
}
constexpr inline uint32_t ConstCeil(uint32_t a, uint32_t b) {
  return opsim::sim::detail::CeilDivOrRaise("ConstCeil", a, b);
}
inline uint32_t Ceil(uint32_t a, uint32_t b) {
  return opsim::sim::detail::CeilDivOrRaise("Ceil", a, b);
}
// CANN's one rounding helper that takes a zero divisor: it returns 0.
inline int32_t CeilDivision(int32_t num1, int32_t num2) {
  return num2 == 0 ? 0 : (num1 + num2 - 1) / num2;
}

}  // namespace AscendC
