#include "elementwise/elementwise_reference.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "float_codec.h"

namespace opsim::ref {
namespace {

using internal::LoadFloating;
using internal::StoreFloating;

bool IsFloat(DType t) {
  return t == DType::kFloat32 || t == DType::kFloat16 || t == DType::kBFloat16 ||
         t == DType::kFloat64;
}

template <typename Fn>
bool WithIntType(DType t, Fn&& fn) {
  switch (t) {
    case DType::kInt8: fn(int8_t{}); return true;
    case DType::kUInt8: fn(uint8_t{}); return true;
    case DType::kBool: fn(uint8_t{}); return true;
    case DType::kInt32: fn(int32_t{}); return true;
    case DType::kUInt32: fn(uint32_t{}); return true;
    case DType::kInt64: fn(int64_t{}); return true;
    case DType::kUInt64: fn(uint64_t{}); return true;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // complex and packed int4: refused as the floats' caller refuses them
    default: return false;
  }
}

template <typename T>
T Load(const void* p, int64_t i) {
  T v;
  std::memcpy(&v, static_cast<const uint8_t*>(p) + i * sizeof(T), sizeof(T));
  return v;
}
template <typename T>
void Store(void* p, int64_t i, T v) {
  std::memcpy(static_cast<uint8_t*>(p) + i * sizeof(T), &v, sizeof(T));
}

// The value computed in the precision the dtype computes in, as a double.
double Round(DType t, double v) {
  if (t == DType::kFloat64) return v;
  return static_cast<double>(static_cast<float>(v));
}

Status Unknown(const std::string& op, DType t) {
  return {ErrorCode::kUnsupported,
          "reference: " + op + " is not defined for " + std::string(DTypeName(t))};
}

double FloatUnary(const std::string& op, DType t, double x) {
  const double f = Round(t, x);  // a float32 value for float32 and the 16-bit types
  if (op == "Abs") return std::fabs(f);
  if (op == "Neg") return -f;
  if (op == "Exp") return Round(t, std::exp(f));
  if (op == "Log") return Round(t, std::log(f));
  if (op == "Sqrt") return Round(t, std::sqrt(f));
  return Round(t, 1.0 / f);  // Reciprocal
}

double FloatBinary(const std::string& op, DType t, double a, double b) {
  if (t == DType::kFloat64) {
    if (op == "Add") return a + b;
    if (op == "Sub") return a - b;
    if (op == "Mul") return a * b;
    return a / b;
  }
  const float x = static_cast<float>(a), y = static_cast<float>(b);
  if (op == "Add") return x + y;
  if (op == "Sub") return x - y;
  if (op == "Mul") return x * y;
  return x / y;
}

template <typename T>
Status IntBinary(const std::string& op, T a, T b, T* out) {
  using U = std::make_unsigned_t<T>;
  const U ua = static_cast<U>(a), ub = static_cast<U>(b);
  if (op == "Add") {
    *out = static_cast<T>(static_cast<U>(ua + ub));
  } else if (op == "Sub") {
    *out = static_cast<T>(static_cast<U>(ua - ub));
  } else if (op == "Mul") {
    *out = static_cast<T>(static_cast<U>(ua * ub));
  } else {
    if (b == 0) return {ErrorCode::kInvalidParam, "reference: Div: integer division by zero"};
    if (std::is_signed_v<T> && a == std::numeric_limits<T>::lowest() && b == static_cast<T>(-1)) {
      *out = a;  // wraps
    } else {
      *out = static_cast<T>(a / b);
    }
  }
  return Status::Ok();
}

constexpr double kTwo31 = 2147483648.0;
constexpr double kTwo63 = 9223372036854775808.0;

int64_t Cvtt32(double v) {
  if (std::isnan(v) || v <= -kTwo31 - 1.0 || v >= kTwo31)
    return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(v);
}
int64_t Cvtt64(double v) {
  if (std::isnan(v) || v < -kTwo63 || v >= kTwo63) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(v);
}

template <typename D>
D FloatToInt(double v) {
  if constexpr (std::is_same_v<D, uint64_t>) {
    if (v >= kTwo63) return static_cast<uint64_t>(Cvtt64(v - kTwo63)) ^ (uint64_t{1} << 63);
    return static_cast<uint64_t>(Cvtt64(v));
  } else if constexpr (sizeof(D) < 4 || std::is_same_v<D, int32_t>) {
    return static_cast<D>(static_cast<uint32_t>(static_cast<int32_t>(Cvtt32(v))));
  } else {
    return static_cast<D>(static_cast<uint64_t>(Cvtt64(v)));
  }
}

// An integer element as a double, exactly when it fits 53 bits; for a float destination the
// value is rounded directly to float32 first (one rounding, as static_cast<float> does).
template <typename S>
double IntToFloat(S v, DType to) {
  if (to == DType::kFloat64) return static_cast<double>(v);
  return static_cast<double>(static_cast<float>(v));
}

}  // namespace

Status ElementwiseUnaryReference(const std::string& op, DType dtype, const void* x, void* y,
                                 int64_t n) {
  if (IsFloat(dtype)) {
    for (int64_t i = 0; i < n; ++i) {
      StoreFloating(dtype, FloatUnary(op, dtype, LoadFloating(dtype, x, i)), y, i);
    }
    return Status::Ok();
  }
  if (op != "Abs" && op != "Neg") return Unknown(op, dtype);
  const bool known = WithIntType(dtype, [&](auto type) {
    using T = decltype(type);
    using U = std::make_unsigned_t<T>;
    for (int64_t i = 0; i < n; ++i) {
      const T v = Load<T>(x, i);
      const U neg = static_cast<U>(U{0} - static_cast<U>(v));
      const bool negative = std::is_signed_v<T> && v < T{0};
      const T r = op == "Neg" || negative ? static_cast<T>(neg) : v;
      Store<T>(y, i, r);
    }
  });
  return known ? Status::Ok() : Unknown(op, dtype);
}

Status ElementwiseBinaryReference(const std::string& op, DType dtype,
                                  const std::vector<int64_t>& a_dims, const void* a,
                                  const std::vector<int64_t>& b_dims, const void* b,
                                  std::vector<int64_t>* out_dims, std::vector<uint8_t>* out) {
  const size_t rank = std::max(a_dims.size(), b_dims.size());
  std::vector<int64_t> da(rank, 1), db(rank, 1), od(rank, 1);
  for (size_t k = 0; k < a_dims.size(); ++k) da[rank - a_dims.size() + k] = a_dims[k];
  for (size_t k = 0; k < b_dims.size(); ++k) db[rank - b_dims.size() + k] = b_dims[k];
  int64_t total = 1;
  for (size_t k = 0; k < rank; ++k) {
    if (da[k] != db[k] && da[k] != 1 && db[k] != 1) {
      return {ErrorCode::kInvalidTensorDim, "reference: " + op + ": shapes do not broadcast"};
    }
    od[k] = da[k] == 1 ? db[k] : da[k];
    total *= od[k];
  }
  *out_dims = od;
  out->assign(static_cast<size_t>(total) * DTypeSize(dtype), 0);
  std::vector<int64_t> index(rank, 0);
  for (int64_t i = 0; i < total; ++i) {
    // Flat positions of the element in a and b (a broadcast dim contributes nothing).
    int64_t ia = 0, ib = 0;
    for (size_t k = 0; k < rank; ++k) {
      ia = ia * da[k] + (da[k] == 1 ? 0 : index[k]);
      ib = ib * db[k] + (db[k] == 1 ? 0 : index[k]);
    }
    if (IsFloat(dtype)) {
      StoreFloating(dtype,
                    FloatBinary(op, dtype, LoadFloating(dtype, a, ia), LoadFloating(dtype, b, ib)),
                    out->data(), i);
    } else {
      Status st = Status::Ok();
      const bool known = WithIntType(dtype, [&](auto type) {
        using T = decltype(type);
        T r{};
        st = IntBinary<T>(op, Load<T>(a, ia), Load<T>(b, ib), &r);
        Store<T>(out->data(), i, r);
      });
      if (!known) return Unknown(op, dtype);
      OPSIM_RETURN_IF_ERROR(st);
    }
    for (size_t k = rank; k-- > 0;) {
      if (++index[k] < od[k]) break;
      index[k] = 0;
    }
  }
  return Status::Ok();
}

Status CastReference(DType from, DType to, const void* x, void* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    if (to == DType::kBool) {
      bool nonzero = false;
      if (IsFloat(from)) {
        nonzero = LoadFloating(from, x, i) != 0.0;  // NaN != 0
      } else {
        WithIntType(from, [&](auto type) { nonzero = Load<decltype(type)>(x, i) != 0; });
      }
      Store<uint8_t>(y, i, nonzero ? 1 : 0);
      continue;
    }
    if (IsFloat(from)) {
      const double v = LoadFloating(from, x, i);
      if (IsFloat(to)) {
        StoreFloating(to, to == DType::kFloat64 ? v : Round(DType::kFloat32, v), y, i);
      } else if (!WithIntType(to, [&](auto type) {
                   using D = decltype(type);
                   Store<D>(y, i, FloatToInt<D>(v));
                 })) {
        return Unknown("Cast", to);
      }
      continue;
    }
    bool known = WithIntType(from, [&](auto source) {
      using S = decltype(source);
      const S v = Load<S>(x, i);
      if (IsFloat(to)) {
        StoreFloating(to, IntToFloat(v, to), y, i);
      } else {
        WithIntType(to, [&](auto dest) {
          using D = decltype(dest);
          Store<D>(y, i, static_cast<D>(v));  // modulo 2^bits (C++20)
        });
      }
    });
    if (!known) return Unknown("Cast", from);
  }
  return Status::Ok();
}

}  // namespace opsim::ref
