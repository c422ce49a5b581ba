// Which (reducer, dtype) pairs the package runs (docs/SPEC.md §2) and which real ATB ships (the
// strict mode of the ATB front door), kept as one table so the two cannot drift apart.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "opsim/core/dtype.h"
#include "reduce/reduce_request.h"

namespace opsim {

// A set of ReduceKinds as bits; see ReduceKindBit.
using ReduceKindSet = uint8_t;

constexpr ReduceKindSet ReduceKindBit(ReduceKind kind) {
  return static_cast<ReduceKindSet>(1u << static_cast<unsigned>(kind));
}

// Where a dtype's reductions run: the AI Core for the types the 910B's vector instructions reduce
// (ReduceSum/WholeReduce* take half and float: docs/OPERATORS.md's audit), the AI CPU kernels
// (op_kernel_aicpu/reduce) for the rest.
enum class ReduceEngine : uint8_t { kAiCore, kAiCpu };

struct ReduceDTypeSupport {
  DType dtype;
  ReduceKindSet package;  // reducers the package runs on this dtype
  ReduceKindSet atb;      // reducers real ATB ships for it (ERROR_INVALID_TENSOR_INI_MATCH else)
  ReduceEngine engine;    // bool (ONNX ReduceMax/Min, OpenVINO's logical ops): the AI CPU
};

// One row per dtype opsim knows, in docs/SPEC.md §2 order.
std::span<const ReduceDTypeSupport> ReduceDTypeTable();

bool PackageSupportsReduce(ReduceKind kind, DType dtype);
bool AtbShipsReduce(ReduceKind kind, DType dtype);
// The AI Core kernels (op_kernel/reduce) take `dtype` (and its float32 accumulators).
bool ReduceRunsOnAiCore(DType dtype);

// "float32, float16, ..." in table order; "none" when the set is empty. For messages.
std::string ReduceDTypeList(ReduceKind kind, bool atb_strict);

}  // namespace opsim
