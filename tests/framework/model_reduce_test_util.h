// The Eigen reference for a Reduce in any reading, once its axes are normalised (sorted, unique,
// non-negative), and the comparison against it; shared by the registry and YAML loader tests.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "framework_test_util.h"

namespace opsim::testing {

inline HostTensor ReferenceReduceNormalised(ref::Reducer reducer, std::vector<int64_t> axes,
                                            bool keep_dims, const HostTensor& in) {
  Shape shape;
  (void)ShapeFromDims(in.desc.shape, &shape, "reference");
  const DType dtype = *DTypeFromAcl(in.desc.dtype);
  std::sort(axes.begin(), axes.end());
  TensorDesc out_desc = in.desc;
  out_desc.shape = DimsFromShape(ref::ReducedShape(shape, axes, keep_dims));
  HostTensor out(out_desc);
  const Status s = ref::Reduce(reducer, dtype, shape, axes, keep_dims, in.data.data(),
                               out.data.empty() ? nullptr : out.data.data());
  if (!s.ok()) out.data.assign(1, 0xFF);  // a size no result can have: the compare fails
  return out;
}

// Empty when `actual` matches `expected` (description and values).
inline std::string CompareNormalised(ref::Reducer reducer, int64_t reduce_len,
                                     const HostTensor& expected, const HostTensor& actual) {
  if (!(expected.desc == actual.desc)) {
    return "description " + ToString(actual.desc) + " != " + ToString(expected.desc);
  }
  if (expected.data.size() != actual.data.size()) return "reference failed";
  const DType dtype = *DTypeFromAcl(expected.desc.dtype);
  const auto count = static_cast<int64_t>(expected.data.size() / DTypeSize(dtype));
  const ref::CompareResult c =
      ref::Compare(reducer, dtype, reduce_len, expected.data.data(), actual.data.data(), count);
  return c.ok ? std::string() : c.message;
}

}  // namespace opsim::testing
