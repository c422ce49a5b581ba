// gert::InferShapeContextFaker as hicann/ops-nn's host unit tests build shape-inference calls
// (tests/ut/common/infer_shape_context_faker.h there, a builder over CANN's metadef):
//   auto holder = gert::InferShapeContextFaker().NodeIoNum(1, 1).IrInstanceNum({1})
//                     .InputShapes({&x}).OutputShapes({&y})
//                     .NodeInputTd(0, ge::DT_FLOAT, ge::FORMAT_ND, ge::FORMAT_ND)
//                     .NodeOutputTd(0, ge::DT_FLOAT, ge::FORMAT_ND, ge::FORMAT_ND)
//                     .NodeAttrs({{"alpha", Ops::NN::AnyValue::CreateFrom<float>(1.0f)}}).Build();
//   infer_shape(holder.GetContext<gert::InferShapeContext>());
// A shape is passed by address, as a gert::Shape or a gert::StorageShape (CANN's builder reads
// either as the origin shape, which a StorageShape begins with; a null one is an absent
// optional input, as there); the call holds copies, so the
// inferred shapes are read back through the context (GetOutputShape), as the tests do.
// opsim's implementation of that public surface (op_api/ut/src/context_faker.cc).
#ifndef OPSIM_OP_UT_INFER_SHAPE_CONTEXT_FAKER_H_
#define OPSIM_OP_UT_INFER_SHAPE_CONTEXT_FAKER_H_

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "any_value.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor.h"
#include "graph/ascend_string.h"
#include "graph/types.h"
#include "kernel_run_context_holder.h"

namespace opsim::op_ut {

// What a faker collected; BuildHolder turns it into one call.
struct FakerState {
  struct TensorTd {
    ge::DataType dtype = ge::DT_FLOAT;
    ge::Format origin_format = ge::FORMAT_ND;
    ge::Format storage_format = ge::FORMAT_ND;
  };
  std::string op_type = "FakeOp";
  size_t input_num = 0;
  size_t output_num = 0;
  std::vector<uint32_t> input_instances;   // per IR input; empty: one each
  std::vector<uint32_t> output_instances;  // per IR output; empty: one each
  std::vector<const gert::Shape*> input_shapes;
  std::vector<const gert::Shape*> output_shapes;
  std::map<size_t, TensorTd> input_td;
  std::map<size_t, TensorTd> output_td;
  std::vector<const ge::DataType*> input_dtypes;  // InferDataTypeContextFaker: override the Td's
  std::vector<const ge::DataType*> output_dtypes;
  std::vector<Ops::Math::AnyValue> attrs;
};

gert::KernelRunContextHolder BuildHolder(const FakerState& state);

// The builder calls both of ops-nn's fakers share; Derived is the faker.
template <typename Derived>
class ContextFakerBase {
 public:
  Derived& SetOpType(const std::string opType) {
    state_.op_type = opType;
    return Self();
  }
  Derived& NodeIoNum(size_t inputNum, size_t outputNum) {
    state_.input_num = inputNum;
    state_.output_num = outputNum;
    return Self();
  }
  // Each of `inputNum` IR inputs has one instance.
  Derived& IrInputNum(size_t inputNum) {
    state_.input_instances.assign(inputNum, 1);
    return Self();
  }
  Derived& IrInstanceNum(const std::vector<uint32_t>& inputInstanceNum,
                         const std::vector<uint32_t>& outputInstanceNum) {
    state_.input_instances = inputInstanceNum;
    state_.output_instances = outputInstanceNum;
    return Self();
  }
  Derived& IrInstanceNum(const std::vector<uint32_t>& instanceNum) {
    state_.input_instances = instanceNum;
    return Self();
  }
  Derived& NodeInputTd(int32_t index, ge::DataType dtype, ge::Format originFormat,
                       ge::Format storageFormat) {
    state_.input_td[static_cast<size_t>(index)] = {dtype, originFormat, storageFormat};
    return Self();
  }
  Derived& NodeOutputTd(int32_t index, ge::DataType dtype, ge::Format originFormat,
                        ge::Format storageFormat) {
    state_.output_td[static_cast<size_t>(index)] = {dtype, originFormat, storageFormat};
    return Self();
  }
  // Attributes in the OpDef's order (the names are the test's documentation).
  Derived& NodeAttrs(const std::vector<std::pair<std::string, Ops::NN::AnyValue>>& attrs) {
    for (const auto& attr : attrs) {
      state_.attrs.emplace_back(static_cast<Ops::Math::AnyValue::ValueType>(attr.second.type_),
                                attr.second.valuePtr_);
    }
    return Self();
  }
  // One attribute, after those given before (ops-nn's faker appends in call order too).
  template <typename T>
  Derived& Attr(const std::string& /*attrName*/, T attr) {
    state_.attrs.push_back(Ops::Math::AnyValue::CreateFrom<T>(attr));
    return Self();
  }
  Derived& Attr(const std::string& /*attrName*/, const ge::AscendString& attr) {
    state_.attrs.push_back(Ops::Math::AnyValue::CreateFrom<std::string>(attr.GetString()));
    return Self();
  }
  gert::KernelRunContextHolder Build() { return BuildHolder(state_); }

 protected:
  Derived& Self() { return static_cast<Derived&>(*this); }
  template <typename P>
  static std::vector<const gert::Shape*> AsShapes(const std::vector<P*>& shapes) {
    std::vector<const gert::Shape*> out;
    for (P* s : shapes) out.push_back(reinterpret_cast<const gert::Shape*>(s));
    return out;
  }

  FakerState state_;
};

}  // namespace opsim::op_ut

namespace gert {

class InferShapeContextFaker : public opsim::op_ut::ContextFakerBase<InferShapeContextFaker> {
 public:
  InferShapeContextFaker& InputShapes(const std::initializer_list<void*>& inputShapes) {
    return InputShapes(std::vector<void*>(inputShapes));
  }
  InferShapeContextFaker& InputShapes(const std::vector<void*>& inputShapes) {
    state_.input_shapes = AsShapes(inputShapes);
    return *this;
  }
  InferShapeContextFaker& InputShapes(const std::vector<Shape*>& inputShapes) {
    state_.input_shapes = AsShapes(inputShapes);
    return *this;
  }
  InferShapeContextFaker& InputShapes(const std::vector<StorageShape*>& inputShapes) {
    state_.input_shapes = AsShapes(inputShapes);
    return *this;
  }
  // The tensors' shapes (a tensor begins with its StorageShape; ops-nn's ut_op_common passes
  // StorageShapes this way).
  InferShapeContextFaker& InputTensors(const std::vector<Tensor*>& inputTensors) {
    state_.input_shapes = AsShapes(inputTensors);
    return *this;
  }
  InferShapeContextFaker& OutputShapes(const std::initializer_list<Shape*>& outputShapes) {
    return OutputShapes(std::vector<Shape*>(outputShapes));
  }
  InferShapeContextFaker& OutputShapes(const std::initializer_list<StorageShape*>& outputShapes) {
    return OutputShapes(std::vector<StorageShape*>(outputShapes));
  }
  InferShapeContextFaker& OutputShapes(const std::vector<Shape*>& outputShapes) {
    state_.output_shapes = AsShapes(outputShapes);
    return *this;
  }
  InferShapeContextFaker& OutputShapes(const std::vector<StorageShape*>& outputShapes) {
    state_.output_shapes = AsShapes(outputShapes);
    return *this;
  }
  InferShapeContextFaker& OutputShapes(const std::vector<void*>& outputShapes) {
    state_.output_shapes = AsShapes(outputShapes);
    return *this;
  }
};

}  // namespace gert

#endif  // OPSIM_OP_UT_INFER_SHAPE_CONTEXT_FAKER_H_
