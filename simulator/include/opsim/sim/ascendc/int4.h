// Ascend C's signed 4-bit integer, int4b_t, as CANN declares it (asc-devkit
// kernel_utils_constants.h / utils/common_types.h, the "内置数据类型" page: S4, range [-8, 7]):
// one byte of storage holding the value in its low four bits, converting to int8_t with the sign
// extended. Tensors pack two elements a byte, element 2i in the low nibble of byte i, so a
// LocalTensor/GlobalTensor of int4b_t counts GetSize() as bytes x 2 and steps operator[] by
// offset / 2 bytes (tensor.h); docs/ASCENDC.md "int4b_t".
#pragma once

#include <cstdint>

namespace AscendC {

struct int4b_t {
  static constexpr int kBits = 4;
  static constexpr bool kSigned = true;
  static constexpr uint8_t mask = 0xF;
  uint8_t storage;

  int4b_t() = default;
  // CANN's two converting constructors: the low four bits of the value.
  int4b_t(int32_t value) : storage(static_cast<uint8_t>(static_cast<uint32_t>(value) & mask)) {}
  int4b_t(uint32_t value) : storage(static_cast<uint8_t>(value & mask)) {}
  operator int8_t() const {
    return static_cast<int8_t>((storage & 0x8) != 0 ? (storage | 0xF0) : storage);
  }
  bool operator==(const int4b_t& rhs) const { return storage == rhs.storage; }
  bool operator!=(const int4b_t& rhs) const { return storage != rhs.storage; }
  bool operator<(const int4b_t& rhs) const {
    return static_cast<int8_t>(*this) < static_cast<int8_t>(rhs);
  }
  bool operator>(const int4b_t& rhs) const { return rhs < *this; }
  bool operator<=(const int4b_t& rhs) const { return !(rhs < *this); }
  bool operator>=(const int4b_t& rhs) const { return !(*this < rhs); }
};

// Bits of one element (CANN's SizeOfBits): sizeof x 8, 4 for int4b_t.
template <typename T>
struct SizeOfBits {
  static constexpr uint32_t value = sizeof(T) * 8;
};
template <>
struct SizeOfBits<int4b_t> {
  static constexpr uint32_t value = 4;
};

// Whether elements pack two a byte (CANN's IsHalfByteDataType; on the 910B only int4b_t).
template <typename T>
constexpr bool IsHalfByteDataType() {
  return SizeOfBits<T>::value == 4;
}

}  // namespace AscendC

// CANN declares int4b_t at global scope too (asc-devkit impl/utils/common_types.h), and its op
// compiler's generated units say `#define DTYPE_X int4b_t` for a DT_INT4 column: the same type
// here, so both spellings reach every AscendC API.
using int4b_t = AscendC::int4b_t;

namespace opsim::sim::detail {
// The bytes `elements` elements of T take: a started byte counts for int4b_t.
template <typename T>
constexpr uint64_t TensorBytes(uint64_t elements) {
  return AscendC::IsHalfByteDataType<T>() ? (elements + 1) / 2 : elements * sizeof(T);
}
// Faults (invalid_argument) for an odd int4b_t element offset: a tensor view or an address starts
// on a byte, and CANN's GetPhyAddr(offset) takes even offsets only.
[[noreturn]] void RaiseOddInt4Offset(uint64_t offset, const char* what);
// Faults (unsupported) for an int4b_t form CANN has and opsim does not model: `what` says which.
[[noreturn]] void RaiseInt4Unmodelled(const char* instr, const char* what);
// The byte offset of element `offset` where a view or an address starts (even for int4b_t).
template <typename T>
uint64_t ViewOffsetBytes(uint64_t offset, const char* what) {
  if constexpr (AscendC::IsHalfByteDataType<T>()) {
    if (offset % 2 != 0) RaiseOddInt4Offset(offset, what);
    return offset / 2;
  } else {
    return offset * sizeof(T);
  }
}
// Element `index` of packed int4b_t data, given the byte holding it (low nibble: even index).
inline AscendC::int4b_t Int4Nibble(uint8_t byte, uint64_t index) {
  return AscendC::int4b_t(static_cast<int32_t>(byte >> (4 * (index % 2))));
}
inline uint8_t Int4WithNibble(uint8_t byte, uint64_t index, AscendC::int4b_t value) {
  const unsigned shift = 4 * static_cast<unsigned>(index % 2);
  return static_cast<uint8_t>((byte & ~(0xFu << shift)) | ((value.storage & 0xFu) << shift));
}
// What an int4b_t SetValue of element `index` stores, as the race check's same-value rule
// compares it: which nibble and its value, not the byte (whose other nibble is whatever the
// store read, which depends on the other blocks' timing).
inline uint8_t Int4StoreKey(uint64_t index, AscendC::int4b_t value) {
  return static_cast<uint8_t>(((index % 2) << 4) | (value.storage & 0xFu));
}
}  // namespace opsim::sim::detail
