// CANN's graph/tensor.h as operator projects use it on the host: ge::Shape, a tensor's dims as
// the graph engine holds them (tiling code builds them for the high-level APIs' helpers in
// tiling/tiling_api.h, which brings this header as CANN's does); ge::TensorDesc, a graph tensor's
// description (shape, origin shape, formats, dtype, name, shape range), and ge::Tensor, a
// description with host data (a Constant's value in a unit test's graph).
//
// Copies of a Shape share their dims, as CANN's do (the class holds a shared implementation):
// SetDim on a copy changes the original. A TensorDesc is a value (copies are independent); a
// Tensor's copies share its data, as CANN's do.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/types.h"

namespace ge {

class ShapeImpl;

class Shape {
 public:
  Shape();  // no dims: a scalar
  ~Shape() = default;
  explicit Shape(const std::vector<int64_t>& dims);

  // The number of dims; 0 when the rank is unknown (a dim is UNKNOWN_DIM_NUM), where
  // GetDims().size() still counts it.
  size_t GetDimNum() const;
  // Dim idx; 0 when idx is not below GetDims().size().
  int64_t GetDim(size_t idx) const;
  // GRAPH_FAILED when idx is not below GetDims().size(); the shape is then unchanged.
  graphStatus SetDim(size_t idx, int64_t value);
  std::vector<int64_t> GetDims() const;
  // The product of the dims: -1 when one is UNKNOWN_DIM or UNKNOWN_DIM_NUM, 0 for a scalar (no
  // dims), 0 when the product overflows int64.
  int64_t GetShapeSize() const;

 private:
  std::shared_ptr<ShapeImpl> impl_;
};

// Where a tensor's data lives (CANN's graph/types.h).
enum Placement { kPlacementHost = 0, kPlacementDevice = 1, kPlacementEnd };

class TensorDesc {
 public:
  TensorDesc() = default;
  explicit TensorDesc(Shape shape, Format format = FORMAT_ND, DataType dt = DT_FLOAT);
  // A copy owns its own dims (ge::Shape copies would share them).
  TensorDesc(const TensorDesc& desc);
  TensorDesc& operator=(const TensorDesc& desc);
  TensorDesc(TensorDesc&&) = default;
  TensorDesc& operator=(TensorDesc&&) = default;
  ~TensorDesc() = default;

  void Update(const Shape& shape, Format format = FORMAT_ND, DataType dt = DT_FLOAT);
  Shape GetShape() const { return shape_; }
  void SetShape(const Shape& shape) { shape_ = Shape(shape.GetDims()); }
  // The shape becomes [-2], an unknown rank.
  graphStatus SetUnknownDimNumShape();
  graphStatus SetShapeRange(const std::vector<std::pair<int64_t, int64_t>>& range);
  graphStatus GetShapeRange(std::vector<std::pair<int64_t, int64_t>>& range) const;
  Format GetFormat() const { return format_; }
  void SetFormat(Format format) { format_ = format; }
  Shape GetOriginShape() const { return origin_shape_; }
  void SetOriginShape(const Shape& origin_shape) { origin_shape_ = Shape(origin_shape.GetDims()); }
  Format GetOriginFormat() const { return origin_format_; }
  void SetOriginFormat(Format origin_format) { origin_format_ = origin_format; }
  DataType GetDataType() const { return dtype_; }
  void SetDataType(DataType dt) { dtype_ = dt; }
  std::string GetName() const { return name_; }
  graphStatus GetName(AscendString& name) const;
  void SetName(const std::string& name) { name_ = name; }
  void SetName(const char_t* name) { name_ = name == nullptr ? "" : name; }
  int64_t GetSize() const { return size_; }
  void SetSize(int64_t size) { size_ = size; }
  int64_t GetRealDimCnt() const { return real_dim_cnt_; }
  void SetRealDimCnt(const int64_t real_dim_cnt) { real_dim_cnt_ = real_dim_cnt; }
  Placement GetPlacement() const { return placement_; }
  void SetPlacement(Placement placement) { placement_ = placement; }

 private:
  Shape shape_;
  Shape origin_shape_;
  Format format_ = FORMAT_ND;
  Format origin_format_ = FORMAT_ND;
  DataType dtype_ = DT_FLOAT;
  std::string name_;
  std::vector<std::pair<int64_t, int64_t>> shape_range_;
  int64_t size_ = 0;
  int64_t real_dim_cnt_ = 0;
  Placement placement_ = kPlacementHost;
};

class Tensor {
 public:
  Tensor() = default;
  explicit Tensor(const TensorDesc& tensor_desc) : desc_(tensor_desc) {}
  Tensor(const TensorDesc& tensor_desc, const std::vector<uint8_t>& data);
  Tensor(const TensorDesc& tensor_desc, const uint8_t* data, size_t size);

  TensorDesc GetTensorDesc() const { return desc_; }
  graphStatus SetTensorDesc(const TensorDesc& tensor_desc);
  // The data's bytes and address (null when it has none).
  size_t GetSize() const { return data_ == nullptr ? 0 : data_->size(); }
  const uint8_t* GetData() const;
  uint8_t* GetData();
  graphStatus SetData(std::vector<uint8_t>&& data);
  graphStatus SetData(const std::vector<uint8_t>& data);
  // GRAPH_PARAM_INVALID for a null `data` with a nonzero size.
  graphStatus SetData(const uint8_t* data, size_t size);
  // A string's bytes and its terminator.
  graphStatus SetData(const std::string& data);
  graphStatus SetData(const char_t* data);

  size_t GetOriginShapeDimNum() const { return desc_.GetOriginShape().GetDims().size(); }
  int64_t GetOriginShapeDim(const size_t idx) const { return desc_.GetOriginShape().GetDim(idx); }
  size_t GetShapeDimNum() const { return desc_.GetShape().GetDims().size(); }
  int64_t GetShapeDim(const size_t idx) const { return desc_.GetShape().GetDim(idx); }
  graphStatus SetFormat(const Format& format);
  Format GetFormat() const { return desc_.GetFormat(); }
  graphStatus SetOriginFormat(const Format& format);
  Format GetOriginFormat() const { return desc_.GetOriginFormat(); }
  graphStatus SetDataType(const DataType& dtype);
  DataType GetDataType() const { return desc_.GetDataType(); }
  // A tensor of its own (data copied).
  Tensor Clone() const;

 private:
  TensorDesc desc_;
  std::shared_ptr<std::vector<uint8_t>> data_;
};

}  // namespace ge
