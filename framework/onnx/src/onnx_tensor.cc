#include "onnx_tensor.h"

#include <cstring>
#include <limits>
#include <string>
#include <utility>

#include "opsim/core/shape.h"

namespace opsim {
namespace {

using Proto = onnx::TensorProto;

struct TypeRow {
  int32_t onnx;
  const char* name;
  std::optional<DType> dtype;
};

constexpr TypeRow kTypes[] = {
    {Proto::UNDEFINED, "UNDEFINED", std::nullopt},
    {Proto::FLOAT, "FLOAT", DType::kFloat32},
    {Proto::UINT8, "UINT8", DType::kUInt8},
    {Proto::INT8, "INT8", DType::kInt8},
    {Proto::UINT16, "UINT16", std::nullopt},
    {Proto::INT16, "INT16", std::nullopt},
    {Proto::INT32, "INT32", DType::kInt32},
    {Proto::INT64, "INT64", DType::kInt64},
    {Proto::STRING, "STRING", std::nullopt},
    {Proto::BOOL, "BOOL", DType::kBool},
    {Proto::FLOAT16, "FLOAT16", DType::kFloat16},
    {Proto::DOUBLE, "DOUBLE", DType::kFloat64},
    {Proto::UINT32, "UINT32", DType::kUInt32},
    {Proto::UINT64, "UINT64", DType::kUInt64},
    {Proto::COMPLEX64, "COMPLEX64", std::nullopt},
    {Proto::COMPLEX128, "COMPLEX128", std::nullopt},
    {Proto::BFLOAT16, "BFLOAT16", DType::kBFloat16},
};

// The typed fields of a TensorProto, and which one ONNX packs each dtype in.
enum class Field { kFloat, kInt32, kString, kInt64, kDouble, kUInt64 };

const char* FieldName(Field f) {
  switch (f) {
    case Field::kFloat: return "float_data";
    case Field::kInt32: return "int32_data";
    case Field::kString: return "string_data";
    case Field::kInt64: return "int64_data";
    case Field::kDouble: return "double_data";
    case Field::kUInt64: return "uint64_data";
  }
  return "?";
}

Field FieldOf(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: return Field::kFloat;
    case DType::kFloat64: return Field::kDouble;
    case DType::kInt64: return Field::kInt64;
    case DType::kUInt32:
    case DType::kUInt64: return Field::kUInt64;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // never reached: ONNX import maps no ONNX type to complex or int4
                             // (refused by name there)
    default: return Field::kInt32;  // int32, int8, uint8, bool, float16/bfloat16 bits
  }
}

int FieldSize(const Proto& p, Field f) {
  switch (f) {
    case Field::kFloat: return p.float_data_size();
    case Field::kInt32: return p.int32_data_size();
    case Field::kString: return p.string_data_size();
    case Field::kInt64: return p.int64_data_size();
    case Field::kDouble: return p.double_data_size();
    case Field::kUInt64: return p.uint64_data_size();
  }
  return 0;
}

constexpr Field kFields[] = {Field::kFloat, Field::kInt32,  Field::kString,
                             Field::kInt64, Field::kDouble, Field::kUInt64};

template <typename T>
void Store(std::vector<uint8_t>* data, size_t i, T value) {
  std::memcpy(data->data() + i * sizeof(T), &value, sizeof(T));
}

// int32_data holds int32, int8, uint8, bool and the 16 bits of float16/bfloat16: each value
// must fit the dtype it stands for.
Status UnpackInt32(const Proto& p, DType dtype, std::string_view what, std::vector<uint8_t>* out) {
  int64_t lo = std::numeric_limits<int32_t>::min();
  int64_t hi = std::numeric_limits<int32_t>::max();
  switch (dtype) {
    case DType::kInt8: lo = -128, hi = 127; break;
    case DType::kUInt8: lo = 0, hi = 255; break;
    case DType::kBool: lo = 0, hi = 1; break;
    case DType::kFloat16:
    case DType::kBFloat16: lo = 0, hi = 0xffff; break;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // never reached: ONNX import maps no ONNX type to complex or int4
                             // (refused by name there)
    default: break;
  }
  for (int i = 0; i < p.int32_data_size(); ++i) {
    const int64_t v = p.int32_data(i);
    if (v < lo || v > hi) {
      return {ErrorCode::kIoError,
              std::string(what) + ": int32_data[" + std::to_string(i) + "] = " + std::to_string(v) +
                  " does not fit " + std::string(DTypeName(dtype)) + " (expected " +
                  std::to_string(lo) + " <= value <= " + std::to_string(hi) + ")"};
    }
    const auto k = static_cast<size_t>(i);
    switch (dtype) {
      case DType::kInt8: Store(out, k, static_cast<int8_t>(v)); break;
      case DType::kUInt8:
      case DType::kBool: Store(out, k, static_cast<uint8_t>(v)); break;
      case DType::kFloat16:
      case DType::kBFloat16: Store(out, k, static_cast<uint16_t>(v)); break;
      case DType::kInt4:
      case DType::kComplex64:
      case DType::kComplex32:  // never reached: ONNX import maps no ONNX type to complex or int4
                               // (refused by name there)
      default: Store(out, k, static_cast<int32_t>(v)); break;
    }
  }
  return Status::Ok();
}

Status UnpackTyped(const Proto& p, DType dtype, std::string_view what, std::vector<uint8_t>* out) {
  switch (FieldOf(dtype)) {
    case Field::kFloat:
      for (int i = 0; i < p.float_data_size(); ++i) Store(out, i, p.float_data(i));
      return Status::Ok();
    case Field::kDouble:
      for (int i = 0; i < p.double_data_size(); ++i) Store(out, i, p.double_data(i));
      return Status::Ok();
    case Field::kInt64:
      for (int i = 0; i < p.int64_data_size(); ++i) Store(out, i, p.int64_data(i));
      return Status::Ok();
    case Field::kUInt64:
      for (int i = 0; i < p.uint64_data_size(); ++i) {
        const uint64_t v = p.uint64_data(i);
        if (dtype == DType::kUInt64) {
          Store(out, i, v);
        } else if (v > std::numeric_limits<uint32_t>::max()) {
          return {ErrorCode::kIoError, std::string(what) + ": uint64_data[" + std::to_string(i) +
                                           "] = " + std::to_string(v) +
                                           " does not fit uint32 (expected value <= 4294967295)"};
        } else {
          Store(out, i, static_cast<uint32_t>(v));
        }
      }
      return Status::Ok();
    case Field::kInt32: return UnpackInt32(p, dtype, what, out);
    case Field::kString: break;
  }
  return {ErrorCode::kInternalError, std::string(what) + ": no typed field for the dtype"};
}

}  // namespace

std::optional<DType> DTypeFromOnnx(int32_t onnx_type) {
  for (const TypeRow& row : kTypes) {
    if (row.onnx == onnx_type) return row.dtype;
  }
  return std::nullopt;
}

std::string OnnxTypeName(int32_t onnx_type) {
  for (const TypeRow& row : kTypes) {
    if (row.onnx == onnx_type) return row.name;
  }
  return "DataType(" + std::to_string(onnx_type) + ")";
}

namespace onnx_import {

namespace {

// The tensor's values from its one payload, raw_data or the typed field its dtype uses, sized
// for `count` elements (t->dims already read).
Status ReadPayload(const Proto& p, DType dtype, int64_t count, std::string_view what,
                   OnnxTensor* t_out) {
  const std::string w(what);
  const auto size = static_cast<int64_t>(DTypeSize(dtype));
  OnnxTensor& t = *t_out;
  const std::string shape_text = std::string(DTypeName(dtype)) + " " + DimsToString(t.dims);
  const Field want = FieldOf(dtype);
  int typed_fields = 0;
  for (Field f : kFields) {
    if (FieldSize(p, f) == 0) continue;
    ++typed_fields;
    if (f != want) {
      return {ErrorCode::kIoError,
              w + ": holds " + FieldName(f) + ", which a " + std::string(DTypeName(dtype)) +
                  " tensor does not use (expected " + FieldName(want) + " or raw_data)"};
    }
  }
  if (p.has_raw_data() && typed_fields > 0) {
    return {ErrorCode::kIoError,
            w + ": holds both raw_data and " + FieldName(want) + " (expected one payload)"};
  }
  const auto bytes = static_cast<uint64_t>(count * size);
  if (p.has_raw_data()) {
    if (p.raw_data().size() != bytes) {
      return {ErrorCode::kInvalidTensorSize,
              w + ": raw_data holds " + std::to_string(p.raw_data().size()) + " bytes but " +
                  shape_text + " needs " + std::to_string(bytes)};
    }
    t.data.assign(p.raw_data().begin(), p.raw_data().end());
    if (dtype == DType::kBool) {
      for (size_t i = 0; i < t.data.size(); ++i) {
        if (t.data[i] > 1) {
          return {ErrorCode::kIoError, w + ": raw_data[" + std::to_string(i) +
                                           "] = " + std::to_string(t.data[i]) +
                                           " is not a bool (expected 0 or 1)"};
        }
      }
    }
  } else {
    const int n = FieldSize(p, want);
    if (n != count) {
      return {ErrorCode::kInvalidTensorSize, w + ": " + FieldName(want) + " holds " +
                                                 std::to_string(n) + " values but " + shape_text +
                                                 " needs " + std::to_string(count)};
    }
    t.data.assign(bytes, 0);
    OPSIM_RETURN_IF_ERROR(UnpackTyped(p, dtype, what, &t.data));
  }
  return Status::Ok();
}

}  // namespace

Status TensorFromProto(const Proto& p, std::string_view what, OnnxTensor* out) {
  const std::string w(what);
  const std::optional<DType> dtype = DTypeFromOnnx(p.data_type());
  if (!dtype) {
    return {ErrorCode::kUnsupported,
            w + ": data_type = " + std::to_string(p.data_type()) + " (" +
                OnnxTypeName(p.data_type()) +
                ") is not supported (supported: FLOAT, FLOAT16, BFLOAT16, DOUBLE, INT8, UINT8, "
                "INT32, UINT32, INT64, UINT64, BOOL)"};
  }
  if (p.data_location() == Proto::EXTERNAL || p.external_data_size() > 0) {
    return {ErrorCode::kUnsupported, w + ": external data is not supported (embed the payload)"};
  }
  if (p.has_segment()) {
    return {ErrorCode::kUnsupported, w + ": segmented tensors are not supported"};
  }
  if (p.dims_size() > kMaxRank) {
    return {ErrorCode::kInvalidTensorDimNum, w + ": rank = " + std::to_string(p.dims_size()) +
                                                 " exceeds the maximum of " +
                                                 std::to_string(kMaxRank)};
  }
  OnnxTensor t;
  t.name = p.name();
  t.dtype = *dtype;
  const auto size = static_cast<int64_t>(DTypeSize(*dtype));
  int64_t count = 1;
  for (int i = 0; i < p.dims_size(); ++i) {
    const int64_t d = p.dims(i);
    if (d < 0) {
      return {ErrorCode::kInvalidTensorDim,
              w + ": dims[" + std::to_string(i) + "] = " + std::to_string(d) + " is negative"};
    }
    if (d > 0 && count > std::numeric_limits<int64_t>::max() / size / d) {
      return {ErrorCode::kInvalidTensorDim,
              w + ": dims " + DimsToString(std::vector<int64_t>(p.dims().begin(), p.dims().end())) +
                  " of " + std::string(DTypeName(*dtype)) +
                  " need more bytes than an int64 counts"};
    }
    count *= d;
    t.dims.push_back(d);
  }
  OPSIM_RETURN_IF_ERROR(ReadPayload(p, *dtype, count, what, &t));
  *out = std::move(t);
  return Status::Ok();
}

}  // namespace onnx_import
}  // namespace opsim
