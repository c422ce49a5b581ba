#include "binary_elementwise.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "opsim/core/float16.h"
#include "opsim/core/tensor.h"

namespace opsim::aicpu {

Domain DomainOf(DType d) {
  if (IsFloating(d)) return Domain::kFloat;
  return IsSigned(d) ? Domain::kSigned : Domain::kUnsigned;
}

Scalar Read(DType d, const uint8_t* p) {
  Scalar s;
  switch (d) {
    case DType::kFloat16:
    case DType::kBFloat16: {
      uint16_t bits = 0;
      std::memcpy(&bits, p, sizeof(bits));
      s.f = d == DType::kFloat16 ? HalfBitsToFloat(bits) : BFloat16BitsToFloat(bits);
      return s;
    }
    case DType::kFloat32: {
      float v = 0;
      std::memcpy(&v, p, sizeof(v));
      s.f = v;
      return s;
    }
    case DType::kFloat64: std::memcpy(&s.f, p, sizeof(s.f)); return s;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // as raw bytes (DomainOf: unsigned), though CheckTypes refuses complex
                             // and int4 by name first
    default: break;
  }
  const size_t size = DTypeSize(d);
  uint64_t raw = 0;
  std::memcpy(&raw, p, size);  // little-endian: the low bytes
  if (DomainOf(d) == Domain::kSigned) {
    const unsigned shift = static_cast<unsigned>(64 - 8 * size);
    s.i = static_cast<int64_t>(raw << shift) >> shift;  // sign-extended
  } else {
    s.u = raw;
  }
  return s;
}

void Write(DType d, const Scalar& s, uint8_t* p) {
  switch (d) {
    case DType::kFloat16: {
      const uint16_t bits = FloatToHalfBits(static_cast<float>(s.f));
      std::memcpy(p, &bits, sizeof(bits));
      return;
    }
    case DType::kBFloat16: {
      const uint16_t bits = FloatToBFloat16Bits(static_cast<float>(s.f));
      std::memcpy(p, &bits, sizeof(bits));
      return;
    }
    case DType::kFloat32: {
      const float v = static_cast<float>(s.f);
      std::memcpy(p, &v, sizeof(v));
      return;
    }
    case DType::kFloat64: std::memcpy(p, &s.f, sizeof(s.f)); return;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // as raw bytes (DomainOf: unsigned), though CheckTypes refuses complex
                             // and int4 by name first
    default: break;
  }
  const uint64_t raw = DomainOf(d) == Domain::kSigned ? static_cast<uint64_t>(s.i) : s.u;
  std::memcpy(p, &raw, DTypeSize(d));  // the low bytes: the value narrowed as C++ narrows
}

namespace {

std::string Name(aclDataType dtype) {
  const std::optional<DType> d = DTypeFromAcl(dtype);
  return d ? std::string(DTypeName(*d)) : "dtype(" + std::to_string(static_cast<int>(dtype)) + ")";
}

// Element strides of `in` read as `out`'s dims by numpy's rule; false when it does not broadcast.
bool BroadcastStrides(const Dims& in, const Dims& out, std::vector<int64_t>* strides) {
  if (in.dimNum > out.dimNum) return false;
  strides->assign(out.dimNum, 0);
  const size_t lead = out.dimNum - in.dimNum;
  int64_t stride = 1;
  for (size_t k = in.dimNum; k-- > 0;) {
    const int64_t from = in.dims[k];
    const int64_t to = out.dims[lead + k];
    if (from != to && from != 1) return false;
    (*strides)[lead + k] = from == 1 ? 0 : stride;
    stride *= from;
  }
  return true;
}

std::string DimsText(const Dims& d) {
  std::string s = "[";
  for (size_t k = 0; k < d.dimNum; ++k) s += (k ? ", " : "") + std::to_string(d.dims[k]);
  return s + "]";
}

// The broadcast dims of a and b (numpy's rule); false when they do not broadcast.
bool BroadcastDims(const Dims& a, const Dims& b, Dims* out) {
  out->dimNum = std::max(a.dimNum, b.dimNum);
  for (size_t k = 0; k < out->dimNum; ++k) {
    const size_t from_end = out->dimNum - 1 - k;
    const int64_t da = from_end < a.dimNum ? a.dims[a.dimNum - 1 - from_end] : 1;
    const int64_t db = from_end < b.dimNum ? b.dims[b.dimNum - 1 - from_end] : 1;
    if (da != db && da != 1 && db != 1) return false;
    out->dims[k] = da == 1 ? db : da;
  }
  return true;
}

class BinaryElementwise final : public Operation {
 public:
  BinaryElementwise(const BinaryKernelDef& def, std::optional<int64_t> type_attr, bool lenient)
      : def_(def), type_attr_(type_attr), lenient_(lenient) {}

  std::string GetName() const override { return def_.type; }
  uint32_t GetInputNum() const override { return 2; }
  uint32_t GetOutputNum() const override { return 1; }

  Status InferShape(const SVector<TensorDesc>& in, SVector<TensorDesc>& out) const override {
    if (in.size() != 2) {
      return Error(ErrorCode::kInvalidInTensorNum,
                   "takes 2 inputs; " + std::to_string(in.size()) + " are given");
    }
    OPSIM_RETURN_IF_ERROR(CheckTypes(in[0].dtype, in[1].dtype));
    TensorDesc desc;
    if (!BroadcastDims(in[0].shape, in[1].shape, &desc.shape)) {
      return Error(ErrorCode::kInvalidParam, "x1 " + DimsText(in[0].shape) + " and x2 " +
                                                 DimsText(in[1].shape) +
                                                 " do not broadcast (numpy's rule: equal, or 1)" +
                                                 (lenient_ ? LenientNote() : ""));
    }
    desc.dtype = def_.bool_output ? ACL_BOOL : in[0].dtype;
    desc.format = ACL_FORMAT_ND;
    out.clear();
    out.push_back(desc);
    return Status::Ok();
  }

  Status Setup(const VariantPack& pack, uint64_t& workspaceSize, Context* /*no device*/) override {
    SVector<TensorDesc> in;
    for (const Tensor& t : pack.inTensors) in.push_back(t.desc);
    SVector<TensorDesc> want;
    OPSIM_RETURN_IF_ERROR(InferShape(in, want));
    if (pack.outTensors.size() != 1) {
      return Error(ErrorCode::kInvalidTensorNum,
                   "takes 1 output; " + std::to_string(pack.outTensors.size()) + " are given");
    }
    const TensorDesc& given = pack.outTensors[0].desc;
    if (given.dtype != want[0].dtype || !(given.shape == want[0].shape)) {
      return Error(ErrorCode::kInvalidParam, "the output is " + Name(given.dtype) + " " +
                                                 DimsText(given.shape) + "; these inputs give " +
                                                 Name(want[0].dtype) + " " +
                                                 DimsText(want[0].shape));
    }
    workspaceSize = 0;
    return Status::Ok();
  }

  Status Execute(const VariantPack& pack, uint8_t* /*workspace*/, uint64_t /*bytes*/,
                 Context* /*no device*/) override {
    const Tensor& a = pack.inTensors[0];
    const Tensor& b = pack.inTensors[1];
    const Tensor& y = pack.outTensors[0];
    const Dims& dims = y.desc.shape;
    int64_t count = 1;
    for (size_t k = 0; k < dims.dimNum; ++k) count *= dims.dims[k];
    if (count == 0) return Status::Ok();
    if (a.deviceData == nullptr || b.deviceData == nullptr || y.deviceData == nullptr) {
      return Error(ErrorCode::kInvalidTensorAddr, "a tensor of the run has no memory (null)");
    }
    std::vector<int64_t> sa;
    std::vector<int64_t> sb;
    (void)BroadcastStrides(a.desc.shape, dims, &sa);  // Setup checked that both broadcast
    (void)BroadcastStrides(b.desc.shape, dims, &sb);
    Run(a, b, y, sa, sb, count);
    return Status::Ok();
  }

 private:
  Status Error(ErrorCode code, const std::string& what) const {
    return {code, std::string(def_.type) + " (" + def_.unit + "): " + what};
  }

  Status CheckTypes(aclDataType x1, aclDataType x2) const {
    if (x1 != x2) {
      return Error(ErrorCode::kInvalidTensorDtype, "x1 is " + Name(x1) + " and x2 " + Name(x2) +
                                                       "; the kernel takes two inputs of one type");
    }
    const std::optional<DType> d = DTypeFromAcl(x1);
    if (!d || std::find(def_.dtypes.begin(), def_.dtypes.end(), *d) == def_.dtypes.end()) {
      std::string list;
      for (DType t : def_.dtypes) list += (list.empty() ? "" : ", ") + std::string(DTypeName(t));
      return Error(ErrorCode::kInvalidTensorDtype,
                   "opsim's kernel takes no " + Name(x1) + " inputs (it takes " + list + ")");
    }
    if (type_attr_ && *type_attr_ != static_cast<int64_t>(x1)) {
      return Error(ErrorCode::kInvalidParam, "its attribute T is " +
                                                 Name(static_cast<aclDataType>(*type_attr_)) +
                                                 " but the inputs are " + Name(x1));
    }
    return Status::Ok();
  }

  // Every output element, its inputs' offsets advanced as an odometer over the output's dims.
  void Run(const Tensor& a, const Tensor& b, const Tensor& y, const std::vector<int64_t>& sa,
           const std::vector<int64_t>& sb, int64_t count) const {
    const DType in_type = *DTypeFromAcl(a.desc.dtype);
    const DType out_type = *DTypeFromAcl(y.desc.dtype);
    const Domain domain = DomainOf(in_type);
    const size_t in_size = DTypeSize(in_type);
    const size_t out_size = DTypeSize(out_type);
    const auto* pa = static_cast<const uint8_t*>(a.deviceData);
    const auto* pb = static_cast<const uint8_t*>(b.deviceData);
    auto* py = static_cast<uint8_t*>(y.deviceData);
    const Dims& dims = y.desc.shape;
    std::vector<int64_t> index(dims.dimNum, 0);
    int64_t oa = 0;
    int64_t ob = 0;
    for (int64_t n = 0; n < count; ++n) {
      const Scalar r =
          def_.fn(domain, Read(in_type, pa + oa * in_size), Read(in_type, pb + ob * in_size));
      if (def_.bool_output) {
        py[n] = r.u != 0 ? 1 : 0;
      } else {
        Write(out_type, r, py + n * out_size);
      }
      for (size_t k = dims.dimNum; k-- > 0;) {
        oa += sa[k];
        ob += sb[k];
        if (++index[k] < dims.dims[k]) break;
        oa -= sa[k] * dims.dims[k];
        ob -= sb[k] * dims.dims[k];
        index[k] = 0;
      }
    }
  }

  // TensorFlow's Equal answers shapes that do not broadcast with one scalar when the attribute
  // is false; opsim runs the broadcasting form only (the same result whenever shapes broadcast).
  static std::string LenientNote() {
    return "; incompatible_shape_error = false, TensorFlow's scalar answer for such shapes, is "
           "not simulated";
  }

  const BinaryKernelDef& def_;
  std::optional<int64_t> type_attr_;
  bool lenient_;
};

}  // namespace

Status MakeBinaryElementwise(const BinaryKernelDef& def, const AttrMap& attrs,
                             std::unique_ptr<Operation>* out) {
  const std::string op = std::string(def.type) + " (" + def.unit + ")";
  OPSIM_RETURN_IF_ERROR(CheckAttrKeys(op, attrs, {"T", "incompatible_shape_error"}));
  std::optional<int64_t> type;
  if (attrs.count("T") > 0) {
    int64_t t = 0;
    OPSIM_RETURN_IF_ERROR(GetAttr(op, attrs, "T", &t));
    type = t;
  }
  bool lenient = false;
  if (attrs.count("incompatible_shape_error") > 0) {
    bool strict = true;
    OPSIM_RETURN_IF_ERROR(GetAttr(op, attrs, "incompatible_shape_error", &strict));
    lenient = !strict;
  }
  *out = std::make_unique<BinaryElementwise>(def, type, lenient);
  return Status::Ok();
}

}  // namespace opsim::aicpu
