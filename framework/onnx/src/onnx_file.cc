// Reading files and serialised tensors: the entry points that only parse.
#include <fstream>
#include <limits>
#include <sstream>

#include "onnx_tensor.h"
#include "opsim/core/file_read.h"

namespace opsim {

TensorDesc OnnxTensor::Desc() const {
  TensorDesc desc;
  desc.dtype = AclFromDType(dtype);
  desc.format = ACL_FORMAT_ND;
  for (size_t i = 0; i < dims.size() && i < MAX_DIM; ++i) desc.shape.dims[i] = dims[i];
  desc.shape.dimNum = dims.size();
  return desc;
}

Status ReadFileBytes(const std::string& path, std::string* out) {
  // protobuf parses at most 2 GiB: a larger file could not be a model or a tensor anyway.
  return ReadRegularFile(path, uint64_t{2} << 30, "an ONNX file", out);
}

Status LoadOnnxTensor(std::string_view bytes, std::string_view what, OnnxTensor* out) {
  if (out == nullptr) return {ErrorCode::kInvalidParam, "LoadOnnxTensor: out is null"};
  // protobuf takes an int length; larger inputs are not a TensorProto we can read anyway.
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max())) {
    return {ErrorCode::kIoError, std::string(what) + ": " + std::to_string(bytes.size()) +
                                     " bytes exceed protobuf's 2 GiB message limit"};
  }
  onnx::TensorProto proto;
  if (!proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return {ErrorCode::kIoError, std::string(what) +
                                     ": not a serialised onnx.TensorProto (the protobuf does not "
                                     "parse: truncated or another format)"};
  }
  return onnx_import::TensorFromProto(proto, what, out);
}

Status LoadOnnxTensorFile(const std::string& path, OnnxTensor* out) {
  std::string bytes;
  OPSIM_RETURN_IF_ERROR(ReadFileBytes(path, &bytes));
  return LoadOnnxTensor(bytes, path, out);
}

}  // namespace opsim
