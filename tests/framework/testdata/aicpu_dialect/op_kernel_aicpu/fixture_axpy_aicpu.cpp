// FixtureAxpy: z = alpha * x + y (attribute alpha, a float, 1 when absent). x, y and z share one
// type and one shape. Large inputs are sharded over the AI CPU's cores with ParallelFor, as
// CANN's elementwise kernels do; this fixture shards anything above kFixtureAxpyParallelNum
// elements so that a small test shards too.
#include "fixture_axpy_aicpu.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

#include "cpu_kernel_utils.h"
#include "cpu_types.h"
#include "utils/kernel_util.h"

namespace {
const char* const kFixtureAxpy = "FixtureAxpy";
constexpr uint32_t kFixtureAxpyInputNum = 2U;
constexpr uint32_t kFixtureAxpyOutputNum = 1U;
constexpr int64_t kFixtureAxpyParallelNum = 8;
}  // namespace

namespace aicpu {

template <typename T>
uint32_t FixtureAxpyCompute(CpuKernelContext& ctx, float alpha) {
  const T* x = static_cast<const T*>(ctx.Input(kFirstInputIndex)->GetData());
  const T* y = static_cast<const T*>(ctx.Input(kSecondInputIndex)->GetData());
  T* z = static_cast<T*>(ctx.Output(kFirstOutputIndex)->GetData());
  const int64_t n = ctx.Output(kFirstOutputIndex)->NumElements();
  const T a = static_cast<T>(alpha);
  auto shard = [&](int64_t start, int64_t end) {
    for (int64_t i = start; i < end; ++i) z[i] = a * x[i] + y[i];
  };
  if (n <= kFixtureAxpyParallelNum) {
    shard(0, n);
    return KERNEL_STATUS_OK;
  }
  const int64_t cores =
      std::max<int64_t>(1, static_cast<int64_t>(CpuKernelUtils::GetCPUNum(ctx)) - kResvCpuNum);
  KERNEL_HANDLE_ERROR(CpuKernelUtils::ParallelFor(ctx, n, (n + cores - 1) / cores, shard),
                      "%s: ParallelFor failed", kFixtureAxpy);
  return KERNEL_STATUS_OK;
}

static const std::unordered_map<int, std::function<uint32_t(CpuKernelContext&, float)>>
    kFixtureAxpyCalls = {{DT_FLOAT16, FixtureAxpyCompute<Eigen::half>},
                         {DT_FLOAT, FixtureAxpyCompute<float>},
                         {DT_DOUBLE, FixtureAxpyCompute<double>},
                         {DT_INT32, FixtureAxpyCompute<int32_t>}};

uint32_t FixtureAxpyCpuKernel::Compute(CpuKernelContext& ctx) {
  KERNEL_HANDLE_ERROR(NormalCheck(ctx, kFixtureAxpyInputNum, kFixtureAxpyOutputNum),
                      "%s: check of inputs and outputs failed", kFixtureAxpy);
  Tensor* x = ctx.Input(kFirstInputIndex);
  Tensor* y = ctx.Input(kSecondInputIndex);
  Tensor* z = ctx.Output(kFirstOutputIndex);
  const DataType type = x->GetDataType();
  KERNEL_CHECK_FALSE(y->GetDataType() == type && z->GetDataType() == type,
                     KERNEL_STATUS_PARAM_INVALID, "%s: x is %s, y %s and z %s: they must match",
                     kFixtureAxpy, DTypeStr(type).c_str(), DTypeStr(y->GetDataType()).c_str(),
                     DTypeStr(z->GetDataType()).c_str());
  const auto dims = x->GetTensorShape()->GetDimSizes();
  KERNEL_CHECK_FALSE(
      y->GetTensorShape()->GetDimSizes() == dims && z->GetTensorShape()->GetDimSizes() == dims,
      KERNEL_STATUS_PARAM_INVALID, "%s: x is [%s], y [%s] and z [%s]: they must match",
      kFixtureAxpy, VectorToString(dims).c_str(),
      VectorToString(y->GetTensorShape()->GetDimSizes()).c_str(),
      VectorToString(z->GetTensorShape()->GetDimSizes()).c_str());
  AttrValue* alpha = ctx.GetAttr("alpha");
  const auto call = kFixtureAxpyCalls.find(type);
  if (call == kFixtureAxpyCalls.end()) {
    KERNEL_LOG_ERROR("%s: x of type %s is not supported (float16, float, double, int32 are)",
                     kFixtureAxpy, DTypeStr(type).c_str());
    return KERNEL_STATUS_PARAM_INVALID;
  }
  return call->second(ctx, alpha == nullptr ? 1.0F : alpha->GetFloat());
}

REGISTER_CPU_KERNEL(kFixtureAxpy, FixtureAxpyCpuKernel);
}  // namespace aicpu
