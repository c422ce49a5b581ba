// CANN's AI CPU kernel API: an attribute's value. As in CANN's protobuf form, each kind has its
// own field (string, int, float, bool, data type, shape, tensor, their lists, int list lists); a
// getter of a kind never set gives that kind's empty value.
#ifndef CPU_KERNEL_ATTR_VALUE_H
#define CPU_KERNEL_ATTR_VALUE_H

#include <memory>
#include <string>
#include <vector>

#include "cpu_tensor.h"
#include "cpu_tensor_shape.h"

namespace aicpu {

class AttrValueImpl;
class AICPU_VISIBILITY AttrValue {
  friend class CpuKernelUtils;

 public:
  AttrValue() = delete;
  ~AttrValue() = default;
  AttrValue(const AttrValue&) = delete;
  AttrValue(AttrValue&&) = delete;
  AttrValue& operator=(const AttrValue&) = delete;
  AttrValue& operator=(AttrValue&&) = delete;

  std::string GetString() const;
  std::vector<std::string> GetListString() const;
  void AddListString(const std::string& string);
  int32_t ListStringSize() const;
  void SetString(const std::string& string);
  void SetListString(const std::vector<std::string>& bytes);

  int64_t GetInt() const;
  std::vector<int64_t> GetListInt() const;
  void AddListInt(int64_t i);
  int32_t ListIntSize() const;
  void SetInt(int64_t i);
  void SetListInt(const std::vector<int64_t>& i);
  std::vector<std::vector<int64_t>> GetListListInt() const;
  void SetListListInt(const std::vector<std::vector<int64_t>>& i);

  float GetFloat() const;
  std::vector<float> GetListFloat() const;
  void AddListFloat(float f);
  int32_t ListFloatSize() const;
  void SetFloat(float f);
  void SetListFloat(const std::vector<float>& f);

  bool GetBool() const;
  std::vector<bool> GetListBool() const;
  void AddListBool(bool b);
  int32_t ListBoolSize() const;
  void SetBool(bool b);
  void SetListBool(const std::vector<bool>& b);

  DataType GetDataType() const;
  std::vector<DataType> GetListDataType() const;
  void AddListDataType(DataType type);
  int32_t ListDataTypeSize() const;
  void SetDataType(DataType type);
  void SetListDataType(const std::vector<DataType>& type);

  // Copies the shape; false for a null one.
  bool SetTensorShape(const TensorShape* shape);
  // Copies each non-null shape; returns how many were copied.
  uint32_t SetListTensorShape(const std::vector<TensorShape*>& shape);
  std::shared_ptr<TensorShape> AddListTensorShape();
  // Null when no shape was set.
  std::shared_ptr<TensorShape> GetTensorShape() const;
  std::vector<TensorShape> GetListTensorShape() const;
  int32_t ListTensorShapeSize() const;

  // Copies the tensor's type, shape, data address and size; false for a null one.
  bool SetTensor(const Tensor* tensor);
  uint32_t SetListTensor(const std::vector<Tensor*>& tensor);
  std::shared_ptr<Tensor> AddListTensor();
  // Null when no tensor was set.
  std::shared_ptr<Tensor> GetTensor() const;
  std::vector<Tensor> GetListTensor() const;
  int32_t ListTensorSize() const;

 private:
  explicit AttrValue(AttrValueImpl* impl);
  std::shared_ptr<AttrValueImpl> impl_{nullptr};
};

}  // namespace aicpu

#endif  // CPU_KERNEL_ATTR_VALUE_H
