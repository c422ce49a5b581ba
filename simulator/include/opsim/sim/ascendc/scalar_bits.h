// The scalar unit's bit instructions (Ascend C's scalar computation APIs): bit counts, leading
// zeros, the first set or clear bit, the run of sign bits. Pure functions of a 64-bit value, as
// CANN's CPU build computes them with the compiler's bcnt/clz/sff/sflbits intrinsics.
#pragma once

#include <cstdint>

namespace AscendC {

// How many bits of valueIn are countValue (0 or 1).
template <int countValue>
inline int64_t GetBitCount(uint64_t valueIn) {
  static_assert(countValue == 0 || countValue == 1, "GetBitCount: countValue must be 1 or 0");
  int64_t ones = 0;
  for (uint64_t v = valueIn; v != 0; v &= v - 1) ++ones;
  return countValue == 1 ? ones : 64 - ones;
}
// The older name (CANN: "ScalarGetCountOfValue has been updated, please use GetBitCount").
template <int countValue>
inline int64_t ScalarGetCountOfValue(uint64_t valueIn) {
  return GetBitCount<countValue>(valueIn);
}

// The zero bits above the highest one (64 for 0).
inline int64_t CountLeadingZero(uint64_t valueIn) {
  int64_t n = 0;
  for (uint64_t bit = uint64_t{1} << 63; bit != 0 && (valueIn & bit) == 0; bit >>= 1) ++n;
  return n;
}
inline int64_t ScalarCountLeadingZero(uint64_t valueIn) { return CountLeadingZero(valueIn); }

// The run of bits below the sign bit that equal it, from bit 62 down; -1 for 0 and -1, whose
// run has no end (CANN's documented value).
inline int64_t CountBitsCntSameAsSignBit(int64_t valueIn) {
  const uint64_t v = static_cast<uint64_t>(valueIn);
  const uint64_t sign = v >> 63;
  int64_t n = 0;
  for (int bit = 62; bit >= 0 && ((v >> bit) & 1) == sign; --bit) ++n;
  return n == 63 ? -1 : n;
}

// The position, from the least significant bit, of the first bit equal to countValue (0 or 1);
// -1 when there is none.
template <int countValue>
inline int64_t GetSFFValue(uint64_t valueIn) {
  static_assert(countValue == 0 || countValue == 1, "GetSFFValue: countValue must be 1 or 0");
  for (int64_t bit = 0; bit < 64; ++bit) {
    if (((valueIn >> bit) & 1) == static_cast<uint64_t>(countValue)) return bit;
  }
  return -1;
}
template <int countValue>
inline int64_t ScalarGetSFFValue(uint64_t valueIn) {
  return GetSFFValue<countValue>(valueIn);
}

}  // namespace AscendC
