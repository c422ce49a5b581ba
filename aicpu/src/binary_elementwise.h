// The AI CPU's binary elementwise kernels (Less, Equal, BitwiseAnd, ...): two inputs of one type,
// broadcast by numpy's rule (dims aligned at the last; equal, or 1), into one output of the
// inputs' type or of bool. Each element is read into the domain its type compares and combines
// in exactly (float types as double, signed integers as int64, unsigned ones and bool as uint64).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "opsim/core/attr_map.h"
#include "opsim/core/dtype.h"
#include "opsim/core/operation.h"
#include "opsim/core/status.h"

namespace opsim::aicpu {

enum class Domain { kFloat, kSigned, kUnsigned };

// One element in its type's domain (only the domain's member is meaningful).
struct Scalar {
  double f = 0;
  int64_t i = 0;
  uint64_t u = 0;
};

Domain DomainOf(DType d);
// Element `p` of type `d` in its domain; `s` written to `p` as `d` (a float rounded to nearest
// even, an integer narrowed to its low bytes as C++ narrows).
Scalar Read(DType d, const uint8_t* p);
void Write(DType d, const Scalar& s, uint8_t* p);

// The result of one element pair; a bool output takes `u` (0 or 1).
using BinaryFn = Scalar (*)(Domain domain, const Scalar& a, const Scalar& b);

struct BinaryKernelDef {
  const char* type;           // CANN's op type
  std::vector<DType> dtypes;  // the inputs' types the kernel takes
  bool bool_output;           // a comparison: the output is bool
  BinaryFn fn;
  const char* unit = "AI CPU";  // where CANN runs it, for messages ("Less (AI CPU): ...")
};

// The kernel's operation for `attrs`: "T" (the inputs' type, checked against them) and
// "incompatible_shape_error" (TensorFlow's Equal/NotEqual: false answers shapes that do not
// broadcast with a scalar, which opsim refuses naming it) are taken; another key is
// kInvalidParam naming it.
Status MakeBinaryElementwise(const BinaryKernelDef& def, const AttrMap& attrs,
                             std::unique_ptr<Operation>* out);

}  // namespace opsim::aicpu
