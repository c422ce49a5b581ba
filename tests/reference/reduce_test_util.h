// Helpers for the reference tests: typed buffers built from doubles and read back as doubles.
// 16-bit floats are encoded with opsim_core's Half/BFloat16 while the reference decodes them
// with Eigen's, so every f16/bf16 test also cross-checks the two conversions.
#pragma once

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <span>
#include <vector>

#include "opsim/core/dtype.h"
#include "opsim/core/float16.h"
#include "opsim/core/shape.h"
#include "opsim/reference/reduce_reference.h"

namespace opsim::ref::testing {

// A byte buffer holding `count` elements of `dtype`.
struct Buffer {
  DType dtype = DType::kFloat32;
  std::vector<unsigned char> bytes;

  int64_t size() const { return static_cast<int64_t>(bytes.size() / DTypeSize(dtype)); }
  void* data() { return bytes.data(); }
  const void* data() const { return bytes.data(); }

  template <typename T>
  T As(int64_t i) const {
    T v;
    std::memcpy(&v, bytes.data() + i * static_cast<int64_t>(sizeof(T)), sizeof(T));
    return v;
  }
  template <typename T>
  void Set(int64_t i, T v) {
    std::memcpy(bytes.data() + i * static_cast<int64_t>(sizeof(T)), &v, sizeof(T));
  }

  // Element i as a double (exact for every dtype except 64-bit integers beyond 2^53).
  double Value(int64_t i) const {
    switch (dtype) {
      case DType::kFloat32: return As<float>(i);
      case DType::kFloat64: return As<double>(i);
      case DType::kFloat16: return HalfBitsToFloat(As<uint16_t>(i));
      case DType::kBFloat16: return BFloat16BitsToFloat(As<uint16_t>(i));
      case DType::kInt8: return As<int8_t>(i);
      case DType::kUInt8: return As<uint8_t>(i);
      case DType::kInt32: return As<int32_t>(i);
      case DType::kUInt32: return As<uint32_t>(i);
      case DType::kInt64: return static_cast<double>(As<int64_t>(i));
      case DType::kUInt64: return static_cast<double>(As<uint64_t>(i));
      case DType::kInt4:
      case DType::kComplex64:
      case DType::kComplex32:  // no test of these helpers passes a complex or int4 dtype
      default: return 0;
    }
  }

  // Stores v converted to dtype (16-bit floats rounded to nearest even by opsim_core).
  void SetValue(int64_t i, double v) {
    switch (dtype) {
      case DType::kFloat32: return Set(i, static_cast<float>(v));
      case DType::kFloat64: return Set(i, v);
      case DType::kFloat16: return Set(i, FloatToHalfBits(static_cast<float>(v)));
      case DType::kBFloat16: return Set(i, FloatToBFloat16Bits(static_cast<float>(v)));
      case DType::kInt8: return Set(i, static_cast<int8_t>(v));
      case DType::kUInt8: return Set(i, static_cast<uint8_t>(v));
      case DType::kInt32: return Set(i, static_cast<int32_t>(v));
      case DType::kUInt32: return Set(i, static_cast<uint32_t>(v));
      case DType::kInt64: return Set(i, static_cast<int64_t>(v));
      case DType::kUInt64: return Set(i, static_cast<uint64_t>(v));
      case DType::kInt4:
      case DType::kComplex64:
      case DType::kComplex32:  // no test of these helpers passes a complex or int4 dtype
      default: return;
    }
  }

  std::vector<double> Values() const {
    std::vector<double> out;
    for (int64_t i = 0; i < size(); ++i) out.push_back(Value(i));
    return out;
  }
};

inline Buffer MakeBuffer(DType dtype, int64_t count, unsigned char fill = 0) {
  return Buffer{dtype,
                std::vector<unsigned char>(static_cast<size_t>(count) * DTypeSize(dtype), fill)};
}

inline Buffer FromValues(DType dtype, std::span<const double> values) {
  Buffer b = MakeBuffer(dtype, static_cast<int64_t>(values.size()));
  for (size_t i = 0; i < values.size(); ++i) b.SetValue(static_cast<int64_t>(i), values[i]);
  return b;
}

inline Buffer FromValues(DType dtype, std::initializer_list<double> values) {
  return FromValues(dtype, std::span<const double>(values.begin(), values.size()));
}

template <typename T>
Buffer FromTyped(DType dtype, std::initializer_list<T> values) {
  Buffer b = MakeBuffer(dtype, static_cast<int64_t>(values.size()));
  int64_t i = 0;
  for (T v : values) b.Set(i++, v);
  return b;
}

// Runs the reference into a fresh output buffer sized for the reduced shape.
struct RunResult {
  Status status;
  Shape shape;
  Buffer out;
};

inline RunResult RunReduce(Reducer r, const Buffer& in, const Shape& shape,
                           std::vector<int64_t> axes, bool keep_dims = false) {
  RunResult result;
  result.shape = ReducedShape(shape, axes, keep_dims);
  const std::optional<int64_t> n = result.shape.NumElements();
  result.out = MakeBuffer(in.dtype, n ? *n : 0);
  result.status = Reduce(r, in.dtype, shape, axes, keep_dims, in.data(), result.out.data());
  return result;
}

}  // namespace opsim::ref::testing
