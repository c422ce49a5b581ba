#include "atb_convert.h"

#include <algorithm>
#include <string>

namespace opsim::atb_facade {
namespace {

template <typename From, typename To>
void CopyDims(const From& from, To* to) {
  to->dimNum = from.dimNum;
  std::copy(from.dims, from.dims + atb::MAX_DIM, to->dims);
}

Status TooMany(const char* what, size_t n, ErrorCode code) {
  return {code, std::string(what) + " holds " + std::to_string(n) +
                    " tensors; opsim operations take at most " +
                    std::to_string(opsim::SVector<opsim::Tensor>::capacity())};
}

}  // namespace

opsim::TensorDesc ToOpsim(const atb::TensorDesc& desc) {
  opsim::TensorDesc out;
  out.dtype = static_cast<opsim::aclDataType>(desc.dtype);
  out.format = static_cast<opsim::aclFormat>(desc.format);
  CopyDims(desc.shape, &out.shape);
  return out;
}

atb::TensorDesc ToAtb(const opsim::TensorDesc& desc) {
  atb::TensorDesc out;
  out.dtype = static_cast<::aclDataType>(desc.dtype);
  out.format = static_cast<::aclFormat>(desc.format);
  CopyDims(desc.shape, &out.shape);
  return out;
}

opsim::Tensor ToOpsim(const atb::Tensor& tensor) {
  opsim::Tensor out;
  out.desc = ToOpsim(tensor.desc);
  out.deviceData = tensor.deviceData;
  out.hostData = tensor.hostData;
  out.dataSize = tensor.dataSize;
  return out;
}

Status ToOpsim(const atb::SVector<atb::TensorDesc>& in, opsim::SVector<opsim::TensorDesc>* out,
               const char* what, ErrorCode code) {
  out->clear();
  if (in.size() > out->capacity()) return TooMany(what, in.size(), code);
  for (const atb::TensorDesc& desc : in) out->push_back(ToOpsim(desc));
  return Status::Ok();
}

Status ToOpsim(const atb::VariantPack& in, opsim::VariantPack* out) {
  out->inTensors.clear();
  out->outTensors.clear();
  if (in.inTensors.size() > out->inTensors.capacity()) {
    return TooMany("inTensors", in.inTensors.size(), ErrorCode::kInvalidInTensorNum);
  }
  if (in.outTensors.size() > out->outTensors.capacity()) {
    return TooMany("outTensors", in.outTensors.size(), ErrorCode::kInvalidInTensorNum);
  }
  for (const atb::Tensor& t : in.inTensors) out->inTensors.push_back(ToOpsim(t));
  for (const atb::Tensor& t : in.outTensors) out->outTensors.push_back(ToOpsim(t));
  return Status::Ok();
}

void ToAtb(const opsim::SVector<opsim::TensorDesc>& in, atb::SVector<atb::TensorDesc>* out) {
  out->clear();
  for (const opsim::TensorDesc& desc : in) out->push_back(ToAtb(desc));
}

}  // namespace opsim::atb_facade
