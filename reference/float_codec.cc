#include "float_codec.h"

#include <Eigen/Core>
#include <bit>
#include <cmath>
#include <cstring>

namespace opsim::ref::internal {
namespace {

template <typename T>
T LoadAt(const void* base, int64_t i) {
  T v;
  std::memcpy(&v, static_cast<const unsigned char*>(base) + i * static_cast<int64_t>(sizeof(T)),
              sizeof(T));
  return v;
}

template <typename T>
void StoreAt(T v, void* base, int64_t i) {
  std::memcpy(static_cast<unsigned char*>(base) + i * static_cast<int64_t>(sizeof(T)), &v,
              sizeof(T));
}

}  // namespace

float RoundToOddFloat(double d) {
  float f = static_cast<float>(d);
  if (!std::isfinite(f) || static_cast<double>(f) == d) return f;
  // f is d rounded to nearest, so d lies between f and its neighbour towards d; of those two
  // exactly one has an odd significand, and round-to-odd picks it.
  if ((std::bit_cast<uint32_t>(f) & 1u) == 0) {
    f = std::nextafter(f, d > static_cast<double>(f) ? INFINITY : -INFINITY);
  }
  return f;
}

double LoadFloating(DType dtype, const void* base, int64_t i) {
  switch (dtype) {
    case DType::kFloat32: return LoadAt<float>(base, i);
    case DType::kFloat64: return LoadAt<double>(base, i);
    case DType::kFloat16:
      return static_cast<float>(Eigen::numext::bit_cast<Eigen::half>(LoadAt<uint16_t>(base, i)));
    case DType::kBFloat16:
      return static_cast<float>(
          Eigen::numext::bit_cast<Eigen::bfloat16>(LoadAt<uint16_t>(base, i)));
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // never reached: only IsFloating dtypes are loaded or stored as floats
    default: return std::nan("");
  }
}

void StoreFloating(DType dtype, double v, void* base, int64_t i) {
  switch (dtype) {
    case DType::kFloat32: StoreAt(static_cast<float>(v), base, i); break;
    case DType::kFloat64: StoreAt(v, base, i); break;
    case DType::kFloat16:
      StoreAt(Eigen::numext::bit_cast<uint16_t>(Eigen::half(RoundToOddFloat(v))), base, i);
      break;
    case DType::kBFloat16:
      StoreAt(Eigen::numext::bit_cast<uint16_t>(Eigen::bfloat16(RoundToOddFloat(v))), base, i);
      break;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // never reached: only IsFloating dtypes are loaded or stored as floats
    default: break;
  }
}

}  // namespace opsim::ref::internal
