// gert::InfershapeContextPara as operator repositories' shape-inference unit tests build it
// (tests/ut/common of hicann/ops-math): the op, its tensors, attributes, dynamic-instance counts
// and absent optional inputs. opsim's implementation of that public surface;
// infershape_case_executor.h runs it. Not provided: gert::InferShapeContextFaker, the
// repositories' builder over CANN's metadef OpInferShapeContextBuilder (docs/OPERATORS.md).
#ifndef OPSIM_OP_UT_INFERSHAPE_CONTEXT_FAKER_H_
#define OPSIM_OP_UT_INFERSHAPE_CONTEXT_FAKER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "any_value.h"
#include "context_para_types.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/storage_shape.h"
#include "graph/types.h"

namespace gert {

class InfershapeContextPara : public opsim::op_ut::ContextParaTypes {
 public:
  InfershapeContextPara(const std::string& opName,
                        const std::vector<TensorDescription>& inputTensorDesc,
                        const std::vector<TensorDescription>& outputTensorDesc,
                        const std::vector<OpAttr>& attrs,
                        const std::vector<uint32_t>& inputInstanceNum = {},
                        const std::vector<uint32_t>& outputInstanceNum = {},
                        const std::vector<size_t> nullInputIndices = {})
      : opName_(opName),
        inputInstanceNum_(inputInstanceNum),
        outputInstanceNum_(outputInstanceNum),
        inputTensorDesc_(inputTensorDesc),
        outputTensorDesc_(outputTensorDesc),
        attrs_(attrs),
        nullInputIndices_(nullInputIndices) {}

  InfershapeContextPara(const std::string& opName,
                        const std::vector<TensorDescription>& inputTensorDesc,
                        const std::vector<TensorDescription>& outputTensorDesc,
                        const std::vector<uint32_t>& inputInstanceNum = {},
                        const std::vector<uint32_t>& outputInstanceNum = {},
                        const std::vector<size_t> nullInputIndices = {})
      : InfershapeContextPara(opName, inputTensorDesc, outputTensorDesc, {}, inputInstanceNum,
                              outputInstanceNum, nullInputIndices) {}

  std::string opName_;
  std::vector<uint32_t> inputInstanceNum_;
  std::vector<uint32_t> outputInstanceNum_;
  std::vector<TensorDescription> inputTensorDesc_;
  std::vector<TensorDescription> outputTensorDesc_;
  std::vector<OpAttr> attrs_;
  std::vector<size_t> nullInputIndices_;  // optional inputs absent from the call
};

}  // namespace gert

#endif  // OPSIM_OP_UT_INFERSHAPE_CONTEXT_FAKER_H_
