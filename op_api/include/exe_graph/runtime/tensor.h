// gert tensor descriptions and tensors as tiling functions see them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/tensor_data.h"
#include "graph/types.h"

namespace gert {

// How a shape of fewer dims is padded to its format's rank (CANN's reshape-type mask): held, not
// applied, since opsim's inference sees origin shapes only.
class ExpandDimsType {
 public:
  ExpandDimsType() = default;
  explicit ExpandDimsType(int64_t reshape_type_mask) : mask_(reshape_type_mask) {}
  int64_t GetMask() const { return mask_; }

 private:
  int64_t mask_ = 0;
};

class StorageFormat {
 public:
  StorageFormat() = default;
  StorageFormat(ge::Format origin, ge::Format storage) : origin_(origin), storage_(storage) {}
  StorageFormat(ge::Format origin, ge::Format storage, const ExpandDimsType& expand_dims_type)
      : origin_(origin), storage_(storage), expand_dims_type_(expand_dims_type) {}
  ExpandDimsType GetExpandDimsType() const { return expand_dims_type_; }
  ge::Format GetOriginFormat() const { return origin_; }
  ge::Format GetStorageFormat() const { return storage_; }
  void SetOriginFormat(ge::Format format) { origin_ = format; }
  void SetStorageFormat(ge::Format format) { storage_ = format; }

 private:
  ge::Format origin_ = ge::FORMAT_ND;
  ge::Format storage_ = ge::FORMAT_ND;
  ExpandDimsType expand_dims_type_;
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
  void SetOriginFormat(ge::Format format) { format_.SetOriginFormat(format); }
  void SetStorageFormat(ge::Format format) { format_.SetStorageFormat(format); }

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
  // CANN's constructor; `placement` is where `addr` lives (kFollowing: right after the tensor).
  Tensor(const StorageShape& shape, const StorageFormat& format, TensorPlacement placement,
         ge::DataType dtype, TensorAddress addr)
      : shape_(shape), desc_(dtype, format), data_(addr), placement_(placement) {}
  int64_t GetShapeSize() const { return shape_.GetStorageShape().GetShapeSize(); }
  // Bytes of the data: what SetSize or SetData gave, else elements x element bytes (0 for a type
  // without whole bytes, e.g. int4).
  size_t GetSize() const {
    if (size_set_) return size_;
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
  template <typename T>
  T* GetData() {
    return static_cast<T*>(const_cast<void*>(data_));
  }
  const void* GetAddr() const { return data_; }
  // A tensor with `shape_size` elements of `dt` right after it in one block (kFollowing; no
  // dims yet), and the block's bytes in `total_size`; null when the size overflows.
  static std::unique_ptr<uint8_t[]> CreateFollowing(const int64_t shape_size, const ge::DataType dt,
                                                    size_t& total_size) {
    const int bytes = ge::GetSizeByDataType(dt);
    if (shape_size < 0 || bytes <= 0) return CreateFollowing(dt, 0, total_size);
    size_t data_size = 0;
    if (__builtin_mul_overflow(static_cast<size_t>(shape_size), static_cast<size_t>(bytes),
                               &data_size)) {
      total_size = 0;
      return nullptr;
    }
    return CreateFollowing(dt, data_size, total_size);
  }
  static std::unique_ptr<uint8_t[]> CreateFollowing(const ge::DataType dt, const size_t tensor_size,
                                                    size_t& total_size) {
    if (__builtin_add_overflow(sizeof(Tensor), tensor_size, &total_size)) {
      total_size = 0;
      return nullptr;
    }
    std::unique_ptr<uint8_t[]> block(new uint8_t[total_size]());
    Tensor* tensor = new (block.get())
        Tensor(StorageShape(), StorageFormat(), kFollowing, dt, block.get() + sizeof(Tensor));
    tensor->SetSize(tensor_size);
    return block;
  }
  // The tensor takes the data's address, size and placement (the data stays its creator's).
  void SetData(TensorData&& data) {
    data_ = data.GetAddr();
    placement_ = data.GetPlacement();
    if (data.GetSize() != 0) SetSize(data.GetSize());
  }
  void SetSize(const size_t size) {
    size_ = size;
    size_set_ = true;
  }
  void SetDataType(const ge::DataType dtype) { desc_.SetDataType(dtype); }
  void SetOriginFormat(const ge::Format format) { desc_.SetOriginFormat(format); }
  void SetStorageFormat(const ge::Format format) { desc_.SetStorageFormat(format); }
  Shape& MutableOriginShape() { return shape_.MutableOriginShape(); }
  Shape& MutableStorageShape() { return shape_.MutableStorageShape(); }
  TensorPlacement GetPlacement() const { return placement_; }
  void SetPlacement(const TensorPlacement placement) { placement_ = placement; }

 private:
  StorageShape shape_;  // first, as in CANN's: tests read a StorageShape through a Tensor*
  CompileTimeTensorDesc desc_;
  const void* data_ = nullptr;
  TensorPlacement placement_ = kOnHost;
  size_t size_ = 0;
  bool size_set_ = false;
};

}  // namespace gert
