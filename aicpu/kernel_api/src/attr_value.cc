// CANN's AI CPU API: AttrValue. Each kind has a field of its own (api_impl.h), so a getter never
// reinterprets another kind's value: an unset kind gives its empty value.
#include <string>
#include <vector>

#include "api_impl.h"
#include "cpu_attr_value.h"
#include "cpu_kernel_utils.h"

namespace aicpu {

namespace {

int32_t SizeOf(size_t n) { return static_cast<int32_t>(n); }

}  // namespace

AttrValue::AttrValue(AttrValueImpl* impl) : impl_(impl) {}

std::string AttrValue::GetString() const { return impl_->s; }
std::vector<std::string> AttrValue::GetListString() const { return impl_->listS; }
void AttrValue::AddListString(const std::string& string) { impl_->listS.push_back(string); }
int32_t AttrValue::ListStringSize() const { return SizeOf(impl_->listS.size()); }
void AttrValue::SetString(const std::string& string) { impl_->s = string; }
void AttrValue::SetListString(const std::vector<std::string>& bytes) { impl_->listS = bytes; }

int64_t AttrValue::GetInt() const { return impl_->i; }
std::vector<int64_t> AttrValue::GetListInt() const { return impl_->listI; }
void AttrValue::AddListInt(int64_t i) { impl_->listI.push_back(i); }
int32_t AttrValue::ListIntSize() const { return SizeOf(impl_->listI.size()); }
void AttrValue::SetInt(int64_t i) { impl_->i = i; }
void AttrValue::SetListInt(const std::vector<int64_t>& i) { impl_->listI = i; }
std::vector<std::vector<int64_t>> AttrValue::GetListListInt() const { return impl_->listListI; }
void AttrValue::SetListListInt(const std::vector<std::vector<int64_t>>& i) { impl_->listListI = i; }

float AttrValue::GetFloat() const { return impl_->f; }
std::vector<float> AttrValue::GetListFloat() const { return impl_->listF; }
void AttrValue::AddListFloat(float f) { impl_->listF.push_back(f); }
int32_t AttrValue::ListFloatSize() const { return SizeOf(impl_->listF.size()); }
void AttrValue::SetFloat(float f) { impl_->f = f; }
void AttrValue::SetListFloat(const std::vector<float>& f) { impl_->listF = f; }

bool AttrValue::GetBool() const { return impl_->b; }
std::vector<bool> AttrValue::GetListBool() const { return impl_->listB; }
void AttrValue::AddListBool(bool b) { impl_->listB.push_back(b); }
int32_t AttrValue::ListBoolSize() const { return SizeOf(impl_->listB.size()); }
void AttrValue::SetBool(bool b) { impl_->b = b; }
void AttrValue::SetListBool(const std::vector<bool>& b) { impl_->listB = b; }

DataType AttrValue::GetDataType() const { return impl_->type; }
std::vector<DataType> AttrValue::GetListDataType() const { return impl_->listType; }
void AttrValue::AddListDataType(DataType type) { impl_->listType.push_back(type); }
int32_t AttrValue::ListDataTypeSize() const { return SizeOf(impl_->listType.size()); }
void AttrValue::SetDataType(DataType type) { impl_->type = type; }
void AttrValue::SetListDataType(const std::vector<DataType>& type) { impl_->listType = type; }

bool AttrValue::SetTensorShape(const TensorShape* shape) {
  if (shape == nullptr) {
    AppendKernelError("AttrValue::SetTensorShape: the shape is null");
    return false;
  }
  impl_->shape = std::make_shared<ShapeData>(*CpuKernelUtils::GetImpl(shape)->d);
  return true;
}

uint32_t AttrValue::SetListTensorShape(const std::vector<TensorShape*>& shape) {
  impl_->listShape.clear();
  for (const TensorShape* s : shape) {
    if (s == nullptr) {
      AppendKernelError("AttrValue::SetListTensorShape: a shape of the list is null (skipped)");
      continue;
    }
    impl_->listShape.push_back(std::make_shared<ShapeData>(*CpuKernelUtils::GetImpl(s)->d));
  }
  return static_cast<uint32_t>(impl_->listShape.size());
}

std::shared_ptr<TensorShape> AttrValue::AddListTensorShape() {
  impl_->listShape.push_back(std::make_shared<ShapeData>());
  return CpuKernelUtils::CreateTensorShape(new TensorShapeImpl(impl_->listShape.back()));
}

std::shared_ptr<TensorShape> AttrValue::GetTensorShape() const {
  if (impl_->shape == nullptr) return nullptr;
  return CpuKernelUtils::CreateTensorShape(new TensorShapeImpl(impl_->shape));
}

std::vector<TensorShape> AttrValue::GetListTensorShape() const {
  std::vector<TensorShape> shapes;
  for (const auto& s : impl_->listShape) {
    shapes.push_back(*CpuKernelUtils::CreateTensorShape(new TensorShapeImpl(s)));
  }
  return shapes;
}

int32_t AttrValue::ListTensorShapeSize() const { return SizeOf(impl_->listShape.size()); }

bool AttrValue::SetTensor(const Tensor* tensor) {
  if (tensor == nullptr) {
    AppendKernelError("AttrValue::SetTensor: the tensor is null");
    return false;
  }
  impl_->tensor = CopyTensorData(*CpuKernelUtils::GetImpl(tensor)->d);
  return true;
}

uint32_t AttrValue::SetListTensor(const std::vector<Tensor*>& tensor) {
  impl_->listTensor.clear();
  for (const Tensor* t : tensor) {
    if (t == nullptr) {
      AppendKernelError("AttrValue::SetListTensor: a tensor of the list is null (skipped)");
      continue;
    }
    impl_->listTensor.push_back(CopyTensorData(*CpuKernelUtils::GetImpl(t)->d));
  }
  return static_cast<uint32_t>(impl_->listTensor.size());
}

std::shared_ptr<Tensor> AttrValue::AddListTensor() {
  impl_->listTensor.push_back(std::make_shared<TensorData>());
  return CpuKernelUtils::CreateTensor(new TensorImpl(impl_->listTensor.back()));
}

std::shared_ptr<Tensor> AttrValue::GetTensor() const {
  if (impl_->tensor == nullptr) return nullptr;
  return CpuKernelUtils::CreateTensor(new TensorImpl(impl_->tensor));
}

std::vector<Tensor> AttrValue::GetListTensor() const {
  std::vector<Tensor> tensors;
  for (const auto& t : impl_->listTensor) {
    tensors.push_back(*CpuKernelUtils::CreateTensor(new TensorImpl(t)));
  }
  return tensors;
}

int32_t AttrValue::ListTensorSize() const { return SizeOf(impl_->listTensor.size()); }

AttrValueImpl CopyAttrValueImpl(const AttrValueImpl& from) {
  AttrValueImpl to = from;
  if (from.shape != nullptr) to.shape = std::make_shared<ShapeData>(*from.shape);
  if (from.tensor != nullptr) to.tensor = CopyTensorData(*from.tensor);
  for (auto& s : to.listShape) s = std::make_shared<ShapeData>(*s);
  for (auto& t : to.listTensor) t = CopyTensorData(*t);
  return to;
}

}  // namespace aicpu
