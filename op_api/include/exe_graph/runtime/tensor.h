// gert tensor descriptions and tensors as tiling functions see them.
#pragma once

#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/shape.h"
#include "graph/types.h"

namespace gert {

class StorageFormat {
 public:
  StorageFormat() = default;
  StorageFormat(ge::Format origin, ge::Format storage) : origin_(origin), storage_(storage) {}
  ge::Format GetOriginFormat() const { return origin_; }
  ge::Format GetStorageFormat() const { return storage_; }
  void SetOriginFormat(ge::Format format) { origin_ = format; }
  void SetStorageFormat(ge::Format format) { storage_ = format; }

 private:
  ge::Format origin_ = ge::FORMAT_ND;
  ge::Format storage_ = ge::FORMAT_ND;
};

class CompileTimeTensorDesc {
 public:
  CompileTimeTensorDesc() = default;
  CompileTimeTensorDesc(ge::DataType dtype, StorageFormat format)
      : dtype_(dtype), format_(format) {}
  ge::DataType GetDataType() const { return dtype_; }
  void SetDataType(ge::DataType dtype) { dtype_ = dtype; }
  ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
  ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
  const StorageFormat& GetFormat() const { return format_; }

 private:
  ge::DataType dtype_ = ge::DT_UNDEFINED;
  StorageFormat format_;
};

// A tensor's description; its data is present only where the operator reads a value on the host
// (opsim never hands device memory to a tiling function, as CANN does not).
class Tensor {
 public:
  Tensor() = default;
  Tensor(const StorageShape& shape, const CompileTimeTensorDesc& desc, const void* data)
      : shape_(shape), desc_(desc), data_(data) {}
  int64_t GetShapeSize() const { return shape_.GetStorageShape().GetShapeSize(); }
  // Bytes of the data: elements x element bytes (0 for a type without whole bytes, e.g. int4).
  size_t GetSize() const {
    const int bytes = ge::GetSizeByDataType(GetDataType());
    const int64_t elements = GetShapeSize();
    return bytes <= 0 || elements <= 0 ? 0
                                       : static_cast<size_t>(elements) * static_cast<size_t>(bytes);
  }
  const Shape& GetOriginShape() const { return shape_.GetOriginShape(); }
  const Shape& GetStorageShape() const { return shape_.GetStorageShape(); }
  const StorageShape& GetShape() const { return shape_; }
  ge::DataType GetDataType() const { return desc_.GetDataType(); }
  ge::Format GetOriginFormat() const { return desc_.GetOriginFormat(); }
  ge::Format GetStorageFormat() const { return desc_.GetStorageFormat(); }
  const StorageFormat& GetFormat() const { return desc_.GetFormat(); }
  template <typename T>
  const T* GetData() const {
    return static_cast<const T*>(data_);
  }
  const void* GetAddr() const { return data_; }

 private:
  StorageShape shape_;
  CompileTimeTensorDesc desc_;
  const void* data_ = nullptr;
};

}  // namespace gert
