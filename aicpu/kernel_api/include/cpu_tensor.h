// CANN's AI CPU kernel API: a tensor (data type, shape, data address and size). A handle: copies
// share one tensor. The data is the caller's memory; the tensor never owns it.
#ifndef CPU_KERNEL_TENSOR_H
#define CPU_KERNEL_TENSOR_H

#include <memory>

#include "cpu_tensor_shape.h"

namespace aicpu {

class TensorImpl;
class AICPU_VISIBILITY Tensor {
  friend class CpuKernelUtils;

 public:
  Tensor() = delete;
  ~Tensor() = default;

  // Copies shape's dims, format and unknown rank; false for a null shape.
  bool SetTensorShape(const TensorShape* shape);
  std::shared_ptr<TensorShape> GetTensorShape() const;
  void SetDataType(DataType type);
  DataType GetDataType() const;
  void SetData(void* addr);
  void* GetData() const;
  void SetDataSize(uint64_t size);
  uint64_t GetDataSize() const;
  // NumElements() * the type's size; negative when either is unknown.
  int64_t CalcDataSizeByShape() const;
  int64_t NumElements() const;

 private:
  explicit Tensor(TensorImpl* impl);
  std::shared_ptr<TensorImpl> impl_{nullptr};
};

}  // namespace aicpu

#endif  // CPU_KERNEL_TENSOR_H
