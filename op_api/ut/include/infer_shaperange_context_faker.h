// gert::InferShapeRangeContextFaker as hicann/ops-nn's tests/ut/common declares it (its
// ut_op_common.h includes this header, so every test using that helper parses it). opsim does not
// run shape-range inference (gert::InferShapeRangeContext is declared, not defined): the builder
// takes the calls ops-nn's tests make, and Build() says so on stderr and returns a holder whose
// GetContext() is null, which ops-nn's tests check.
#ifndef OPSIM_OP_UT_INFER_SHAPERANGE_CONTEXT_FAKER_H_
#define OPSIM_OP_UT_INFER_SHAPERANGE_CONTEXT_FAKER_H_

#include <vector>

#include "exe_graph/runtime/range.h"
#include "exe_graph/runtime/tensor.h"
#include "infer_shape_context_faker.h"

namespace gert {

class InferShapeRangeContextFaker
    : public opsim::op_ut::ContextFakerBase<InferShapeRangeContextFaker> {
 public:
  InferShapeRangeContextFaker& InputTensorsRange(const std::vector<Range<Tensor>*>&) {
    return *this;
  }
  InferShapeRangeContextFaker& InputShapeRanges(const std::vector<Range<Shape>*>&) { return *this; }
  InferShapeRangeContextFaker& OutputShapeRanges(const std::vector<Range<Shape>*>&) {
    return *this;
  }
  // Hides the base's Build: no call is described.
  KernelRunContextHolder Build();
};

}  // namespace gert

#endif  // OPSIM_OP_UT_INFER_SHAPERANGE_CONTEXT_FAKER_H_
