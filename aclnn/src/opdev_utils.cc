// nnopbase's helpers for op-API layers: logging (opdev/op_log.h), data types
// (data_type_utils.h), shapes (shape_utils.h), views (tensor_view_utils.h), formats
// (format_utils.h).
#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "aclnn_objects.h"
#include "opdev/data_type_utils.h"
#include "opdev/format_utils.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"
#include "opdev/tensor_view_utils.h"
#include "opsim/cpudebug/acl_error.h"
#include "view_copy.h"

namespace {

std::string Join(const int64_t* values, size_t n) {
  std::string s = "[";
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) s += ",";  // (appended in steps: GCC 12 warns falsely on "," + std::string)
    s += std::to_string(values[i]);
  }
  return s + "]";
}

bool LogOn() {
  const char* env = std::getenv("OPSIM_OPAPI_LOG");
  return env != nullptr && std::string(env) == "1";
}

int SignedWidth(op::DataType d) {
  switch (d) {
    case op::DataType::DT_INT8: return 1;
    case op::DataType::DT_INT16: return 2;
    case op::DataType::DT_INT32: return 4;
    case op::DataType::DT_INT64: return 8;
    default: return 0;
  }
}

op::DataType SignedOfWidth(int width) {
  switch (width) {
    case 1: return op::DataType::DT_INT8;
    case 2: return op::DataType::DT_INT16;
    case 4: return op::DataType::DT_INT32;
    default: return op::DataType::DT_INT64;
  }
}

}  // namespace

void op::internal::OpLog(char level, int32_t code, const char* func, const char* fmt, ...) {
  char text[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(text, sizeof text, fmt, args);
  va_end(args);
  if (level == 'E') {
    std::string& recent = opsim::acl::LastError();
    if (!recent.empty()) recent += "\n";
    recent += std::string(func) + ": " + text;
  }
  static_cast<void>(code);
  if (LogOn()) std::fprintf(stderr, "[%c] %s: %s\n", level, func, text);
}

size_t op::TypeSize(DataType dataType) {
  const int size = ge::GetSizeByDataType(dataType);
  return size > 0 ? static_cast<size_t>(size) : 16;
}

aclDataType op::ToAclDataType(DataType type) {
  const int size = ge::GetSizeByDataType(type);
  return size > 0 || type == DataType::DT_STRING ? static_cast<aclDataType>(type)
                                                 : ACL_DT_UNDEFINED;
}

op::DataType op::PromoteType(DataType a, DataType b) {
  if (a == b) return a;
  if (a == DataType::DT_BOOL) return b;
  if (b == DataType::DT_BOOL) return a;
  if (IsComplexType(a) || IsComplexType(b)) {
    const bool wide = a == DataType::DT_COMPLEX128 || b == DataType::DT_COMPLEX128 ||
                      a == DataType::DT_DOUBLE || b == DataType::DT_DOUBLE;
    return wide ? DataType::DT_COMPLEX128 : DataType::DT_COMPLEX64;
  }
  if (IsFloatingType(a) && IsFloatingType(b)) {
    return a == DataType::DT_DOUBLE || b == DataType::DT_DOUBLE ? DataType::DT_DOUBLE
                                                                : DataType::DT_FLOAT;
  }
  if (IsFloatingType(a) && SignedWidth(b) + (b == DataType::DT_UINT8) > 0) return a;
  if (IsFloatingType(b) && SignedWidth(a) + (a == DataType::DT_UINT8) > 0) return b;
  if (a == DataType::DT_UINT8 || b == DataType::DT_UINT8) {
    const int other = SignedWidth(a == DataType::DT_UINT8 ? b : a);
    return other == 0 ? DataType::DT_UNDEFINED : SignedOfWidth(other < 2 ? 2 : other);
  }
  const int wa = SignedWidth(a);
  const int wb = SignedWidth(b);
  if (wa == 0 || wb == 0) return DataType::DT_UNDEFINED;  // the wider unsigned types
  return SignedOfWidth(wa > wb ? wa : wb);
}

ge::AscendString op::ToString(const std::initializer_list<DataType>& dataTypes) {
  std::string s = "[";
  for (DataType t : dataTypes) {
    if (s.size() > 1) s += ", ";
    s += ge::DataTypeName(t);
  }
  s += "]";
  return ge::AscendString(s.c_str());
}

ge::AscendString op::ToString(const Shape& shape) {
  std::vector<int64_t> dims;
  for (size_t i = 0; i < shape.GetDimNum(); ++i) dims.push_back(shape.GetDim(i));
  return ge::AscendString(Join(dims.data(), dims.size()).c_str());
}

ge::AscendString op::ToString(const Strides& strides) {
  return ge::AscendString(Join(strides.data(), strides.size()).c_str());
}

void op::ToShape(const int64_t* dims, uint64_t dimNum, Shape& shape) {
  shape.SetDimNum(0);
  for (uint64_t i = 0; i < dimNum; ++i) shape.AppendDim(dims[i]);
}

void op::ToShape(const ShapeVector& shapeVector, Shape& shape) {
  ToShape(shapeVector.data(), shapeVector.size(), shape);
}

op::ShapeVector op::ToShapeVector(const Shape& shape) {
  ShapeVector v;
  for (size_t i = 0; i < shape.GetDimNum(); ++i) v.push_back(shape.GetDim(i));
  return v;
}

bool op::BroadcastInferShape(const Shape& self, const Shape& other, Shape& broadcastShape) {
  const size_t rank = std::max(self.GetDimNum(), other.GetDimNum());
  Shape out;
  for (size_t i = 0; i < rank; ++i) {
    const size_t from_end = rank - 1 - i;
    const int64_t a =
        from_end < self.GetDimNum() ? self.GetDim(self.GetDimNum() - 1 - from_end) : 1;
    const int64_t b =
        from_end < other.GetDimNum() ? other.GetDim(other.GetDimNum() - 1 - from_end) : 1;
    if (a != b && a != 1 && b != 1) return false;
    out.AppendDim(a == 1 ? b : a);
  }
  broadcastShape = out;
  return true;
}

bool op::CheckBroadcastShape(const Shape& self, const Shape& other) {
  Shape unused;
  return BroadcastInferShape(self, other, unused);
}

bool op::IsContiguous(const aclTensor* tensor) {
  return tensor != nullptr && opsim::aclnn::IsContiguous(*tensor);
}

bool op::CanPickViewAsContiguous(const aclTensor* tensor) { return IsContiguous(tensor); }

bool op::CanPickViewAsContiguous(std::initializer_list<const aclTensor*> tensorList) {
  for (const aclTensor* t : tensorList) {
    if (!IsContiguous(t)) return false;
  }
  return true;
}

bool op::Validate(const aclTensor* tensor) {
  return tensor != nullptr && opsim::aclnn::ViewFitsStorage(*tensor).empty();
}

bool op::IsPrivateFormat(Format format) {
  const Format primary = GetPrimaryFormat(format);
  return primary == Format::FORMAT_NC1HWC0 || primary == Format::FORMAT_FRACTAL_Z ||
         primary == Format::FORMAT_FRACTAL_NZ || primary == Format::FORMAT_NDC1HWC0 ||
         primary == Format::FORMAT_FRACTAL_Z_3D;
}

op::Format op::ToFormat(const std::string& formatStr) {
  for (int f = 0; f < static_cast<int>(Format::FORMAT_RESERVED); ++f) {
    const std::string name = ge::FormatName(static_cast<Format>(f));
    if (formatStr == name || formatStr == "FORMAT_" + name) return static_cast<Format>(f);
  }
  return Format::FORMAT_RESERVED;
}

ge::AscendString op::ToString(Format format) { return ge::FormatName(format); }
