// The objects behind CANN's AI CPU API handles (Tensor, TensorShape, AttrValue, NodeDef hold a
// shared_ptr to one of these), and the error log that RunCpuKernel reports.
#ifndef OPSIM_AICPU_KERNEL_API_IMPL_H
#define OPSIM_AICPU_KERNEL_API_IMPL_H

#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cpu_attr_value.h"
#include "cpu_tensor.h"
#include "cpu_types.h"

namespace aicpu {

// The handles' impls are views of shared data, so that a handle made from an impl (as
// CpuKernelUtils::CreateTensorShape does) shares what the impl shows, as CANN's impls, views of
// a protobuf message, do.
struct ShapeData {
  std::vector<int64_t> dims;
  Format format = FORMAT_ND;
  bool unknownRank = false;
};

struct TensorData {
  DataType dataType = DT_UNDEFINED;
  std::shared_ptr<ShapeData> shape = std::make_shared<ShapeData>();
  void* data = nullptr;
  uint64_t dataSize = 0;
};

class TensorShapeImpl {
 public:
  explicit TensorShapeImpl(std::shared_ptr<ShapeData> data = std::make_shared<ShapeData>())
      : d(std::move(data)) {}
  std::shared_ptr<ShapeData> d;
};

class TensorImpl {
 public:
  explicit TensorImpl(std::shared_ptr<TensorData> data = std::make_shared<TensorData>())
      : d(std::move(data)) {}
  std::shared_ptr<TensorData> d;
};

// Every kind in a field of its own, as in CANN's protobuf AttrValue (its list holds all kinds).
class AttrValueImpl {
 public:
  std::string s;
  int64_t i = 0;
  float f = 0.0F;
  bool b = false;
  DataType type = DT_UNDEFINED;
  std::shared_ptr<ShapeData> shape;
  std::shared_ptr<TensorData> tensor;
  std::vector<std::string> listS;
  std::vector<int64_t> listI;
  std::vector<float> listF;
  std::vector<bool> listB;
  std::vector<DataType> listType;
  std::vector<std::shared_ptr<ShapeData>> listShape;
  std::vector<std::shared_ptr<TensorData>> listTensor;
  std::vector<std::vector<int64_t>> listListI;
};

class NodeDefImpl {
 public:
  std::string opType;
  std::vector<std::shared_ptr<Tensor>> inputs;
  std::vector<std::shared_ptr<Tensor>> outputs;
  std::unordered_map<std::string, std::shared_ptr<AttrValue>> attrs;
};

// Deep copies: a copied attribute or tensor never aliases the original's shape.
std::shared_ptr<TensorData> CopyTensorData(const TensorData& from);
AttrValueImpl CopyAttrValueImpl(const AttrValueImpl& from);

const char* DataTypeName(DataType type);

// The error log of the current run on this thread (opsim_cpu_kernel_error.h). ParallelFor's
// shards run on the calling thread, so a kernel's errors all land here.
void AppendKernelError(const std::string& message);

}  // namespace aicpu

#endif  // OPSIM_AICPU_KERNEL_API_IMPL_H
