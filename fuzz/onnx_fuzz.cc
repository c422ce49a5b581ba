// Fuzz target: the ONNX loaders on serialized protobuf bytes. The first byte chooses (even: a
// model, LoadOnnxModel then InspectOnnxModel; odd: a TensorProto, LoadOnnxTensor); the rest is
// the message. One target for both saves fuzzing time: they share the protobuf parsing and the
// dtype tables.
//
// Every input must end in Ok or a Status with a message (the codes onnx_model.h documents, or
// an operator's own refusal); on Ok a tensor's bytes must match its dims and dtype. Anything
// else (a crash, an uncaught exception, a sanitizer report, a hang, a leak) is a finding.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "opsim/core/dtype.h"
#include "opsim/framework/onnx_model.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  if (data[0] % 2 == 0) {
    opsim::OnnxModel model;
    const opsim::Status st = opsim::LoadOnnxModel(bytes, "fuzz.onnx", {}, &model);
    if (!st.ok() && st.message().empty()) std::abort();
    if (st.ok() && model.operation == nullptr) std::abort();
    opsim::OnnxModelInfo info;
    const opsim::Status inspected = opsim::InspectOnnxModel(bytes, "fuzz.onnx", &info);
    if (!inspected.ok() && inspected.message().empty()) std::abort();
    return 0;
  }
  opsim::OnnxTensor tensor;
  const opsim::Status st = opsim::LoadOnnxTensor(bytes, "fuzz.pb", &tensor);
  if (!st.ok()) {
    if (st.message().empty()) std::abort();
    return 0;
  }
  // An accepted tensor holds exactly the bytes its dims and dtype claim.
  uint64_t want = opsim::DTypeSize(tensor.dtype);
  for (int64_t d : tensor.dims) {
    if (d < 0 || __builtin_mul_overflow(want, static_cast<uint64_t>(d), &want)) std::abort();
  }
  if (want != tensor.data.size()) std::abort();
  return 0;
}
