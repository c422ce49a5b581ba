// CANN's AI CPU API: CpuKernelUtils (the handles' factories, ParallelFor, GetCPUNum).
#include <exception>
#include <string>

#include "api_impl.h"
#include "cpu_kernel_utils.h"

namespace aicpu {

namespace {
// The AI CPU cores GetCPUNum reports: fixed, so that a kernel's sharding (and any result that
// depends on it) is the same on every host. Kernels keep kResvCpuNum (2) of them back.
constexpr uint32_t kSimulatedAicpuCores = 4;
}  // namespace

std::shared_ptr<Tensor> CpuKernelUtils::CreateTensor() {
  return std::shared_ptr<Tensor>(new Tensor(new TensorImpl()));
}

std::shared_ptr<Tensor> CpuKernelUtils::CreateTensor(TensorImpl* tensor) {
  if (tensor == nullptr) return nullptr;
  return std::shared_ptr<Tensor>(new Tensor(tensor));
}

std::shared_ptr<TensorImpl> CpuKernelUtils::GetImpl(const Tensor* tensor) {
  return tensor == nullptr ? nullptr : tensor->impl_;
}

std::shared_ptr<TensorShape> CpuKernelUtils::CreateTensorShape() {
  return std::shared_ptr<TensorShape>(new TensorShape(new TensorShapeImpl()));
}

std::shared_ptr<TensorShape> CpuKernelUtils::CreateTensorShape(TensorShapeImpl* tensorShape) {
  if (tensorShape == nullptr) return nullptr;
  return std::shared_ptr<TensorShape>(new TensorShape(tensorShape));
}

std::shared_ptr<TensorShapeImpl> CpuKernelUtils::GetImpl(const TensorShape* tensorShape) {
  return tensorShape == nullptr ? nullptr : tensorShape->impl_;
}

std::shared_ptr<AttrValue> CpuKernelUtils::CreateAttrValue() {
  return std::shared_ptr<AttrValue>(new AttrValue(new AttrValueImpl()));
}

std::shared_ptr<AttrValue> CpuKernelUtils::CreateAttrValue(AttrValueImpl* attrValue) {
  if (attrValue == nullptr) return nullptr;
  return std::shared_ptr<AttrValue>(new AttrValue(attrValue));
}

std::shared_ptr<AttrValueImpl> CpuKernelUtils::GetImpl(const AttrValue* attrValue) {
  return attrValue == nullptr ? nullptr : attrValue->impl_;
}

std::shared_ptr<NodeDef> CpuKernelUtils::CreateNodeDef() {
  return std::shared_ptr<NodeDef>(new NodeDef(new NodeDefImpl()));
}

uint32_t CpuKernelUtils::ParallelFor(const CpuKernelContext& ctx, int64_t total,
                                     int64_t perUnitSize,
                                     const std::function<void(int64_t, int64_t)>& work) {
  if (total < 0 || !work) {
    AppendKernelError(ctx.GetOpType() + ": ParallelFor: " +
                      (total < 0 ? "total " + std::to_string(total) + " is negative"
                                 : std::string("the work is empty")));
    return KERNEL_STATUS_PARAM_INVALID;
  }
  const int64_t unit = perUnitSize <= 0 || perUnitSize > total ? total : perUnitSize;
  try {
    for (int64_t start = 0; start < total; start += unit) {
      work(start, total - start > unit ? start + unit : total);
    }
  } catch (const std::exception& e) {
    AppendKernelError(ctx.GetOpType() + ": ParallelFor: a shard threw: " + e.what());
    return KERNEL_STATUS_INNER_ERROR;
  } catch (...) {
    AppendKernelError(ctx.GetOpType() + ": ParallelFor: a shard threw a non-exception");
    return KERNEL_STATUS_INNER_ERROR;
  }
  return KERNEL_STATUS_OK;
}

uint32_t CpuKernelUtils::GetCPUNum(const CpuKernelContext& ctx) {
  (void)ctx;
  return kSimulatedAicpuCores;
}

}  // namespace aicpu
