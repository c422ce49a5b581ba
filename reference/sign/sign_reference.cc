// Sign (ONNX) as a registry reference, in plain C++ sharing nothing with op_host or the kernel:
// numpy's sign, ONNX's reference: 1 for x > 0, -1 for x < 0, 0 for either zero (+0 for -0) and
// NaN for NaN. Judged exactly: the bits must match, except that a NaN matches any NaN (the
// payload is not Sign's to choose). `data: auto`: floats uniform in [-2, 2), so that some values
// are beyond +-1; integers in [-3, 3], so that zeros are frequent. Registered under Sign by
// operators::sign::Register, which the list of operators calls (reference/CMakeLists.txt).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "float_codec.h"
#include "opsim/reference/op_reference.h"

namespace opsim::ref {
namespace {

constexpr DType kSignDTypes[] = {DType::kFloat32, DType::kFloat16, DType::kInt32};

bool Covers(DType dtype) {
  for (DType d : kSignDTypes) {
    if (d == dtype) return true;
  }
  return false;
}

double SignOf(double v) {
  if (std::isnan(v)) return v;
  return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0);
}

bool IsNaNAt(DType dtype, const HostTensor& t, size_t i) {
  return dtype != DType::kInt32 &&
         std::isnan(internal::LoadFloating(dtype, t.bytes.data(), static_cast<int64_t>(i)));
}

class SignOpReference final : public OpReference {
 public:
  std::vector<DType> DTypes(const AttrMap&) const override {
    return std::vector<DType>(std::begin(kSignDTypes), std::end(kSignDTypes));
  }

  Status Auto(const AttrMap&, size_t index, DType dtype, AutoData* out) const override {
    if (index != 0) {
      return {ErrorCode::kInvalidParam, "Sign reference: Sign takes one input, so input " +
                                            std::to_string(index) + " has no automatic data"};
    }
    AutoData a;
    if (IsFloating(dtype)) {
      a.kind = AutoData::Kind::kUniform;
      a.low = -2.0;
      a.high = 2.0;
    } else {
      a.kind = AutoData::Kind::kIntRange;
    }
    *out = a;
    return Status::Ok();
  }

  Status Compute(const AttrMap&, std::span<const HostTensor> inputs,
                 std::vector<HostTensor>* outputs) const override {
    if (inputs.size() != 1) {
      return {ErrorCode::kInvalidParam,
              "Sign reference: Sign takes 1 input, got " + std::to_string(inputs.size())};
    }
    const HostTensor& x = inputs[0];
    if (!Covers(x.dtype)) {
      return {ErrorCode::kInvalidTensorDtype,
              "Sign reference: input dtype " + std::string(DTypeName(x.dtype)) +
                  " is not one Sign takes (float32, float16, int32)"};
    }
    int64_t n = 1;
    for (int64_t d : x.shape) n *= d;
    const size_t size = DTypeSize(x.dtype);
    if (n < 0 || x.bytes.size() != static_cast<size_t>(n) * size) {
      return {ErrorCode::kInvalidParam, "Sign reference: the input holds " +
                                            std::to_string(x.bytes.size()) + " bytes, its shape " +
                                            std::to_string(n) + " elements of " +
                                            std::to_string(size) + " B"};
    }
    HostTensor y{x.dtype, x.shape, std::vector<uint8_t>(x.bytes.size())};
    for (int64_t i = 0; i < n; ++i) {
      if (x.dtype == DType::kInt32) {
        int32_t v = 0;
        std::memcpy(&v, x.bytes.data() + i * 4, 4);
        const int32_t s = v > 0 ? 1 : (v < 0 ? -1 : 0);
        std::memcpy(y.bytes.data() + i * 4, &s, 4);
      } else {
        const double v = internal::LoadFloating(x.dtype, x.bytes.data(), i);
        internal::StoreFloating(x.dtype, SignOf(v), y.bytes.data(), i);
      }
    }
    outputs->assign(1, std::move(y));
    return Status::Ok();
  }

  Judgement Judge(const AttrMap&, std::span<const HostTensor>, size_t index,
                  const HostTensor& expected, const HostTensor& actual) const override {
    Judgement j;
    const DType t = expected.dtype;
    if (index != 0 || actual.dtype != t || actual.bytes.size() != expected.bytes.size()) {
      j.message = "Sign reference: output " + std::to_string(index) + " (" +
                  std::string(DTypeName(actual.dtype)) + ", " +
                  std::to_string(actual.bytes.size()) + " B) is not the " +
                  std::string(DTypeName(t)) + " output of " +
                  std::to_string(expected.bytes.size()) + " B it judges";
      return j;
    }
    const size_t size = DTypeSize(t);
    for (size_t i = 0; i * size < expected.bytes.size(); ++i) {
      if (std::memcmp(expected.bytes.data() + i * size, actual.bytes.data() + i * size, size) ==
          0) {
        continue;
      }
      if (IsNaNAt(t, expected, i) && IsNaNAt(t, actual, i)) continue;
      uint32_t e = 0, a = 0;
      std::memcpy(&e, expected.bytes.data() + i * size, size);
      std::memcpy(&a, actual.bytes.data() + i * size, size);
      char text[160];
      std::snprintf(text, sizeof(text),
                    "Sign %s: element %zu has bits 0x%x, expected 0x%x (exact; any NaN matches "
                    "a NaN)",
                    std::string(DTypeName(t)).c_str(), i, a, e);
      j.message = text;
      return j;
    }
    j.ok = true;
    return j;
  }
};

}  // namespace

namespace operators::sign {
Status Register(ReferenceRegistry& registry) {
  return registry.Register("Sign", std::make_shared<SignOpReference>());
}
}  // namespace operators::sign

}  // namespace opsim::ref
