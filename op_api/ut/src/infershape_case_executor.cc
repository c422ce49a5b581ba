// The shape-inference side of operator repositories' host test helpers
// (infershape_case_executor.h): the op's registered InferShape on a FakeCall.
#include "infershape_case_executor.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "fake_call.h"
#include "opsim/op_api/op_impl.h"

namespace {

std::vector<int64_t> Dims(const gert::Shape& shape) {
  std::vector<int64_t> dims;
  for (size_t i = 0; i < shape.GetDimNum(); ++i) dims.push_back(shape.GetDim(i));
  return dims;
}

// The present inputs and each declared input's instance count (0 for an absent optional one).
void PresentInputs(const gert::InfershapeContextPara& para,
                   std::vector<opsim::op_ut::FakeTensor>* inputs, std::vector<uint32_t>* counts) {
  const auto& absent = para.nullInputIndices_;
  const size_t declared = para.inputInstanceNum_.empty()
                              ? para.inputTensorDesc_.size() + absent.size()
                              : para.inputInstanceNum_.size();
  size_t next = 0;
  for (size_t k = 0; k < declared; ++k) {
    if (std::find(absent.begin(), absent.end(), k) != absent.end()) {
      counts->push_back(0);
      continue;
    }
    const uint32_t n = para.inputInstanceNum_.empty() ? 1 : para.inputInstanceNum_[k];
    counts->push_back(n);
    for (uint32_t i = 0; i < n && next < para.inputTensorDesc_.size(); ++i, ++next) {
      const auto& t = para.inputTensorDesc_[next];
      inputs->push_back({t.shape_, t.dtype_, t.format_, t.isConst_ ? t.constValue_ : nullptr});
    }
  }
}

}  // namespace

void ExecuteTestCase(gert::InfershapeContextPara& infershapeContextPara,
                     ge::graphStatus expectResult,
                     const std::vector<std::vector<int64_t>>& expectOutputShape) {
  const gert::InfershapeContextPara& para = infershapeContextPara;
  std::vector<opsim::op_ut::FakeTensor> inputs;
  std::vector<uint32_t> counts;
  PresentInputs(para, &inputs, &counts);
  std::vector<opsim::op_ut::FakeTensor> outputs;
  for (const auto& t : para.outputTensorDesc_)
    outputs.push_back({t.shape_, t.dtype_, t.format_, nullptr});
  std::vector<Ops::Math::AnyValue> attrs;
  for (const auto& a : para.attrs_) attrs.push_back(a.attr_);
  opsim::op_ut::FakeCall call;
  std::string why;
  if (!opsim::op_ut::DescribeCall(para.opName_, inputs, outputs, attrs, counts,
                                  para.outputInstanceNum_, &call, &why)) {
    throw std::invalid_argument(para.opName_ + ": " + why);
  }
  const opsim::op_api::OpImplRecord* impl = opsim::op_api::FindOpImpl(para.opName_);
  if (impl == nullptr || impl->infer_shape == nullptr) {
    throw std::invalid_argument("not found " + para.opName_ +
                                " (no IMPL_OP_INFERSHAPE registered a shape inference for it)");
  }
  gert::InferShapeContext context(&call.data);
  EXPECT_EQ(impl->infer_shape(&context), static_cast<uint32_t>(expectResult));
  if (expectResult == ge::GRAPH_FAILED) return;
  for (size_t i = 0; i < expectOutputShape.size(); ++i) {
    const gert::Shape* shape = context.GetOutputShape(i);
    ASSERT_NE(shape, nullptr) << "output " << i;
    EXPECT_EQ(Dims(*shape), expectOutputShape[i]) << "output " << i;
  }
}
