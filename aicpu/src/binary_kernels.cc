// The AI CPU kernels of CANN's built-in comparison and bitwise operators, registered by op type
// as the library loads. The types are those of the TensorFlow kernels CANN's AI CPU operators of
// these names implement: the comparisons take the real number types (Equal and NotEqual bool too),
// the bitwise ops the integer types. Comparisons follow IEEE 754 (a NaN compares unequal to
// everything, itself included); bitwise ops act on the two's-complement bits.
#include <functional>

#include "binary_elementwise.h"
#include "opsim/framework/operation_registry.h"

namespace opsim::aicpu {
namespace {

template <typename Cmp>
Scalar Compare(Domain d, const Scalar& a, const Scalar& b) {
  const Cmp cmp;
  Scalar r;
  switch (d) {
    case Domain::kFloat: r.u = cmp(a.f, b.f); break;
    case Domain::kSigned: r.u = cmp(a.i, b.i); break;
    case Domain::kUnsigned: r.u = cmp(a.u, b.u); break;
  }
  return r;
}

template <typename Op>
Scalar Bitwise(Domain d, const Scalar& a, const Scalar& b) {
  const Op op;
  Scalar r;
  if (d == Domain::kSigned) {
    r.i = op(a.i, b.i);
  } else {
    r.u = op(a.u, b.u);
  }
  return r;
}

using D = DType;
const std::vector<DType> kReal = {D::kFloat16, D::kFloat32, D::kFloat64, D::kInt8,
                                  D::kInt16,   D::kInt32,   D::kInt64,   D::kUInt8,
                                  D::kUInt16,  D::kUInt32,  D::kUInt64};
const std::vector<DType> kRealAndBool = {D::kFloat16, D::kFloat32, D::kFloat64, D::kInt8,
                                         D::kInt16,   D::kInt32,   D::kInt64,   D::kUInt8,
                                         D::kUInt16,  D::kUInt32,  D::kUInt64,  D::kBool};
const std::vector<DType> kIntegers = {D::kInt8,  D::kInt16,  D::kInt32,  D::kInt64,
                                      D::kUInt8, D::kUInt16, D::kUInt32, D::kUInt64};

const BinaryKernelDef kKernels[] = {
    {"Less", kReal, true, Compare<std::less<>>},
    {"LessEqual", kReal, true, Compare<std::less_equal<>>},
    {"Greater", kReal, true, Compare<std::greater<>>},
    {"GreaterEqual", kReal, true, Compare<std::greater_equal<>>},
    {"Equal", kRealAndBool, true, Compare<std::equal_to<>>},
    {"NotEqual", kRealAndBool, true, Compare<std::not_equal_to<>>},
    {"BitwiseAnd", kIntegers, false, Bitwise<std::bit_and<>>},
    {"BitwiseOr", kIntegers, false, Bitwise<std::bit_or<>>},
    {"BitwiseXor", kIntegers, false, Bitwise<std::bit_xor<>>},
};

// A failed registration (a type registered twice) leaves the first kernel; nothing to report.
[[maybe_unused]] const bool kRegistered = [] {
  for (const BinaryKernelDef& def : kKernels) {
    (void)OperationRegistry::AiCpu().Register(
        def.type, [&def](const AttrMap& attrs, std::unique_ptr<Operation>* out) {
          return MakeBinaryElementwise(def, attrs, out);
        });
  }
  return true;
}();

}  // namespace
}  // namespace opsim::aicpu
