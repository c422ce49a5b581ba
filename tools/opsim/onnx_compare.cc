#include "onnx_compare.h"

#include <cmath>
#include <cstring>
#include <sstream>

#include "opsim/core/float16.h"
#include "opsim/core/shape.h"

namespace opsim::cli {
namespace {

template <typename T>
T Load(const OnnxTensor& t, size_t i) {
  T v;
  std::memcpy(&v, t.data.data() + i * sizeof(T), sizeof(T));
  return v;
}

double FloatAt(const OnnxTensor& t, size_t i) {
  switch (t.dtype) {
    case DType::kFloat32: return Load<float>(t, i);
    case DType::kFloat64: return Load<double>(t, i);
    case DType::kFloat16: return HalfBitsToFloat(Load<uint16_t>(t, i));
    case DType::kBFloat16: return BFloat16BitsToFloat(Load<uint16_t>(t, i));
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // never reached: ONNX tensors have no complex or int4 dtype
    default: return 0;
  }
}

// Integers and bool as text, for the message; the comparison itself is on the bytes.
std::string IntText(const OnnxTensor& t, size_t i) {
  switch (t.dtype) {
    case DType::kInt8: return std::to_string(Load<int8_t>(t, i));
    case DType::kUInt8: return std::to_string(Load<uint8_t>(t, i));
    case DType::kBool: return Load<uint8_t>(t, i) ? "true" : "false";
    case DType::kInt32: return std::to_string(Load<int32_t>(t, i));
    case DType::kUInt32: return std::to_string(Load<uint32_t>(t, i));
    case DType::kInt64: return std::to_string(Load<int64_t>(t, i));
    case DType::kUInt64: return std::to_string(Load<uint64_t>(t, i));
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // never reached: ONNX tensors have no complex or int4 dtype
    default: return "?";
  }
}

std::string FloatText(double v) {
  std::ostringstream s;
  s.precision(9);
  s << v;
  return s.str();
}

}  // namespace

std::string CompareOnnxOutput(const OnnxTensor& got, const OnnxTensor& want, double rtol,
                              double atol) {
  if (got.dtype != want.dtype) {
    return "dtype " + std::string(DTypeName(got.dtype)) + ", expected " +
           std::string(DTypeName(want.dtype));
  }
  if (got.dims != want.dims)
    return "shape " + DimsToString(got.dims) + ", expected " + DimsToString(want.dims);
  const size_t size = DTypeSize(got.dtype);
  if (got.data.size() != want.data.size()) {
    return "holds " + std::to_string(got.data.size()) + " bytes, expected " +
           std::to_string(want.data.size());
  }
  const size_t count = size == 0 ? 0 : got.data.size() / size;
  for (size_t i = 0; i < count; ++i) {
    if (IsFloating(got.dtype)) {
      const double g = FloatAt(got, i);
      const double w = FloatAt(want, i);
      const bool close = (std::isnan(g) && std::isnan(w)) || g == w ||
                         std::fabs(g - w) <= atol + rtol * std::fabs(w);
      if (!close) {
        return "element " + std::to_string(i) + ": got " + FloatText(g) + ", expected " +
               FloatText(w);
      }
    } else if (std::memcmp(got.data.data() + i * size, want.data.data() + i * size, size) != 0) {
      return "element " + std::to_string(i) + ": got " + IntText(got, i) + ", expected " +
             IntText(want, i);
    }
  }
  return "";
}

}  // namespace opsim::cli
