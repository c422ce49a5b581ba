// Ascend C's basic vocabulary: qualifiers, positions, pipes, events, round modes, half types.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/core/dtype.h"
#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/int4.h"
#include "opsim/sim/ascendc/keywords.h"

#define GM_ADDR uint8_t*
// The branch hints CANN's kernel headers define beside GM_ADDR (kernel_utils_macros.h); kernels
// use them unqualified (ops-nn's ada_layer_norm). Guarded as there: op-base's log.h has them too.
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
// The kernel's type (cross_core.h): a launch of another shape runs again as that type.
#define KERNEL_TASK_TYPE_DEFAULT(type) \
  ::opsim::sim::detail::DeclareKernelTaskType(static_cast<int>(type))

// The chip's 16-bit float types are global names in Ascend C.
using half = opsim::Half;
using bfloat16_t = opsim::BFloat16;

namespace AscendC {

enum class TPosition : uint8_t {
  GM,
  A1,
  A2,
  B1,
  B2,
  C1,
  C2,
  CO1,
  CO2,
  VECIN,
  VECOUT,
  VECCALC,
  LCM = VECCALC,
  SPM,
  SHM,
  TSCM,
  C2PIPE2GM,  // the Fixpipe buffer (FB): the vector quantisation words (SetFixPipeConfig)
  C2PIPE2LOCAL,
  MAX,
};
using QuePosition = TPosition;

enum pipe_t : uint8_t {
  PIPE_S = 0,
  PIPE_V,
  PIPE_MTE2,
  PIPE_MTE3,
  PIPE_ALL,
  PIPE_MTE1,
  PIPE_M,
  PIPE_FIX
};

enum class HardEvent : uint8_t {
  MTE2_V,
  V_MTE2,
  V_MTE3,
  MTE3_V,
  MTE2_MTE3,
  MTE3_MTE2,
  S_V,
  V_S,
  MTE2_S,
  S_MTE2,
  MTE3_S,
  S_MTE3,
  // The cube's hand-offs: GM -> L1 (MTE2), L1 -> L0 (MTE1), the cube (M), L0C out (FIX).
  MTE2_MTE1,
  MTE1_MTE2,
  MTE1_M,
  M_MTE1,
  M_FIX,
  FIX_M,
  MTE2_M,
  M_MTE2,
  FIX_MTE2,
  MTE2_FIX,
  MTE1_FIX,  // the FIX pipe reads L1 (the quantisation words) or writes it (Fixpipe into L1)
  FIX_MTE1,
  // The rest of CANN's list (kernel_event.h), in its order. V_V and FIX_FIX are one pipe's
  // barrier; the others join the cube's pipes to V (the 910A/310P, where one core has both),
  // to MTE3 (Fixpipe into L1, then L1 out) or to the scalar unit.
  M_V,
  V_M,
  V_V,
  MTE3_MTE1,
  MTE1_MTE3,
  MTE1_V,
  V_MTE1,
  FIX_S,
  M_S,
  FIX_MTE3,
  FIX_FIX,
  MAX,
};

// The memory DataSyncBarrier waits for (kernel_event.h): ALL = GM and the UB, DDR = GM.
enum class MemDsbT : uint8_t { ALL = 0, DDR, UB, SEQ };
enum TEventID : int32_t {
  EVENT_ID0 = 0,
  EVENT_ID1,
  EVENT_ID2,
  EVENT_ID3,
  EVENT_ID4,
  EVENT_ID5,
  EVENT_ID6,
  EVENT_ID7
};

enum class RoundMode : uint8_t {
  CAST_NONE = 0,
  CAST_RINT,
  CAST_FLOOR,
  CAST_CEIL,
  CAST_ROUND,
  CAST_TRUNC,
  CAST_ODD,
};

enum class ReduceOrder : uint8_t {
  ORDER_VALUE_INDEX = 0,
  ORDER_INDEX_VALUE,
  ORDER_ONLY_VALUE,
  ORDER_ONLY_INDEX
};

// dtype tag of an element type the vector unit understands.
template <typename T>
constexpr opsim::DType DTypeOf() {
  if constexpr (std::is_same_v<T, float>)
    return opsim::DType::kFloat32;
  else if constexpr (std::is_same_v<T, half>)
    return opsim::DType::kFloat16;
  else if constexpr (std::is_same_v<T, bfloat16_t>)
    return opsim::DType::kBFloat16;
  else if constexpr (std::is_same_v<T, double>)
    return opsim::DType::kFloat64;
  else if constexpr (std::is_same_v<T, int8_t>)
    return opsim::DType::kInt8;
  else if constexpr (std::is_same_v<T, uint8_t>)
    return opsim::DType::kUInt8;
  else if constexpr (std::is_same_v<T, int16_t>)
    return opsim::DType::kInt16;
  else if constexpr (std::is_same_v<T, uint16_t>)
    return opsim::DType::kUInt16;
  else if constexpr (std::is_same_v<T, int32_t>)
    return opsim::DType::kInt32;
  else if constexpr (std::is_same_v<T, uint32_t>)
    return opsim::DType::kUInt32;
  else if constexpr (std::is_same_v<T, int64_t>)
    return opsim::DType::kInt64;
  else if constexpr (std::is_same_v<T, uint64_t>)
    return opsim::DType::kUInt64;
  else if constexpr (std::is_same_v<T, bool>)
    return opsim::DType::kBool;
  else
    static_assert(sizeof(T) == 0, "element type not supported by the simulated vector unit");
}

}  // namespace AscendC

// On the chip pipe_t and the event ids are compiler built-ins at global scope; kernels and their
// headers name them both ways (PIPE_V and AscendC::PIPE_V).
using AscendC::EVENT_ID0;
using AscendC::EVENT_ID1;
using AscendC::EVENT_ID2;
using AscendC::EVENT_ID3;
using AscendC::EVENT_ID4;
using AscendC::EVENT_ID5;
using AscendC::EVENT_ID6;
using AscendC::EVENT_ID7;
using AscendC::PIPE_ALL;
using AscendC::PIPE_FIX;
using AscendC::PIPE_M;
using AscendC::PIPE_MTE1;
using AscendC::PIPE_MTE2;
using AscendC::PIPE_MTE3;
using AscendC::PIPE_S;
using AscendC::pipe_t;
using AscendC::PIPE_V;
using event_t = AscendC::TEventID;
