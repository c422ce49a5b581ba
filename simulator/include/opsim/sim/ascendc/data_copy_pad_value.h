// SetPadValue (CANN's kernel_operator_data_copy_intf.h; SetPadValue(ISASI) page): the value
// DataCopyPad GM -> UB writes into a block's padding when its isPad is false. The MOV_PAD_VAL
// register it sets is per core (simulator/src/runtime/data_copy_pad_value.cc).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::detail {
// `bits`: the value's bytes (CANN's GetScalarBitcodeValue); `elem_bytes` its size.
void SetPadValueBits(uint64_t bits, uint32_t elem_bytes, bool is_bool, bool ub_position);
}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T, TPosition pos = TPosition::MAX>
void SetPadValue(T paddingValue) {
  static_assert(std::is_arithmetic_v<T> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>,
                "SetPadValue takes a scalar of the type DataCopyPad moves");
  static_assert(sizeof(T) <= 8, "SetPadValue: types of at most 64 bits");
  uint64_t bits = 0;
  std::memcpy(&bits, &paddingValue, sizeof(T));
  opsim::sim::detail::SetPadValueBits(
      bits, sizeof(T), std::is_same_v<T, bool>,
      pos == TPosition::VECIN || pos == TPosition::VECOUT || pos == TPosition::MAX);
}

}  // namespace AscendC
