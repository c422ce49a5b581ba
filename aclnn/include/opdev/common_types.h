// nnopbase's objects as an op-API layer sees them (opdev/common_types.h): the aclnn handles are
// classes with CANN's accessors (a tensor's view shape, strides, data type and formats; a
// scalar's value in each type; an array's or a list's elements), over opsim's own fields, which
// the handles' C functions (aclnn/acl_meta.h) fill. Shapes are gert::Shape, data types
// ge::DataType, formats ge::Format, as in CANN.
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "aclnn/acl_meta.h"
#include "exe_graph/runtime/shape.h"
#include "graph/ascend_string.h"
#include "graph/types.h"
#include "opdev/bfloat16.h"
#include "opdev/fast_vector.h"
#include "opdev/fp16_t.h"

namespace op {
constexpr uint64_t MAX_DIM_NUM = 25;

using Strides = FVector<int64_t, MAX_DIM_NUM>;
using ShapeVector = FVector<int64_t, MAX_DIM_NUM>;
using Shape = gert::Shape;
using Format = ge::Format;
using DataType = ge::DataType;

ge::AscendString ToString(DataType dataType);
}  // namespace op

struct aclTensor {
  // CANN's accessors. The original shape and format are the view's (opsim's tensors are ND).
  const op::Shape& GetViewShape() const;
  const op::Shape& GetStorageShape() const;
  const op::Shape& GetOriginalShape() const;
  void SetViewShape(const op::Shape& shape);
  void SetStorageShape(const op::Shape& shape);
  void SetOriginalShape(const op::Shape& shape);
  const op::Strides& GetViewStrides() const;
  void SetViewStrides(const op::Strides& strides);
  op::Format GetViewFormat() const;
  op::Format GetStorageFormat() const;
  op::Format GetOriginalFormat() const;
  void SetViewFormat(op::Format format);
  void SetStorageFormat(op::Format format);
  void SetOriginalFormat(op::Format format);
  op::DataType GetDataType() const;
  void SetDataType(op::DataType dataType);
  // The first element's address (the storage's plus the view offset), and the storage's.
  void* GetData() const;
  void* GetStorageAddr() const;
  void SetStorageAddr(void* addr);
  int64_t GetViewOffset() const;
  void SetViewOffset(int64_t offset);
  int64_t GetStorageOffset() const;
  int64_t Numel() const;  // elements of the view
  int64_t Size() const;   // the same count, as CANN's Size() gives it
  bool IsEmpty() const;
  ge::AscendString ToString() const;

  // opsim's fields.
  std::vector<int64_t> view_dims;
  std::vector<int64_t> strides;  // one per view dim, in elements
  std::vector<int64_t> storage_dims;
  aclDataType dtype = ACL_DT_UNDEFINED;
  aclFormat format = ACL_FORMAT_UNDEFINED;
  int64_t offset = 0;  // of the view's first element in the storage, in elements
  void* data = nullptr;
  const aclTensorList* owner = nullptr;  // the list that destroys it, if any

 private:
  mutable op::Shape view_shape_;
  mutable op::Shape storage_shape_;
  mutable op::Strides view_strides_;
};

struct aclScalar {
  op::DataType GetDataType() const;
  const void* GetData() const;
  uint64_t Size() const;  // bytes of the value
  float ToFloat() const;
  double ToDouble() const;
  bool ToBool() const;
  int8_t ToInt8() const;
  int16_t ToInt16() const;
  int32_t ToInt32() const;
  int64_t ToInt64() const;
  uint8_t ToUint8() const;
  uint16_t ToUint16() const;
  uint32_t ToUint32() const;
  uint64_t ToUint64() const;
  // The value rounded to FLOAT16 / BFLOAT16 (through float: one more rounding only for a double
  // within 2^-29 relative of a tie), as op-API layers compare a scalar at a 16-bit tensor's
  // precision.
  op::fp16_t ToFp16() const { return op::fp16_t(ToFloat()); }
  op::bfloat16 ToBf16() const { return op::bfloat16(ToFloat()); }
  ge::AscendString ToString() const;
  // Whether the value is outside `To`'s range (a NaN or infinity too, for an integer `To`).
  template <typename To>
  bool CheckOverflows() const {
    const double v = ToDouble();
    if constexpr (std::is_floating_point_v<To>) {
      return v == v && (v > static_cast<double>(std::numeric_limits<To>::max()) ||
                        v < static_cast<double>(std::numeric_limits<To>::lowest()));
    } else {
      return !(v >= static_cast<double>(std::numeric_limits<To>::lowest()) &&
               v <= static_cast<double>(std::numeric_limits<To>::max()));
    }
  }

  aclDataType dtype = ACL_DT_UNDEFINED;
  uint64_t bits[2] = {0, 0};  // the value's bytes (at most 16: complex128)
  const aclScalarList* owner = nullptr;
};

// The arrays: CANN's Size(), operator[] and GetData() over opsim's values.
template <typename T, typename Stored = T>
struct aclArrayOf {
  uint64_t Size() const { return values.size(); }
  const T& operator[](uint64_t i) const { return reinterpret_cast<const T*>(values.data())[i]; }
  T& operator[](uint64_t i) { return reinterpret_cast<T*>(values.data())[i]; }
  const T* GetData() const { return reinterpret_cast<const T*>(values.data()); }
  ge::AscendString ToString() const {
    std::string s = "[";
    for (size_t i = 0; i < values.size(); ++i) {
      if (i > 0) s += ",";
      s += std::to_string(values[i]);
    }
    s += "]";
    return ge::AscendString(s.c_str());
  }

  std::vector<Stored> values;
};

struct aclIntArray : aclArrayOf<int64_t> {};
struct aclFloatArray : aclArrayOf<float> {};
// Bytes of 0 and 1, which are a bool's representations, so that GetData() is a bool array.
struct aclBoolArray : aclArrayOf<bool, uint8_t> {};

struct aclTensorList {
  uint64_t Size() const { return tensors.size(); }
  aclTensor*& operator[](uint64_t i) { return tensors[i]; }
  const aclTensor* operator[](uint64_t i) const { return tensors[i]; }
  const aclTensor* const* GetData() const { return tensors.data(); }

  std::vector<aclTensor*> tensors;
};

struct aclScalarList {
  uint64_t Size() const { return scalars.size(); }
  aclScalar*& operator[](uint64_t i) { return scalars[i]; }
  const aclScalar* operator[](uint64_t i) const { return scalars[i]; }
  const aclScalar* const* GetData() const { return scalars.data(); }

  std::vector<aclScalar*> scalars;
};
