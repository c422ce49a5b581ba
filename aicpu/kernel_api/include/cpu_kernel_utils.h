// CANN's AI CPU kernel API: factories of the API's objects, and work sharding.
#ifndef CPU_KERNEL_UTILS_H
#define CPU_KERNEL_UTILS_H

#include <functional>
#include <memory>

#include "cpu_attr_value.h"
#include "cpu_context.h"
#include "cpu_node_def.h"
#include "cpu_tensor.h"

namespace aicpu {

class AICPU_VISIBILITY CpuKernelUtils {
 public:
  static std::shared_ptr<Tensor> CreateTensor();
  // Null for a null impl.
  static std::shared_ptr<Tensor> CreateTensor(TensorImpl* tensor);
  static std::shared_ptr<TensorImpl> GetImpl(const Tensor* tensor);
  static std::shared_ptr<TensorShape> CreateTensorShape();
  static std::shared_ptr<TensorShape> CreateTensorShape(TensorShapeImpl* tensorShape);
  static std::shared_ptr<TensorShapeImpl> GetImpl(const TensorShape* tensorShape);
  static std::shared_ptr<AttrValue> CreateAttrValue();
  static std::shared_ptr<AttrValue> CreateAttrValue(AttrValueImpl* attrValue);
  static std::shared_ptr<AttrValueImpl> GetImpl(const AttrValue* attrValue);
  static std::shared_ptr<NodeDef> CreateNodeDef();

  // Calls work(start, end) over [0, total) in shards of perUnitSize (the whole range in one
  // shard when perUnitSize <= 0 or >= total), in ascending order on the calling thread, so the
  // result never depends on the host. KERNEL_STATUS_OK; KERNEL_STATUS_PARAM_INVALID (logged)
  // for a negative total or an empty work; KERNEL_STATUS_INNER_ERROR (logged) when a shard
  // throws.
  static uint32_t ParallelFor(const CpuKernelContext& ctx, int64_t total, int64_t perUnitSize,
                              const std::function<void(int64_t, int64_t)>& work);
  // The AI CPU cores a kernel may use: a fixed number (docs/ACLNN.md), not the host's.
  static uint32_t GetCPUNum(const CpuKernelContext& ctx);
};

}  // namespace aicpu

#endif  // CPU_KERNEL_UTILS_H
