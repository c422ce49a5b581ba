// gert::InferDataTypeContextFaker as hicann/ops-nn's host unit tests build dtype-inference calls
// (tests/ut/common/infer_datatype_context_faker.h there): the InferShapeContextFaker's node calls,
// plus the dtypes by address:
//   auto holder = gert::InferDataTypeContextFaker().NodeIoNum(1, 1).IrInstanceNum({1})
//                     .InputDataTypes({&x}).OutputDataTypes({&y}).Build();
//   infer_datatype(holder.GetContext<gert::InferDataTypeContext>());
// An input's dtype given here replaces its NodeInputTd's. opsim's implementation.
#ifndef OPSIM_OP_UT_INFER_DATATYPE_CONTEXT_FAKER_H_
#define OPSIM_OP_UT_INFER_DATATYPE_CONTEXT_FAKER_H_

#include <initializer_list>
#include <vector>

#include "exe_graph/runtime/infer_datatype_context.h"
#include "infer_shape_context_faker.h"

namespace gert {

class InferDataTypeContextFaker : public opsim::op_ut::ContextFakerBase<InferDataTypeContextFaker> {
 public:
  InferDataTypeContextFaker& InputDataTypes(const std::initializer_list<void*>& inputDataTypes) {
    return InputDataTypes(std::vector<void*>(inputDataTypes));
  }
  InferDataTypeContextFaker& InputDataTypes(const std::vector<void*>& inputDataTypes) {
    state_.input_dtypes = DataTypes(inputDataTypes);
    return *this;
  }
  InferDataTypeContextFaker& OutputDataTypes(const std::initializer_list<void*>& outputDataTypes) {
    return OutputDataTypes(std::vector<void*>(outputDataTypes));
  }
  InferDataTypeContextFaker& OutputDataTypes(const std::vector<void*>& outputDataTypes) {
    state_.output_dtypes = DataTypes(outputDataTypes);
    return *this;
  }

 private:
  static std::vector<const ge::DataType*> DataTypes(const std::vector<void*>& from) {
    std::vector<const ge::DataType*> out;
    for (void* p : from) out.push_back(static_cast<const ge::DataType*>(p));
    return out;
  }
};

}  // namespace gert

#endif  // OPSIM_OP_UT_INFER_DATATYPE_CONTEXT_FAKER_H_
