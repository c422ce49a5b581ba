// The elementwise family's AI CPU kernels, in CANN's AI CPU kernel API: the element types the
// 910B's vector unit does not compute (double, the 8- and 64-bit integers, uint32, and int32 for
// Abs and Div), which the AI CPU OpDefs (op_host/elementwise/op_def) take. Numerics are the
// operators' (docs/SPEC.md): IEEE double; integers wrap (two's complement), integer Div truncates
// toward zero and refuses a zero divisor.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "cpu_kernel.h"
#include "cpu_types.h"
#include "log.h"

namespace aicpu {
namespace {

// Input k's element offset for each output element, walked in order: numpy broadcasting, the
// dims aligned at the last, a dim of 1 repeating.
class BroadcastWalk {
 public:
  BroadcastWalk(const std::vector<int64_t>& in, const std::vector<int64_t>& out)
      : out_(out), strides_(out.size(), 0), index_(out.size(), 0) {
    int64_t stride = 1;
    for (size_t k = 0; k < in.size(); ++k) {
      const size_t d_in = in.size() - 1 - k;
      const size_t d_out = out.size() - 1 - k;
      strides_[d_out] = in[d_in] == 1 ? 0 : stride;
      stride *= in[d_in];
    }
  }
  int64_t offset() const { return offset_; }
  void Next() {
    for (size_t d = out_.size(); d-- > 0;) {
      offset_ += strides_[d];
      if (++index_[d] < out_[d]) return;
      offset_ -= strides_[d] * out_[d];
      index_[d] = 0;
    }
  }

 private:
  std::vector<int64_t> out_;
  std::vector<int64_t> strides_;
  std::vector<int64_t> index_;
  int64_t offset_ = 0;
};

template <typename T>
bool BinaryOf(const std::string& op, T a, T b, T* out) {
  if constexpr (std::is_floating_point_v<T>) {
    *out = op == "Add" ? a + b : op == "Sub" ? a - b : op == "Mul" ? a * b : a / b;
    return true;
  } else {
    using U = std::make_unsigned_t<T>;
    const U ua = static_cast<U>(a), ub = static_cast<U>(b);
    if (op == "Add") {
      *out = static_cast<T>(static_cast<U>(ua + ub));
    } else if (op == "Sub") {
      *out = static_cast<T>(static_cast<U>(ua - ub));
    } else if (op == "Mul") {
      *out = static_cast<T>(static_cast<U>(ua * ub));
    } else if (b == 0) {
      return false;
    } else if (std::is_signed_v<T> && b == static_cast<T>(-1)) {
      *out = static_cast<T>(static_cast<U>(0) - ua);  // -lowest wraps to lowest
    } else {
      *out = static_cast<T>(a / b);
    }
    return true;
  }
}

template <typename T>
uint32_t ComputeBinary(CpuKernelContext& ctx) {
  Tensor* a = ctx.Input(0);
  Tensor* b = ctx.Input(1);
  Tensor* y = ctx.Output(0);
  const T* pa = static_cast<const T*>(a->GetData());
  const T* pb = static_cast<const T*>(b->GetData());
  T* py = static_cast<T*>(y->GetData());
  const std::vector<int64_t> out = y->GetTensorShape()->GetDimSizes();
  BroadcastWalk wa(a->GetTensorShape()->GetDimSizes(), out);
  BroadcastWalk wb(b->GetTensorShape()->GetDimSizes(), out);
  const std::string op = ctx.GetOpType();
  const int64_t n = y->NumElements();
  for (int64_t i = 0; i < n; ++i, wa.Next(), wb.Next()) {
    if (!BinaryOf(op, pa[wa.offset()], pb[wb.offset()], &py[i])) {
      KERNEL_LOG_ERROR("Div: integer division by zero (element %lld of B is 0)",
                       static_cast<long long>(wb.offset()));
      return KERNEL_STATUS_PARAM_INVALID;
    }
  }
  return KERNEL_STATUS_OK;
}

template <typename T>
T UnaryOf(const std::string& op, T x) {
  if constexpr (std::is_floating_point_v<T>) {
    if (op == "Abs") return std::fabs(x);
    if (op == "Neg") return -x;
    if (op == "Exp") return std::exp(x);
    if (op == "Log") return std::log(x);
    if (op == "Sqrt") return std::sqrt(x);
    return 1 / x;  // Reciprocal
  } else {
    using U = std::make_unsigned_t<T>;
    const U negated = static_cast<U>(static_cast<U>(0) - static_cast<U>(x));
    if (op == "Neg" || (std::is_signed_v<T> && x < 0)) return static_cast<T>(negated);
    return x;  // Abs of a non-negative value
  }
}

template <typename T>
uint32_t ComputeUnary(CpuKernelContext& ctx) {
  const T* px = static_cast<const T*>(ctx.Input(0)->GetData());
  T* py = static_cast<T*>(ctx.Output(0)->GetData());
  const std::string op = ctx.GetOpType();
  const int64_t n = ctx.Output(0)->NumElements();
  for (int64_t i = 0; i < n; ++i) py[i] = UnaryOf(op, px[i]);
  return KERNEL_STATUS_OK;
}

template <template <typename> class Compute>
uint32_t ByDataType(CpuKernelContext& ctx, DataType type) {
  switch (type) {
    case DT_DOUBLE: return Compute<double>::Run(ctx);
    case DT_INT8: return Compute<int8_t>::Run(ctx);
    case DT_UINT8: return Compute<uint8_t>::Run(ctx);
    case DT_INT32: return Compute<int32_t>::Run(ctx);
    case DT_UINT32: return Compute<uint32_t>::Run(ctx);
    case DT_INT64: return Compute<int64_t>::Run(ctx);
    case DT_UINT64: return Compute<uint64_t>::Run(ctx);
    default: break;
  }
  KERNEL_LOG_ERROR("%s: data type %d is not one its AI CPU kernel takes", ctx.GetOpType().c_str(),
                   static_cast<int>(type));
  return KERNEL_STATUS_PARAM_INVALID;
}

template <typename T>
struct BinaryRun {
  static uint32_t Run(CpuKernelContext& ctx) { return ComputeBinary<T>(ctx); }
};
template <typename T>
struct UnaryRun {
  static uint32_t Run(CpuKernelContext& ctx) { return ComputeUnary<T>(ctx); }
};

// The tensors a kernel of `inputs` inputs needs, all of one type.
bool HasTensors(CpuKernelContext& ctx, uint32_t inputs) {
  if (ctx.GetInputsSize() != inputs || ctx.GetOutputsSize() != 1 || ctx.Output(0) == nullptr) {
    KERNEL_LOG_ERROR("%s: takes %u inputs and 1 output, given %u and %u", ctx.GetOpType().c_str(),
                     inputs, ctx.GetInputsSize(), ctx.GetOutputsSize());
    return false;
  }
  for (uint32_t k = 0; k < inputs; ++k) {
    if (ctx.Input(k) == nullptr || ctx.Input(k)->GetDataType() != ctx.Output(0)->GetDataType()) {
      KERNEL_LOG_ERROR("%s: input %u is missing or not of the output's type",
                       ctx.GetOpType().c_str(), k);
      return false;
    }
  }
  return true;
}

}  // namespace

class ElementwiseBinaryCpuKernel : public CpuKernel {
 public:
  uint32_t Compute(CpuKernelContext& ctx) override {
    if (!HasTensors(ctx, 2)) return KERNEL_STATUS_PARAM_INVALID;
    return ByDataType<BinaryRun>(ctx, ctx.Output(0)->GetDataType());
  }
};

class ElementwiseUnaryCpuKernel : public CpuKernel {
 public:
  uint32_t Compute(CpuKernelContext& ctx) override {
    if (!HasTensors(ctx, 1)) return KERNEL_STATUS_PARAM_INVALID;
    return ByDataType<UnaryRun>(ctx, ctx.Output(0)->GetDataType());
  }
};

const char* const kAdd = "Add";
const char* const kSub = "Sub";
const char* const kMul = "Mul";
const char* const kDiv = "Div";
const char* const kAbs = "Abs";
const char* const kNeg = "Neg";
const char* const kExp = "Exp";
const char* const kLog = "Log";
const char* const kSqrt = "Sqrt";
const char* const kReciprocal = "Reciprocal";
REGISTER_CPU_KERNEL(kAdd, ElementwiseBinaryCpuKernel);
REGISTER_CPU_KERNEL(kSub, ElementwiseBinaryCpuKernel);
REGISTER_CPU_KERNEL(kMul, ElementwiseBinaryCpuKernel);
REGISTER_CPU_KERNEL(kDiv, ElementwiseBinaryCpuKernel);
REGISTER_CPU_KERNEL(kAbs, ElementwiseUnaryCpuKernel);
REGISTER_CPU_KERNEL(kNeg, ElementwiseUnaryCpuKernel);
REGISTER_CPU_KERNEL(kExp, ElementwiseUnaryCpuKernel);
REGISTER_CPU_KERNEL(kLog, ElementwiseUnaryCpuKernel);
REGISTER_CPU_KERNEL(kSqrt, ElementwiseUnaryCpuKernel);
REGISTER_CPU_KERNEL(kReciprocal, ElementwiseUnaryCpuKernel);

}  // namespace aicpu
