// CANN's accessors of the aclnn handles (opdev/common_types.h) over opsim's fields.
#include <cstring>
#include <limits>
#include <string>

#include "aclnn_objects.h"
#include "opdev/shape_utils.h"
#include "opsim/core/float16.h"

namespace {

// Row-major strides over `dims`, in elements.
std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (size_t i = dims.size(); i > 1; --i) {
    strides[i - 2] = strides[i - 1] * (dims[i - 1] > 0 ? dims[i - 1] : 1);
  }
  return strides;
}

template <typename T>
T Bits(const aclScalar& s) {
  T v;
  std::memcpy(&v, s.bits, sizeof(T));
  return v;
}

}  // namespace

ge::AscendString op::ToString(DataType dataType) { return ge::DataTypeName(dataType); }

const op::Shape& aclTensor::GetViewShape() const {
  op::ToShape(view_dims.data(), view_dims.size(), view_shape_);
  return view_shape_;
}

const op::Shape& aclTensor::GetStorageShape() const {
  op::ToShape(storage_dims.data(), storage_dims.size(), storage_shape_);
  return storage_shape_;
}

const op::Shape& aclTensor::GetOriginalShape() const { return GetViewShape(); }

// A new view shape takes contiguous strides, as CANN's SetViewShape leaves the tensor a
// contiguous view of that shape (what Reshape-style callers rely on).
void aclTensor::SetViewShape(const op::Shape& shape) {
  view_dims = op::ToShapeVector(shape);
  strides = ContiguousStrides(view_dims);
}

void aclTensor::SetStorageShape(const op::Shape& shape) { storage_dims = op::ToShapeVector(shape); }
void aclTensor::SetOriginalShape(const op::Shape& shape) { SetViewShape(shape); }

const op::Strides& aclTensor::GetViewStrides() const {
  view_strides_.assign(strides.begin(), strides.end());
  return view_strides_;
}

void aclTensor::SetViewStrides(const op::Strides& s) { strides.assign(s.begin(), s.end()); }

op::Format aclTensor::GetViewFormat() const { return static_cast<op::Format>(format); }
op::Format aclTensor::GetStorageFormat() const { return GetViewFormat(); }
op::Format aclTensor::GetOriginalFormat() const { return GetViewFormat(); }
void aclTensor::SetViewFormat(op::Format f) { format = static_cast<aclFormat>(f); }
void aclTensor::SetStorageFormat(op::Format f) { SetViewFormat(f); }
void aclTensor::SetOriginalFormat(op::Format f) { SetViewFormat(f); }

op::DataType aclTensor::GetDataType() const { return static_cast<op::DataType>(dtype); }
void aclTensor::SetDataType(op::DataType d) { dtype = static_cast<aclDataType>(d); }

void* aclTensor::GetData() const { return opsim::aclnn::FirstElement(*this); }
void* aclTensor::GetStorageAddr() const { return data; }
void aclTensor::SetStorageAddr(void* addr) { data = addr; }
int64_t aclTensor::GetViewOffset() const { return offset; }
void aclTensor::SetViewOffset(int64_t o) { offset = o; }
int64_t aclTensor::GetStorageOffset() const { return 0; }

int64_t aclTensor::Numel() const {
  int64_t n = 1;
  for (int64_t d : view_dims) n *= d;
  return n;
}

int64_t aclTensor::Size() const { return Numel(); }
bool aclTensor::IsEmpty() const { return Numel() == 0; }

ge::AscendString aclTensor::ToString() const {
  const std::string s = std::string("aclTensor(") + ge::DataTypeName(GetDataType()) + ", shape " +
                        op::ToString(GetViewShape()).GetString() + ", strides " +
                        op::ToString(GetViewStrides()).GetString() + ", offset " +
                        std::to_string(offset) + ")";
  return ge::AscendString(s.c_str());
}

op::DataType aclScalar::GetDataType() const { return static_cast<op::DataType>(dtype); }
const void* aclScalar::GetData() const { return bits; }
uint64_t aclScalar::Size() const { return aclDataTypeSize(dtype); }

double aclScalar::ToDouble() const {
  switch (dtype) {
    case ACL_FLOAT: return Bits<float>(*this);
    case ACL_DOUBLE: return Bits<double>(*this);
    case ACL_FLOAT16: return opsim::HalfBitsToFloat(Bits<uint16_t>(*this));
    case ACL_BF16: return opsim::BFloat16BitsToFloat(Bits<uint16_t>(*this));
    case ACL_INT8: return Bits<int8_t>(*this);
    case ACL_UINT8: return Bits<uint8_t>(*this);
    case ACL_INT16: return Bits<int16_t>(*this);
    case ACL_UINT16: return Bits<uint16_t>(*this);
    case ACL_INT32: return Bits<int32_t>(*this);
    case ACL_UINT32: return Bits<uint32_t>(*this);
    case ACL_INT64: return static_cast<double>(Bits<int64_t>(*this));
    case ACL_UINT64: return static_cast<double>(Bits<uint64_t>(*this));
    case ACL_BOOL: return (bits[0] & 0xFFu) != 0 ? 1.0 : 0.0;
    case ACL_COMPLEX64: return Bits<float>(*this);  // the real part, as a cast of a complex
    case ACL_COMPLEX128: return Bits<double>(*this);
    default: return 0.0;
  }
}

// The 64-bit integer types read exactly (a double would round them beyond 2^53); a floating
// value out of range saturates and NaN is 0, where a C++ cast would be undefined.
int64_t aclScalar::ToInt64() const {
  if (dtype == ACL_INT64) return Bits<int64_t>(*this);
  if (dtype == ACL_UINT64) return static_cast<int64_t>(Bits<uint64_t>(*this));
  const double v = ToDouble();
  if (!(v == v)) return 0;
  if (v >= 9223372036854775807.0) return std::numeric_limits<int64_t>::max();
  if (v <= -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(v);
}

uint64_t aclScalar::ToUint64() const {
  if (dtype == ACL_UINT64) return Bits<uint64_t>(*this);
  if (dtype == ACL_INT64) return static_cast<uint64_t>(Bits<int64_t>(*this));
  return static_cast<uint64_t>(ToInt64());
}

float aclScalar::ToFloat() const { return static_cast<float>(ToDouble()); }
bool aclScalar::ToBool() const { return ToDouble() != 0.0; }
int8_t aclScalar::ToInt8() const { return static_cast<int8_t>(ToInt64()); }
int16_t aclScalar::ToInt16() const { return static_cast<int16_t>(ToInt64()); }
int32_t aclScalar::ToInt32() const { return static_cast<int32_t>(ToInt64()); }
uint8_t aclScalar::ToUint8() const { return static_cast<uint8_t>(ToInt64()); }
uint16_t aclScalar::ToUint16() const { return static_cast<uint16_t>(ToInt64()); }
uint32_t aclScalar::ToUint32() const { return static_cast<uint32_t>(ToUint64()); }

ge::AscendString aclScalar::ToString() const {
  const std::string s = std::string("aclScalar(") + ge::DataTypeName(GetDataType()) + ", " +
                        std::to_string(ToDouble()) + ")";
  return ge::AscendString(s.c_str());
}
