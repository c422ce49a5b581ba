// TplAddBcast's AI CPU kernel in CANN's kernel API: y = x1 + x2 with numpy broadcasting, in
// double or in int64 (two's complement, wrapping).
#include <cstdint>
#include <vector>

#include "cpu_kernel.h"
#include "cpu_types.h"
#include "log.h"

namespace aicpu {
namespace {

// The flat index into a tensor of `dims` (aligned at the last with `out`) of output element i.
int64_t SourceIndex(const std::vector<int64_t>& dims, const std::vector<int64_t>& out, int64_t i) {
  int64_t index = 0;
  int64_t stride = 1;
  for (size_t k = 0; k < dims.size(); ++k) {
    const size_t d = dims.size() - 1 - k;
    const int64_t at = i % out[out.size() - 1 - k];
    i /= out[out.size() - 1 - k];
    if (dims[d] != 1) index += at * stride;
    stride *= dims[d];
  }
  return index;
}

template <typename T, typename Add>
uint32_t AddAll(CpuKernelContext& ctx, Add add) {
  const std::vector<int64_t> d1 = ctx.Input(0)->GetTensorShape()->GetDimSizes();
  const std::vector<int64_t> d2 = ctx.Input(1)->GetTensorShape()->GetDimSizes();
  const std::vector<int64_t> out = ctx.Output(0)->GetTensorShape()->GetDimSizes();
  const T* x1 = static_cast<const T*>(ctx.Input(0)->GetData());
  const T* x2 = static_cast<const T*>(ctx.Input(1)->GetData());
  T* y = static_cast<T*>(ctx.Output(0)->GetData());
  const int64_t n = ctx.Output(0)->NumElements();
  for (int64_t i = 0; i < n; ++i) {
    y[i] = add(x1[SourceIndex(d1, out, i)], x2[SourceIndex(d2, out, i)]);
  }
  return KERNEL_STATUS_OK;
}

}  // namespace

class TplAddBcastCpuKernel : public CpuKernel {
 public:
  uint32_t Compute(CpuKernelContext& ctx) override {
    if (ctx.Input(0) == nullptr || ctx.Input(1) == nullptr || ctx.Output(0) == nullptr) {
      KERNEL_LOG_ERROR("TplAddBcast takes x1, x2 and y");
      return KERNEL_STATUS_PARAM_INVALID;
    }
    switch (ctx.Input(0)->GetDataType()) {
      case DT_DOUBLE: return AddAll<double>(ctx, [](double a, double b) { return a + b; });
      case DT_INT64:
        return AddAll<int64_t>(ctx, [](int64_t a, int64_t b) {
          return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
        });
      default:
        KERNEL_LOG_ERROR("TplAddBcast: data type %d is not double or int64",
                         static_cast<int>(ctx.Input(0)->GetDataType()));
        return KERNEL_STATUS_PARAM_INVALID;
    }
  }
};

const char* const kTplAddBcast = "TplAddBcast";
REGISTER_CPU_KERNEL(kTplAddBcast, TplAddBcastCpuKernel);

}  // namespace aicpu
