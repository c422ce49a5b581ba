// SetStoreAtomicConfig / GetStoreAtomicConfig over the core's atomic mode (the one SetAtomicAdd,
// SetAtomicMax, SetAtomicMin and SetAtomicNone set, which UB -> GM copies honour).
#include <string>

#include "opsim/sim/ascendc/atomic.h"
#include "opsim/sim/ascendc/atomic_config.h"
#include "opsim/sim/fault.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

constexpr const char* kSet = "SetStoreAtomicConfig";

// AtomicDtype's values 1..6 and the element types they name.
DType TypeOf(int type) {
  switch (type) {
    case 1: return DType::kFloat32;
    case 2: return DType::kFloat16;
    case 4: return DType::kInt32;
    case 5: return DType::kInt8;
    case 6: return DType::kBFloat16;
    default: break;
  }
  if (type == 3) {
    RaiseFault(FaultKind::kUnsupported, kSet,
               "ATOMIC_S16: opsim does not model int16_t atomic accumulation (float, half, "
               "bfloat16_t, int32_t and int8_t it does)");
  }
  RaiseFault(
      FaultKind::kInvalidArgument, kSet,
      "AtomicDtype " + std::to_string(type) + " is none of ATOMIC_NONE (0) to ATOMIC_BF16 (6)");
}

int TypeCode(DType d) {
  switch (d) {
    case DType::kFloat32: return 1;
    case DType::kFloat16: return 2;
    case DType::kInt32: return 4;
    case DType::kInt8: return 5;
    case DType::kBFloat16: return 6;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return 0;
  }
}

}  // namespace

void SetStoreAtomicConfigImpl(int type, int op) {
  if (op != 0) {
    RaiseFault(FaultKind::kInvalidArgument, kSet,
               "AtomicOp " + std::to_string(op) + " is not ATOMIC_SUM (0), the only operation");
  }
  if (type == 0) {
    SetAtomicImpl(0, DType::kFloat32, kSet);
    return;
  }
  SetAtomicImpl(1, TypeOf(type), kSet);
}

int64_t GetStoreAtomicConfigImpl() {
  const Core& core = Cur();
  if (core.atomic_op == 0) return 0;
  return TypeCode(core.atomic_dtype) | static_cast<int64_t>(core.atomic_op - 1) << 4;
}

}  // namespace opsim::sim::detail
