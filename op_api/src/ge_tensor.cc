// ge::TensorDesc and ge::Tensor (graph/tensor.h): a graph tensor's description and its host data.
#include <cstring>

#include "graph/tensor.h"

namespace ge {

TensorDesc::TensorDesc(Shape shape, Format format, DataType dt)
    : shape_(shape.GetDims()), format_(format), dtype_(dt) {}

TensorDesc::TensorDesc(const TensorDesc& desc)
    : shape_(desc.shape_.GetDims()),
      origin_shape_(desc.origin_shape_.GetDims()),
      format_(desc.format_),
      origin_format_(desc.origin_format_),
      dtype_(desc.dtype_),
      name_(desc.name_),
      shape_range_(desc.shape_range_),
      size_(desc.size_),
      real_dim_cnt_(desc.real_dim_cnt_),
      placement_(desc.placement_) {}

TensorDesc& TensorDesc::operator=(const TensorDesc& desc) {
  if (this != &desc) *this = TensorDesc(desc);
  return *this;
}

void TensorDesc::Update(const Shape& shape, Format format, DataType dt) {
  SetShape(shape);
  format_ = format;
  dtype_ = dt;
}

graphStatus TensorDesc::SetUnknownDimNumShape() {
  shape_ = Shape(std::vector<int64_t>{UNKNOWN_DIM_NUM});
  return GRAPH_SUCCESS;
}

graphStatus TensorDesc::SetShapeRange(const std::vector<std::pair<int64_t, int64_t>>& range) {
  shape_range_ = range;
  return GRAPH_SUCCESS;
}

graphStatus TensorDesc::GetShapeRange(std::vector<std::pair<int64_t, int64_t>>& range) const {
  range = shape_range_;
  return GRAPH_SUCCESS;
}

graphStatus TensorDesc::GetName(AscendString& name) const {
  name = AscendString(name_.c_str());
  return GRAPH_SUCCESS;
}

Tensor::Tensor(const TensorDesc& tensor_desc, const std::vector<uint8_t>& data)
    : desc_(tensor_desc), data_(std::make_shared<std::vector<uint8_t>>(data)) {}

Tensor::Tensor(const TensorDesc& tensor_desc, const uint8_t* data, size_t size)
    : desc_(tensor_desc) {
  (void)SetData(data, size);
}

graphStatus Tensor::SetTensorDesc(const TensorDesc& tensor_desc) {
  desc_ = tensor_desc;
  return GRAPH_SUCCESS;
}

const uint8_t* Tensor::GetData() const { return data_ == nullptr ? nullptr : data_->data(); }
uint8_t* Tensor::GetData() { return data_ == nullptr ? nullptr : data_->data(); }

graphStatus Tensor::SetData(std::vector<uint8_t>&& data) {
  data_ = std::make_shared<std::vector<uint8_t>>(std::move(data));
  return GRAPH_SUCCESS;
}

graphStatus Tensor::SetData(const std::vector<uint8_t>& data) {
  data_ = std::make_shared<std::vector<uint8_t>>(data);
  return GRAPH_SUCCESS;
}

graphStatus Tensor::SetData(const uint8_t* data, size_t size) {
  if (data == nullptr && size != 0) return GRAPH_PARAM_INVALID;
  data_ = std::make_shared<std::vector<uint8_t>>(data, data + size);
  return GRAPH_SUCCESS;
}

graphStatus Tensor::SetData(const std::string& data) {
  const auto* bytes = reinterpret_cast<const uint8_t*>(data.c_str());
  return SetData(bytes, data.size() + 1);
}

graphStatus Tensor::SetData(const char_t* data) {
  if (data == nullptr) return GRAPH_PARAM_INVALID;
  return SetData(std::string(data));
}

graphStatus Tensor::SetFormat(const Format& format) {
  desc_.SetFormat(format);
  return GRAPH_SUCCESS;
}

graphStatus Tensor::SetOriginFormat(const Format& format) {
  desc_.SetOriginFormat(format);
  return GRAPH_SUCCESS;
}

graphStatus Tensor::SetDataType(const DataType& dtype) {
  desc_.SetDataType(dtype);
  return GRAPH_SUCCESS;
}

Tensor Tensor::Clone() const {
  Tensor copy(desc_);
  if (data_ != nullptr) copy.data_ = std::make_shared<std::vector<uint8_t>>(*data_);
  return copy;
}

}  // namespace ge
