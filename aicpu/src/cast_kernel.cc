// The AI CPU kernel of CANN's built-in Cast (attribute dst_type: the output's data type), which
// ops-math's l0op::Cast launches for the pairs of types its AI Core kernel lacks (float to double,
// ...). Every pair of opsim's types converts as C++ converts, with the cases C++ leaves undefined
// given the AI CPU's (Arm) answers: a float to an integer truncates toward zero and saturates to
// the integer's range, NaN giving 0; a value to bool is true when nonzero (NaN too); an integer to
// a narrower integer keeps the low bits.
#include <cmath>
#include <limits>
#include <string>

#include "binary_elementwise.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/operation_registry.h"

namespace opsim::aicpu {
namespace {

// A float to an integer type: truncated toward zero, saturated to the type's range, NaN 0.
Scalar FloatToInteger(double f, DType to) {
  Scalar r;
  if (std::isnan(f)) return r;
  const double t = std::trunc(f);
  const int bits = static_cast<int>(8 * DTypeSize(to));
  if (IsSigned(to)) {
    const double bound = std::ldexp(1.0, bits - 1);  // 2^(bits-1): the first value past the range
    const int64_t max =
        bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << (bits - 1)) - 1;
    r.i = t >= bound ? max : t <= -bound ? -max - 1 : static_cast<int64_t>(t);
  } else {
    const double bound = std::ldexp(1.0, bits);
    const uint64_t max =
        bits == 64 ? std::numeric_limits<uint64_t>::max() : (uint64_t{1} << bits) - 1;
    r.u = t >= bound ? max : t <= 0 ? 0 : static_cast<uint64_t>(t);
  }
  return r;
}

Scalar Convert(DType from, DType to, const Scalar& s) {
  const Domain in = DomainOf(from);
  Scalar r;
  if (to == DType::kBool) {
    r.u = in == Domain::kFloat    ? s.f != 0 || std::isnan(s.f)
          : in == Domain::kSigned ? s.i != 0
                                  : s.u != 0;
    return r;
  }
  switch (DomainOf(to)) {
    case Domain::kFloat:
      r.f = in == Domain::kFloat    ? s.f
            : in == Domain::kSigned ? static_cast<double>(s.i)
                                    : static_cast<double>(s.u);
      return r;
    case Domain::kSigned:
      if (in == Domain::kFloat) return FloatToInteger(s.f, to);
      r.i = in == Domain::kSigned ? s.i : static_cast<int64_t>(s.u);
      return r;
    case Domain::kUnsigned:
      if (in == Domain::kFloat) return FloatToInteger(s.f, to);
      r.u = in == Domain::kSigned ? static_cast<uint64_t>(s.i) : s.u;
      return r;
  }
  return r;
}

class AicpuCast final : public Operation {
 public:
  explicit AicpuCast(DType to) : to_(to) {}

  std::string GetName() const override { return "Cast"; }
  uint32_t GetInputNum() const override { return 1; }
  uint32_t GetOutputNum() const override { return 1; }

  Status InferShape(const SVector<TensorDesc>& in, SVector<TensorDesc>& out) const override {
    if (in.size() != 1) {
      return {ErrorCode::kInvalidInTensorNum,
              "Cast (AI CPU): takes 1 input; " + std::to_string(in.size()) + " are given"};
    }
    if (!DTypeFromAcl(in[0].dtype)) {
      return {ErrorCode::kInvalidTensorDtype,
              "Cast (AI CPU): opsim's kernel takes no input of data type " +
                  std::to_string(static_cast<int>(in[0].dtype))};
    }
    if (IsComplex(*DTypeFromAcl(in[0].dtype))) {
      return {ErrorCode::kInvalidTensorDtype,
              "Cast (AI CPU): opsim's kernel casts no " +
                  std::string(DTypeName(*DTypeFromAcl(in[0].dtype))) +
                  " input (it carries complex tensors as bytes only)"};
    }
    TensorDesc desc = in[0];
    desc.dtype = AclFromDType(to_);
    out.clear();
    out.push_back(desc);
    return Status::Ok();
  }

  Status Setup(const VariantPack& pack, uint64_t& workspaceSize, Context* /*no device*/) override {
    SVector<TensorDesc> in;
    for (const Tensor& t : pack.inTensors) in.push_back(t.desc);
    SVector<TensorDesc> want;
    OPSIM_RETURN_IF_ERROR(InferShape(in, want));
    if (pack.outTensors.size() != 1 || !(pack.outTensors[0].desc == want[0])) {
      return {ErrorCode::kInvalidParam, "Cast (AI CPU): the output is not " + ToString(want[0]) +
                                            " (the input's shape, of dst_type)"};
    }
    workspaceSize = 0;
    return Status::Ok();
  }

  Status Execute(const VariantPack& pack, uint8_t* /*workspace*/, uint64_t /*bytes*/,
                 Context* /*no device*/) override {
    const Tensor& x = pack.inTensors[0];
    const Tensor& y = pack.outTensors[0];
    const DType from = *DTypeFromAcl(x.desc.dtype);
    int64_t count = 1;
    for (size_t k = 0; k < x.desc.shape.dimNum; ++k) count *= x.desc.shape.dims[k];
    if (count == 0) return Status::Ok();
    if (x.deviceData == nullptr || y.deviceData == nullptr) {
      return {ErrorCode::kInvalidTensorAddr, "Cast (AI CPU): a tensor of the run has no memory"};
    }
    const auto* px = static_cast<const uint8_t*>(x.deviceData);
    auto* py = static_cast<uint8_t*>(y.deviceData);
    const size_t in_size = DTypeSize(from);
    const size_t out_size = DTypeSize(to_);
    for (int64_t n = 0; n < count; ++n) {
      Write(to_, Convert(from, to_, Read(from, px + n * in_size)), py + n * out_size);
    }
    return Status::Ok();
  }

 private:
  DType to_;
};

Status MakeCast(const AttrMap& attrs, std::unique_ptr<Operation>* out) {
  OPSIM_RETURN_IF_ERROR(CheckAttrKeys("Cast (AI CPU)", attrs, {"dst_type"}));
  int64_t to = 0;
  OPSIM_RETURN_IF_ERROR(GetAttr("Cast (AI CPU)", attrs, "dst_type", &to));
  if (!IsKnownDType(static_cast<int32_t>(to))) {
    return {ErrorCode::kInvalidTensorDtype,
            "Cast (AI CPU): dst_type " + std::to_string(to) + " is no data type opsim holds"};
  }
  if (IsComplex(static_cast<DType>(to))) {
    return {ErrorCode::kInvalidTensorDtype,
            "Cast (AI CPU): dst_type " + std::string(DTypeName(static_cast<DType>(to))) +
                ": opsim's kernel casts to no complex type (it carries complex tensors as bytes "
                "only)"};
  }
  *out = std::make_unique<AicpuCast>(static_cast<DType>(to));
  return Status::Ok();
}

[[maybe_unused]] const bool kCastRegistered = [] {
  (void)OperationRegistry::AiCpu().Register("Cast", MakeCast);
  return true;
}();

}  // namespace
}  // namespace opsim::aicpu
