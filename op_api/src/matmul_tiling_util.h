// Arithmetic the host Matmul tilings share (matmul_tiling.cc, matmul_tiling_nbuffer33.cc).
#pragma once

#include <cstdint>

#include "lib/matmul/matmul_tiling.h"

namespace matmul_tiling::detail {

inline int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
inline int64_t AlignUp(int64_t a, int64_t b) { return CeilDiv(a, b) * b; }

// CANN's AlignSingleShape: *piece = one of `parts` pieces of `total`, aligned up to `align`
// where `need` and the parts stay as many; false where alignment was wanted but could not be.
inline bool AlignPiece(bool need, int64_t total, int64_t parts, int64_t align, int64_t* piece) {
  *piece = CeilDiv(total, parts);
  if (!need || align == 0 || parts <= 1) return true;
  const int64_t aligned = AlignUp(*piece, align);
  if (aligned >= CeilDiv(total, parts - 1)) return false;
  *piece = aligned;
  return true;
}

// DT_BFLOAT16 is CANN's second name for bfloat16 (DT_BF16): the same type to the cube.
inline DataType Canon(DataType t) { return t == DataType::DT_BFLOAT16 ? DataType::DT_BF16 : t; }

// Bits of one element of a Matmul operand (CANN's DTYPE_BIT_TAB: 4 for DT_INT4, whose L1 and
// L0 bytes count half a byte an element); 0 for a type the cube does not multiply.
inline int64_t ElemBits(DataType t) {
  switch (t) {
    case DataType::DT_FLOAT16:
    case DataType::DT_BF16:
    case DataType::DT_BFLOAT16: return 16;
    case DataType::DT_FLOAT: return 32;
    case DataType::DT_INT8: return 8;
    case DataType::DT_INT4: return 4;
    default: return 0;
  }
}

// Bytes of a bias element in L1 and the bias table: half and bfloat16 2, float and int32 4.
inline int64_t BiasBytes(DataType t) {
  return t == DataType::DT_FLOAT16 || t == DataType::DT_BF16 || t == DataType::DT_BFLOAT16 ? 2 : 4;
}

}  // namespace matmul_tiling::detail
