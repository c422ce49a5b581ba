// CANN's AI CPU kernel API: a tensor's shape. A handle: copies share the dimensions, so a kernel
// that sets an output's dims through Tensor::GetTensorShape() sets the tensor's.
#ifndef CPU_KERNEL_TENSOR_SHAPE_H
#define CPU_KERNEL_TENSOR_SHAPE_H

#include <memory>
#include <vector>

#include "cpu_types.h"

namespace aicpu {

class TensorShapeImpl;
class AICPU_VISIBILITY TensorShape {
  friend class CpuKernelUtils;

 public:
  TensorShape() = delete;
  ~TensorShape() = default;

  void SetFormat(Format format);
  Format GetFormat() const;
  bool GetUnknownRank() const;
  void SetUnknownRank(bool unknownRank);
  void SetDimSizes(const std::vector<int64_t>& dims);
  std::vector<int64_t> GetDimSizes() const;
  // The dim at index; an index outside [0, GetDims()) logs an error and gives 0.
  int64_t GetDimSize(int32_t index) const;
  int32_t GetDims() const;
  // The product of the dims; negative when a dim is unknown (negative) or the rank is unknown.
  int64_t NumElements() const;

 private:
  explicit TensorShape(TensorShapeImpl* tensorShape);
  std::shared_ptr<TensorShapeImpl> impl_{nullptr};
};

}  // namespace aicpu

#endif  // CPU_KERNEL_TENSOR_SHAPE_H
