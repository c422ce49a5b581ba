#include "reduce/reduce_family_reference.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "float_codec.h"
#include "opsim/reference/reduce_reference.h"

namespace opsim::ref {
namespace {

// Calls f(input index, output index) for every input element in row-major order: the output
// index is the element's position among the kept dims (keep_dims does not change it).
template <typename F>
void ForEachElement(const Shape& in, std::span<const int64_t> axes, F f) {
  const int rank = in.rank();
  std::vector<bool> reduced(static_cast<size_t>(rank), false);
  for (int64_t a : axes) reduced[static_cast<size_t>(a)] = true;
  std::vector<int64_t> out_stride(static_cast<size_t>(rank), 0);
  int64_t stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    if (reduced[static_cast<size_t>(d)]) continue;
    out_stride[static_cast<size_t>(d)] = stride;
    stride *= in[d];
  }
  const int64_t n = *in.NumElements();
  std::vector<int64_t> pos(static_cast<size_t>(rank), 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t o = 0;
    for (int d = 0; d < rank; ++d)
      o += pos[static_cast<size_t>(d)] * out_stride[static_cast<size_t>(d)];
    f(i, o);
    for (int d = rank - 1; d >= 0; --d) {
      if (++pos[static_cast<size_t>(d)] < in[d]) break;
      pos[static_cast<size_t>(d)] = 0;
    }
  }
}

int64_t OutputCount(const Shape& in, std::span<const int64_t> axes) {
  return *ReducedShape(in, axes, /*keep_dims=*/false).NumElements();
}

// Elements folded into each output (1 when no axis is reduced).
int64_t SliceCount(const Shape& in, std::span<const int64_t> axes) {
  int64_t count = 1;
  for (int64_t a : axes) count *= in[static_cast<int>(a)];
  return count;
}

bool IsIntegerReducer(FamilyReducer r) {
  return r == FamilyReducer::kMean || r == FamilyReducer::kSumSquare || r == FamilyReducer::kL1;
}

Status CheckDType(FamilyReducer r, DType dtype) {
  const bool is_bool = r == FamilyReducer::kAll || r == FamilyReducer::kAny;
  bool ok = false;
  if (is_bool) {
    ok = dtype == DType::kBool;
  } else if (IsFloating(dtype)) {
    ok = true;
  } else if (IsIntegerReducer(r)) {
    ok = dtype == DType::kInt32 || dtype == DType::kInt64 || dtype == DType::kUInt32 ||
         dtype == DType::kUInt64;
  }
  if (ok) return Status::Ok();
  return {ErrorCode::kInvalidTensorDtype,
          "ReduceFamily reference: dtype " + std::string(DTypeName(dtype)) + " is not covered (" +
              (is_bool               ? "bool only"
               : IsIntegerReducer(r) ? "the floats and int32, int64, uint32, uint64"
                                     : "the floats only") +
              ")"};
}

// Neumaier's compensated sum: the reference must be far more accurate than the operation it
// judges, and a plain double sum of 10^5 float64 values is not (its error grows with n, past
// the blocked order's tolerance). Once the sum is not finite, it is IEEE's plain sum.
class CompensatedSum {
 public:
  void Add(double x) {
    const double t = sum_ + x;
    if (std::isfinite(t)) {
      compensation_ += std::fabs(sum_) >= std::fabs(x) ? (sum_ - t) + x : (x - t) + sum_;
    }
    sum_ = t;
  }
  double Value() const { return std::isfinite(sum_) ? sum_ + compensation_ : sum_; }

 private:
  double sum_ = 0.0;
  double compensation_ = 0.0;
};

// The per-output shift of LogSumExp: the slice's max, or 0 when that is not finite.
std::vector<double> Shifts(DType dtype, const Shape& in, std::span<const int64_t> axes,
                           const void* x, int64_t outputs) {
  std::vector<double> max(static_cast<size_t>(outputs), -std::numeric_limits<double>::infinity());
  ForEachElement(in, axes, [&](int64_t i, int64_t o) {
    const double v = internal::LoadFloating(dtype, x, i);
    if (v > max[static_cast<size_t>(o)]) max[static_cast<size_t>(o)] = v;
  });
  for (double& m : max) {
    if (!std::isfinite(m)) m = 0.0;
  }
  return max;
}

void FloatFamily(FamilyReducer r, DType dtype, const Shape& in, std::span<const int64_t> axes,
                 const void* x, void* y) {
  const int64_t outputs = OutputCount(in, axes);
  const int64_t count = SliceCount(in, axes);
  std::vector<double> shift;
  if (r == FamilyReducer::kLogSumExp) shift = Shifts(dtype, in, axes, x, outputs);
  std::vector<CompensatedSum> sum(static_cast<size_t>(outputs));
  ForEachElement(in, axes, [&](int64_t i, int64_t o) {
    const double v = internal::LoadFloating(dtype, x, i);
    double m = v;
    if (r == FamilyReducer::kSumSquare || r == FamilyReducer::kL2) m = v * v;
    if (r == FamilyReducer::kL1) m = std::fabs(v);
    if (r == FamilyReducer::kLogSumExp) m = std::exp(v - shift[static_cast<size_t>(o)]);
    sum[static_cast<size_t>(o)].Add(m);
  });
  for (int64_t o = 0; o < outputs; ++o) {
    const double s = sum[static_cast<size_t>(o)].Value();
    double v = s;
    switch (r) {
      case FamilyReducer::kMean:
        v = count == 0 ? std::numeric_limits<double>::quiet_NaN() : s / static_cast<double>(count);
        break;
      case FamilyReducer::kL2: v = std::sqrt(s); break;
      case FamilyReducer::kLogSum: v = std::log(s); break;
      case FamilyReducer::kLogSumExp: v = std::log(s) + shift[static_cast<size_t>(o)]; break;
      default: break;
    }
    internal::StoreFloating(dtype, v, y, o);
  }
}

template <typename T>
void IntegerFamily(FamilyReducer r, const Shape& in, std::span<const int64_t> axes, const void* x,
                   void* y) {
  // Wrapping arithmetic in the unsigned type of the same width (no signed overflow); 32 bits
  // at least, so no promotion to int can overflow either.
  using U = std::make_unsigned_t<T>;
  static_assert(sizeof(U) >= sizeof(unsigned));
  const int64_t outputs = OutputCount(in, axes);
  const int64_t count = SliceCount(in, axes);
  std::vector<U> acc(static_cast<size_t>(outputs), 0);
  ForEachElement(in, axes, [&](int64_t i, int64_t o) {
    T v;
    std::memcpy(&v, static_cast<const unsigned char*>(x) + i * sizeof(T), sizeof(T));
    U m = static_cast<U>(v);
    if (r == FamilyReducer::kSumSquare) m = m * m;
    if constexpr (std::is_signed_v<T>) {
      if (r == FamilyReducer::kL1 && v < 0) m = static_cast<U>(U{0} - m);
    }
    acc[static_cast<size_t>(o)] += m;
  });
  for (int64_t o = 0; o < outputs; ++o) {
    T v = static_cast<T>(acc[static_cast<size_t>(o)]);  // modulo 2^bits (C++20)
    if (r == FamilyReducer::kMean)
      v = count == 0 ? T{0} : static_cast<T>(v / static_cast<T>(count));
    std::memcpy(static_cast<unsigned char*>(y) + o * sizeof(T), &v, sizeof(T));
  }
}

void BoolFamily(FamilyReducer r, const Shape& in, std::span<const int64_t> axes, const void* x,
                void* y) {
  const int64_t outputs = OutputCount(in, axes);
  auto* out = static_cast<uint8_t*>(y);
  const uint8_t empty = r == FamilyReducer::kAll ? 1 : 0;
  std::memset(out, empty, static_cast<size_t>(outputs));
  const auto* in_bytes = static_cast<const uint8_t*>(x);
  ForEachElement(in, axes, [&](int64_t i, int64_t o) {
    const bool v = in_bytes[i] != 0;
    if (r == FamilyReducer::kAll && !v) out[o] = 0;
    if (r == FamilyReducer::kAny && v) out[o] = 1;
  });
}

Status Check(FamilyReducer r, DType dtype, const Shape& in, std::span<const int64_t> axes,
             const void* x, const void* y) {
  OPSIM_RETURN_IF_ERROR(CheckDType(r, dtype));
  OPSIM_RETURN_IF_ERROR(ValidateAxes(in, axes));
  if ((x == nullptr && *in.NumElements() > 0) || (y == nullptr && OutputCount(in, axes) > 0)) {
    return {ErrorCode::kInvalidParam, "ReduceFamily reference: a data pointer is null"};
  }
  return Status::Ok();
}

}  // namespace

Status ReduceFamily(FamilyReducer r, DType dtype, const Shape& in_shape,
                    std::span<const int64_t> axes, const void* in, void* out) {
  OPSIM_RETURN_IF_ERROR(Check(r, dtype, in_shape, axes, in, out));
  switch (dtype) {
    case DType::kBool: BoolFamily(r, in_shape, axes, in, out); break;
    case DType::kInt32: IntegerFamily<int32_t>(r, in_shape, axes, in, out); break;
    case DType::kInt64: IntegerFamily<int64_t>(r, in_shape, axes, in, out); break;
    case DType::kUInt32: IntegerFamily<uint32_t>(r, in_shape, axes, in, out); break;
    case DType::kUInt64: IntegerFamily<uint64_t>(r, in_shape, axes, in, out); break;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // never reached: CheckDType refuses complex and int4 by name
    default: FloatFamily(r, dtype, in_shape, axes, in, out); break;
  }
  return Status::Ok();
}

Status ReduceFamilyMagnitudes(FamilyReducer r, DType dtype, const Shape& in_shape,
                              std::span<const int64_t> axes, const void* in,
                              std::span<double> out) {
  OPSIM_RETURN_IF_ERROR(Check(r, dtype, in_shape, axes, in, out.data()));
  const int64_t outputs = OutputCount(in_shape, axes);
  if (!IsFloating(dtype) || static_cast<int64_t>(out.size()) != outputs) {
    return {ErrorCode::kInvalidParam,
            "ReduceFamilyMagnitudes: needs a floating dtype and one value per output (" +
                std::to_string(outputs) + "), got " + std::string(DTypeName(dtype)) + " and " +
                std::to_string(out.size())};
  }
  const int64_t count = SliceCount(in_shape, axes);
  std::vector<double> abs_sum(out.size(), 0.0), sum(out.size(), 0.0);
  ForEachElement(in_shape, axes, [&](int64_t i, int64_t o) {
    const double v = internal::LoadFloating(dtype, in, i);
    const double m = r == FamilyReducer::kSumSquare ? v * v : v;
    abs_sum[static_cast<size_t>(o)] += std::fabs(m);
    sum[static_cast<size_t>(o)] += m;
  });
  for (size_t o = 0; o < out.size(); ++o) {
    switch (r) {
      case FamilyReducer::kMean:
        out[o] = count == 0 ? 0.0 : abs_sum[o] / static_cast<double>(count);
        break;
      case FamilyReducer::kL2: out[o] = 0.0; break;
      case FamilyReducer::kLogSum:
        out[o] = sum[o] == 0.0 ? std::numeric_limits<double>::infinity()
                               : abs_sum[o] / std::fabs(sum[o]);
        break;
      case FamilyReducer::kLogSumExp:
        out[o] = 2.0 + std::log2(static_cast<double>(std::max<int64_t>(count, 1)));
        break;
      default: out[o] = abs_sum[o]; break;
    }
  }
  return Status::Ok();
}

}  // namespace opsim::ref
