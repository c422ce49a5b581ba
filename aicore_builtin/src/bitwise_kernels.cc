// CANN's built-in AI Core BitwiseAnd, registered by op type as the library loads. Its types are
// those ops-math's BitwiseAnd layer sends to the AI Core on the 910B, 910_93 and 950
// (experimental/math/bitwise_and/op_api/bitwiseand.cpp, ASCEND910B_AICORE_DTYPE_SUPPORT_LIST:
// int16, uint16, int32, int64); the others go to the AI CPU. The bits are two's complement;
// the inputs broadcast by numpy's rule. A host implementation: the step is charged no simulated
// time (the chip's kernel would take some).
#include "binary_elementwise.h"
#include "opsim/aicore_builtin/kernels.h"

namespace opsim::aicpu {
namespace {

Scalar BitAnd(Domain d, const Scalar& a, const Scalar& b) {
  Scalar r;
  if (d == Domain::kSigned) {
    r.i = a.i & b.i;
  } else {
    r.u = a.u & b.u;
  }
  return r;
}

const BinaryKernelDef kBitwiseAnd = {"BitwiseAnd",
                                     {DType::kInt16, DType::kUInt16, DType::kInt32, DType::kInt64},
                                     false,
                                     BitAnd,
                                     "AI Core"};

// A failed registration (the type registered twice) leaves the first kernel; nothing to report.
[[maybe_unused]] const bool kRegistered = [] {
  (void)aicore_builtin::Kernels().Register(
      kBitwiseAnd.type, [](const AttrMap& attrs, std::unique_ptr<Operation>* out) {
        return MakeBinaryElementwise(kBitwiseAnd, attrs, out);
      });
  return true;
}();

}  // namespace
}  // namespace opsim::aicpu
