// CANN's AI CPU API: data type sizes, TensorShape and Tensor.
#include <limits>
#include <string>

#include "api_impl.h"
#include "cpu_kernel_utils.h"
#include "cpu_tensor.h"
#include "cpu_tensor_shape.h"
#include "cpu_types.h"

namespace aicpu {

int GetSizeByDataType(DataType dataType) {
  switch (dataType) {
    case DT_INT8:
    case DT_UINT8:
    case DT_BOOL:
    case DT_QINT8:
    case DT_QUINT8:
    case DT_DUAL_SUB_INT8:
    case DT_DUAL_SUB_UINT8:
    case DT_HIFLOAT8:
    case DT_FLOAT8_E5M2:
    case DT_FLOAT8_E4M3FN:
    case DT_FLOAT8_E8M0: return 1;
    case DT_FLOAT16:
    case DT_BFLOAT16:
    case DT_INT16:
    case DT_UINT16:
    case DT_QINT16:
    case DT_QUINT16: return 2;
    case DT_FLOAT:
    case DT_INT32:
    case DT_UINT32:
    case DT_QINT32:
    case DT_COMPLEX32: return 4;
    case DT_DUAL: return 5;
    case DT_INT64:
    case DT_UINT64:
    case DT_DOUBLE:
    case DT_COMPLEX64: return 8;
    case DT_COMPLEX128: return 16;
    default: return -1;
  }
}

namespace {

int64_t ElementCount(const ShapeData& shape) {
  if (shape.unknownRank) return -1;
  int64_t n = 1;
  for (const int64_t d : shape.dims) {
    if (d < 0) return -1;
    if (d != 0 && n > std::numeric_limits<int64_t>::max() / d) return -1;
    n *= d;
  }
  return n;
}

}  // namespace

TensorShape::TensorShape(TensorShapeImpl* tensorShape) : impl_(tensorShape) {}

void TensorShape::SetFormat(Format format) { impl_->d->format = format; }
Format TensorShape::GetFormat() const { return impl_->d->format; }
bool TensorShape::GetUnknownRank() const { return impl_->d->unknownRank; }
void TensorShape::SetUnknownRank(bool unknownRank) { impl_->d->unknownRank = unknownRank; }
void TensorShape::SetDimSizes(const std::vector<int64_t>& dims) { impl_->d->dims = dims; }
std::vector<int64_t> TensorShape::GetDimSizes() const { return impl_->d->dims; }

int64_t TensorShape::GetDimSize(int32_t index) const {
  const auto& dims = impl_->d->dims;
  if (index < 0 || static_cast<size_t>(index) >= dims.size()) {
    AppendKernelError("TensorShape::GetDimSize: index " + std::to_string(index) +
                      " is outside the shape's " + std::to_string(dims.size()) + " dims");
    return 0;
  }
  return dims[static_cast<size_t>(index)];
}

int32_t TensorShape::GetDims() const { return static_cast<int32_t>(impl_->d->dims.size()); }
int64_t TensorShape::NumElements() const { return ElementCount(*impl_->d); }

Tensor::Tensor(TensorImpl* impl) : impl_(impl) {}

bool Tensor::SetTensorShape(const TensorShape* shape) {
  if (shape == nullptr) {
    AppendKernelError("Tensor::SetTensorShape: the shape is null");
    return false;
  }
  *impl_->d->shape = *CpuKernelUtils::GetImpl(shape)->d;
  return true;
}

std::shared_ptr<TensorShape> Tensor::GetTensorShape() const {
  return CpuKernelUtils::CreateTensorShape(new TensorShapeImpl(impl_->d->shape));
}

void Tensor::SetDataType(DataType type) { impl_->d->dataType = type; }
DataType Tensor::GetDataType() const { return impl_->d->dataType; }
void Tensor::SetData(void* addr) { impl_->d->data = addr; }
void* Tensor::GetData() const { return impl_->d->data; }
void Tensor::SetDataSize(uint64_t size) { impl_->d->dataSize = size; }
uint64_t Tensor::GetDataSize() const { return impl_->d->dataSize; }

int64_t Tensor::CalcDataSizeByShape() const {
  const int64_t n = NumElements();
  const int size = GetSizeByDataType(impl_->d->dataType);
  if (n < 0 || size < 0) return -1;
  if (n > std::numeric_limits<int64_t>::max() / size) return -1;
  return n * size;
}

int64_t Tensor::NumElements() const { return ElementCount(*impl_->d->shape); }

std::shared_ptr<TensorData> CopyTensorData(const TensorData& from) {
  auto to = std::make_shared<TensorData>(from);
  to->shape = std::make_shared<ShapeData>(*from.shape);
  return to;
}

}  // namespace aicpu

namespace aicpu {

const char* DataTypeName(DataType type) {
  switch (type) {
    case DT_FLOAT: return "DT_FLOAT";
    case DT_FLOAT16: return "DT_FLOAT16";
    case DT_INT8: return "DT_INT8";
    case DT_INT32: return "DT_INT32";
    case DT_UINT8: return "DT_UINT8";
    case DT_INT16: return "DT_INT16";
    case DT_UINT16: return "DT_UINT16";
    case DT_UINT32: return "DT_UINT32";
    case DT_INT64: return "DT_INT64";
    case DT_UINT64: return "DT_UINT64";
    case DT_DOUBLE: return "DT_DOUBLE";
    case DT_BOOL: return "DT_BOOL";
    case DT_STRING: return "DT_STRING";
    case DT_DUAL_SUB_INT8: return "DT_DUAL_SUB_INT8";
    case DT_DUAL_SUB_UINT8: return "DT_DUAL_SUB_UINT8";
    case DT_COMPLEX64: return "DT_COMPLEX64";
    case DT_COMPLEX128: return "DT_COMPLEX128";
    case DT_QINT8: return "DT_QINT8";
    case DT_QINT16: return "DT_QINT16";
    case DT_QINT32: return "DT_QINT32";
    case DT_QUINT8: return "DT_QUINT8";
    case DT_QUINT16: return "DT_QUINT16";
    case DT_RESOURCE: return "DT_RESOURCE";
    case DT_STRING_REF: return "DT_STRING_REF";
    case DT_DUAL: return "DT_DUAL";
    case DT_VARIANT: return "DT_VARIANT";
    case DT_BFLOAT16: return "DT_BFLOAT16";
    case DT_UNDEFINED: return "DT_UNDEFINED";
    case DT_INT4: return "DT_INT4";
    case DT_UINT1: return "DT_UINT1";
    case DT_INT2: return "DT_INT2";
    case DT_UINT2: return "DT_UINT2";
    case DT_COMPLEX32: return "DT_COMPLEX32";
    case DT_HIFLOAT8: return "DT_HIFLOAT8";
    case DT_FLOAT8_E5M2: return "DT_FLOAT8_E5M2";
    case DT_FLOAT8_E4M3FN: return "DT_FLOAT8_E4M3FN";
    case DT_FLOAT8_E8M0: return "DT_FLOAT8_E8M0";
    case DT_FLOAT6_E3M2: return "DT_FLOAT6_E3M2";
    case DT_FLOAT6_E2M3: return "DT_FLOAT6_E2M3";
    case DT_FLOAT4_E2M1: return "DT_FLOAT4_E2M1";
    case DT_FLOAT4_E1M2: return "DT_FLOAT4_E1M2";
    case DT_MAX: break;
  }
  return "DT_UNKNOWN";
}

}  // namespace aicpu
