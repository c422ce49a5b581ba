// Cast and CastLike's AI CPU kernel, in CANN's AI CPU kernel API: the pairs the AI Core's Cast
// kernel does not compute (op_kernel/elementwise/cast_routes.h: double, uint32, uint64 and the
// 64-bit and byte pairs outside the 910B's Cast row), which the AI CPU OpDefs take. Numerics are
// the operators' (docs/SPEC.md; ONNX Runtime's CPU Cast on x86-64): to bool, x != 0 (NaN true);
// an integer to an integer wraps; to float16/bfloat16 from an integer or double through float32,
// rounding to nearest even; a float to an integer truncates, and NaN, inf and values whose
// truncation does not fit give x86-64's "integer indefinite" (cvttss2si/cvttsd2si) of 32 bits
// (int8, uint8, int32) or 64 bits (uint32, int64), wrapped to the width; uint64 converts v - 2^63
// when v >= 2^63.
#include <Eigen/Core>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "cpu_kernel.h"
#include "cpu_types.h"
#include "log.h"

namespace aicpu {
namespace {

constexpr double kCastTwo31 = 2147483648.0;
constexpr double kCastTwo63 = 9223372036854775808.0;

int64_t CastCvtt32(double v) {
  if (std::isnan(v) || v <= -kCastTwo31 - 1.0 || v >= kCastTwo31) return INT32_MIN;
  return static_cast<int32_t>(v);
}
int64_t CastCvtt64(double v) {
  if (std::isnan(v) || v < -kCastTwo63 || v >= kCastTwo63) return INT64_MIN;
  return static_cast<int64_t>(v);
}

// One element as the kernel holds it between load and store: a float type's value as a double,
// an integer's as int64 (two's complement bits for uint64).
struct CastValue {
  bool is_float = false;
  double f = 0;
  int64_t i = 0;
};

template <typename T>
T CastLoadAs(const void* base, int64_t k) {
  T v;
  std::memcpy(&v, static_cast<const char*>(base) + k * static_cast<int64_t>(sizeof(T)), sizeof(T));
  return v;
}

template <typename T>
void CastStoreAs(void* base, int64_t k, T v) {
  std::memcpy(static_cast<char*>(base) + k * static_cast<int64_t>(sizeof(T)), &v, sizeof(T));
}

bool CastLoad(DataType type, const void* x, int64_t k, CastValue* v) {
  v->is_float = type == DT_FLOAT || type == DT_FLOAT16 || type == DT_BFLOAT16 || type == DT_DOUBLE;
  switch (type) {
    case DT_FLOAT: v->f = CastLoadAs<float>(x, k); return true;
    case DT_DOUBLE: v->f = CastLoadAs<double>(x, k); return true;
    case DT_FLOAT16: v->f = static_cast<float>(CastLoadAs<Eigen::half>(x, k)); return true;
    case DT_BFLOAT16: v->f = static_cast<float>(CastLoadAs<Eigen::bfloat16>(x, k)); return true;
    case DT_INT8: v->i = CastLoadAs<int8_t>(x, k); return true;
    case DT_UINT8:
    case DT_BOOL: v->i = CastLoadAs<uint8_t>(x, k); return true;
    case DT_INT32: v->i = CastLoadAs<int32_t>(x, k); return true;
    case DT_UINT32: v->i = CastLoadAs<uint32_t>(x, k); return true;
    case DT_INT64: v->i = CastLoadAs<int64_t>(x, k); return true;
    case DT_UINT64: v->i = static_cast<int64_t>(CastLoadAs<uint64_t>(x, k)); return true;
    default: return false;
  }
}

// The value as float32 (one rounding to nearest even), which the 16-bit types round from.
float CastToFloat(const CastValue& v, DataType from) {
  if (v.is_float) return static_cast<float>(v.f);
  if (from == DT_UINT64) return static_cast<float>(static_cast<uint64_t>(v.i));
  return static_cast<float>(v.i);
}

double CastToDouble(const CastValue& v, DataType from) {
  if (v.is_float) return v.f;
  if (from == DT_UINT64) return static_cast<double>(static_cast<uint64_t>(v.i));
  return static_cast<double>(v.i);
}

// The destination's bits as a 64-bit integer: x86-64's conversion of a float, else the source's
// bits (an integer to a narrower one keeps the low bits).
uint64_t CastIntegerBits(const CastValue& v, DataType to) {
  if (!v.is_float) return static_cast<uint64_t>(v.i);
  if (to == DT_UINT64) {
    if (v.f >= kCastTwo63)
      return static_cast<uint64_t>(CastCvtt64(v.f - kCastTwo63)) ^ (1ull << 63);
    return static_cast<uint64_t>(CastCvtt64(v.f));
  }
  if (to == DT_INT8 || to == DT_UINT8 || to == DT_INT32) {
    return static_cast<uint32_t>(static_cast<int32_t>(CastCvtt32(v.f)));
  }
  return static_cast<uint64_t>(CastCvtt64(v.f));
}

bool CastStore(DataType from, DataType to, const CastValue& v, void* y, int64_t k) {
  switch (to) {
    case DT_BOOL:
      CastStoreAs<uint8_t>(y, k, v.is_float ? (v.f != 0.0 ? 1 : 0) : (v.i != 0 ? 1 : 0));
      return true;
    case DT_DOUBLE: CastStoreAs<double>(y, k, CastToDouble(v, from)); return true;
    case DT_FLOAT: CastStoreAs<float>(y, k, CastToFloat(v, from)); return true;
    case DT_FLOAT16: CastStoreAs<Eigen::half>(y, k, Eigen::half(CastToFloat(v, from))); return true;
    case DT_BFLOAT16:
      CastStoreAs<Eigen::bfloat16>(y, k, Eigen::bfloat16(CastToFloat(v, from)));
      return true;
    default: break;
  }
  const uint64_t bits = CastIntegerBits(v, to);
  switch (to) {
    case DT_INT8: CastStoreAs<int8_t>(y, k, static_cast<int8_t>(bits)); return true;
    case DT_UINT8: CastStoreAs<uint8_t>(y, k, static_cast<uint8_t>(bits)); return true;
    case DT_INT32: CastStoreAs<int32_t>(y, k, static_cast<int32_t>(bits)); return true;
    case DT_UINT32: CastStoreAs<uint32_t>(y, k, static_cast<uint32_t>(bits)); return true;
    case DT_INT64: CastStoreAs<int64_t>(y, k, static_cast<int64_t>(bits)); return true;
    case DT_UINT64: CastStoreAs<uint64_t>(y, k, bits); return true;
    default: return false;
  }
}

}  // namespace

// Cast (attribute `to`, which InferDataType turned into the output's type) and CastLike (its
// second input gives the type): both convert input 0 to the output's type.
class ElementwiseCastCpuKernel : public CpuKernel {
 public:
  uint32_t Compute(CpuKernelContext& ctx) override {
    const uint32_t inputs = ctx.GetOpType() == "CastLike" ? 2 : 1;
    Tensor* x = ctx.Input(0);
    Tensor* y = ctx.Output(0);
    if (ctx.GetInputsSize() != inputs || ctx.GetOutputsSize() != 1 || x == nullptr ||
        y == nullptr) {
      KERNEL_LOG_ERROR("%s: takes %u inputs and 1 output, given %u and %u", ctx.GetOpType().c_str(),
                       inputs, ctx.GetInputsSize(), ctx.GetOutputsSize());
      return KERNEL_STATUS_PARAM_INVALID;
    }
    const int64_t n = y->NumElements();
    if (x->NumElements() != n) {
      KERNEL_LOG_ERROR("%s: the input has %lld elements and the output %lld",
                       ctx.GetOpType().c_str(), static_cast<long long>(x->NumElements()),
                       static_cast<long long>(n));
      return KERNEL_STATUS_PARAM_INVALID;
    }
    const DataType from = x->GetDataType();
    const DataType to = y->GetDataType();
    CastValue v;
    for (int64_t k = 0; k < n; ++k) {
      if (!CastLoad(from, x->GetData(), k, &v) || !CastStore(from, to, v, y->GetData(), k)) {
        KERNEL_LOG_ERROR("%s: data type %d -> %d is not a pair its AI CPU kernel takes",
                         ctx.GetOpType().c_str(), static_cast<int>(from), static_cast<int>(to));
        return KERNEL_STATUS_PARAM_INVALID;
      }
    }
    return KERNEL_STATUS_OK;
  }
};

const char* const kCast = "Cast";
const char* const kCastLike = "CastLike";
REGISTER_CPU_KERNEL(kCast, ElementwiseCastCpuKernel);
REGISTER_CPU_KERNEL(kCastLike, ElementwiseCastCpuKernel);

}  // namespace aicpu
