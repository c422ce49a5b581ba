// The Reduce readings' references: each normalises its attributes through the reading's front
// door lowering (op_host/reduce/reduce_request.h, the rules the operation itself applies), then
// reduces with Eigen (ref::Reduce) and judges with ref::Compare. operators::reduce::Register,
// which the list of operators calls (reference/CMakeLists.txt), registers them under ReduceSum,
// ReduceMax, ReduceMin, ReduceProd (ONNX), OpenVINO.ReduceSum/Max/Min/Prod and Reduce (ATB),
// and the family's (reduce_family_op_reference.h).
#include <algorithm>
#include <cctype>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "opsim/reference/compare.h"
#include "opsim/reference/op_reference.h"
#include "opsim/reference/reduce_reference.h"
#include "reduce/reduce_dtype_support.h"
#include "reduce/reduce_family_op_reference.h"
#include "reduce/reduce_reading_attrs.h"
#include "reduce/reduce_request.h"

namespace opsim::ref {
namespace {

enum class Door { kOnnx, kOpenVino, kAtb };

Reducer ToReducer(ReduceKind kind) {
  switch (kind) {
    case ReduceKind::kSum: return Reducer::kSum;
    case ReduceKind::kMax: return Reducer::kMax;
    case ReduceKind::kMin: return Reducer::kMin;
    case ReduceKind::kProd: return Reducer::kProd;
  }
  return Reducer::kSum;
}

// ATB's reduceType as the operation reads it: a reducer name (any case, REDUCE_ prefix optional)
// or its enum value.
std::optional<ReduceKind> AtbKind(const AttrMap& attrs) {
  const auto it = attrs.find("reduceType");
  if (it == attrs.end()) return std::nullopt;
  if (const auto* text = std::get_if<std::string>(&it->second)) {
    std::string t = *text;
    std::transform(t.begin(), t.end(), t.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (t.rfind("reduce_", 0) == 0) t.erase(0, 7);
    if (t == "sum") return ReduceKind::kSum;
    if (t == "max") return ReduceKind::kMax;
    if (t == "min") return ReduceKind::kMin;
    if (t == "prod") return ReduceKind::kProd;
    return std::nullopt;
  }
  if (const auto* value = std::get_if<int64_t>(&it->second)) {
    switch (*value) {
      case infer::ReduceParam::REDUCE_MAX: return ReduceKind::kMax;
      case infer::ReduceParam::REDUCE_MIN: return ReduceKind::kMin;
      case infer::ReduceParam::REDUCE_SUM: return ReduceKind::kSum;
      case infer::ReduceParam::REDUCE_PROD: return ReduceKind::kProd;
      default: return std::nullopt;
    }
  }
  return std::nullopt;
}

infer::ReduceParam::ReduceType AtbType(ReduceKind kind) {
  switch (kind) {
    case ReduceKind::kMax: return infer::ReduceParam::REDUCE_MAX;
    case ReduceKind::kMin: return infer::ReduceParam::REDUCE_MIN;
    case ReduceKind::kSum: return infer::ReduceParam::REDUCE_SUM;
    case ReduceKind::kProd: return infer::ReduceParam::REDUCE_PROD;
  }
  return infer::ReduceParam::REDUCE_UNDEFINED;
}

class ReduceOpReference final : public OpReference {
 public:
  // kind: the reducer of an ONNX or OpenVINO name; nullopt for ATB's Reduce (its reduceType).
  ReduceOpReference(std::string op, Door door, std::optional<ReduceKind> kind)
      : op_(std::move(op)), door_(door), kind_(kind) {}

  std::vector<DType> DTypes(const AttrMap& attrs) const override {
    std::vector<DType> out;
    const std::optional<ReduceKind> kind = KindOf(attrs);
    if (!kind) return out;
    for (const ReduceDTypeSupport& row : ReduceDTypeTable()) {
      if (row.package & ReduceKindBit(*kind)) out.push_back(row.dtype);
    }
    return out;
  }

  Status Auto(const AttrMap& attrs, size_t index, DType dtype, AutoData* out) const override {
    if (index != 0) {
      return {ErrorCode::kInvalidParam, op_ + ": input " + std::to_string(index) +
                                            " (the axes) has no automatic data; give its values"};
    }
    const std::optional<ReduceKind> kind = KindOf(attrs);
    if (!kind) return MissingKind();
    AutoData a;
    if (IsFloating(dtype)) {
      // Products of many values near 1 stay in range; sums of [-1, 1) cancel and exercise the
      // tolerance's abs-sum floor.
      a.kind = AutoData::Kind::kUniform;
      if (*kind == ReduceKind::kProd) {
        a.low = 0.9;
        a.high = 1.1;
      }
    } else if (*kind == ReduceKind::kMax || *kind == ReduceKind::kMin) {
      a.kind = AutoData::Kind::kBits;  // every value is a candidate extreme
    } else {
      a.kind = AutoData::Kind::kIntRange;  // small, so sums and products wrap only rarely
    }
    *out = a;
    return Status::Ok();
  }

  Status Compute(const AttrMap& attrs, std::span<const HostTensor> inputs,
                 std::vector<HostTensor>* outputs) const override {
    ReduceRequest req;
    OPSIM_RETURN_IF_ERROR(Lower(attrs, inputs, &req));
    HostTensor out;
    out.dtype = req.dtype;
    out.shape.assign(req.output.begin(), req.output.end());
    out.bytes.assign(static_cast<size_t>(*req.output.NumElements()) * DTypeSize(req.dtype), 0);
    const std::span<const int64_t> axes(req.axes.begin(), req.axes.end());
    OPSIM_RETURN_IF_ERROR(Reduce(ToReducer(req.kind), req.dtype, req.input, axes, req.keep_dims,
                                 inputs[0].bytes.data(), out.bytes.data()));
    outputs->clear();
    outputs->push_back(std::move(out));
    return Status::Ok();
  }

  Judgement Judge(const AttrMap& attrs, std::span<const HostTensor> inputs, size_t index,
                  const HostTensor& expected, const HostTensor& actual) const override {
    Judgement j;
    ReduceRequest req;
    if (Status st = Lower(attrs, inputs, &req); !st.ok()) {
      j.message = st.ToString();
      return j;
    }
    const int64_t count = *req.output.NumElements();
    const size_t bytes = static_cast<size_t>(count) * DTypeSize(req.dtype);
    if (index != 0 || expected.dtype != req.dtype || actual.dtype != req.dtype ||
        expected.bytes.size() != bytes || actual.bytes.size() != bytes) {
      j.message = op_ + " reference: output " + std::to_string(index) + " is not the " +
                  std::string(DTypeName(req.dtype)) + " output of " + std::to_string(count) +
                  " elements it judges";
      return j;
    }
    const std::span<const int64_t> axes(req.axes.begin(), req.axes.end());
    int64_t reduce_len = 1;
    for (int64_t a : req.axes) reduce_len *= req.input[static_cast<int>(a)];
    // The sums of |x| scale the error floor of a SUM that cancels to near zero.
    std::vector<double> abs_sums;
    if (IsFloating(req.dtype)) {
      abs_sums.resize(static_cast<size_t>(count));
      if (!AbsSum(req.dtype, req.input, axes, inputs[0].bytes.data(), abs_sums).ok()) {
        abs_sums.clear();
      }
    }
    const CompareResult c =
        abs_sums.empty() ? Compare(ToReducer(req.kind), req.dtype, reduce_len,
                                   expected.bytes.data(), actual.bytes.data(), count)
                         : Compare(ToReducer(req.kind), req.dtype, reduce_len,
                                   expected.bytes.data(), actual.bytes.data(), count, abs_sums);
    j.ok = c.ok;
    j.max_abs_err = c.max_abs_err;
    j.max_rel_err = c.max_rel_err;
    j.message = c.message;
    return j;
  }

 private:
  std::optional<ReduceKind> KindOf(const AttrMap& attrs) const {
    return kind_ ? kind_ : AtbKind(attrs);
  }

  Status MissingKind() const {
    return {ErrorCode::kInvalidParam,
            op_ + " reference: attribute 'reduceType' is missing or not sum, max, min or prod"};
  }

  // The request the operation runs for these attributes and inputs.
  Status Lower(const AttrMap& attrs, std::span<const HostTensor> inputs, ReduceRequest* req) const {
    if (inputs.empty() || inputs.size() > 2 || (door_ == Door::kAtb && inputs.size() != 1)) {
      return {ErrorCode::kInvalidParam,
              op_ + " reference: takes " +
                  std::string(door_ == Door::kAtb ? "1 input" : "1 or 2 inputs") + ", got " +
                  std::to_string(inputs.size())};
    }
    const HostTensor& x = inputs[0];
    Shape shape;
    OPSIM_RETURN_IF_ERROR(MakeReduceInputShape(op_, x.shape, &shape));
    if (x.bytes.size() != static_cast<size_t>(*shape.NumElements()) * DTypeSize(x.dtype)) {
      return {ErrorCode::kInvalidParam,
              op_ + " reference: input 0 holds " + std::to_string(x.bytes.size()) + " bytes, not " +
                  shape.ToString() + " of " + std::string(DTypeName(x.dtype))};
    }
    const std::optional<ReduceKind> kind = KindOf(attrs);
    if (!kind) return MissingKind();
    std::optional<std::vector<int64_t>> axes;
    const std::string_view axes_key = door_ == Door::kOnnx       ? "axes"
                                      : door_ == Door::kOpenVino ? "reduction_axes"
                                                                 : "axis";
    if (attrs.contains(axes_key)) {
      std::vector<int64_t> a;
      OPSIM_RETURN_IF_ERROR(GetAttr(op_, attrs, axes_key, &a));
      axes = std::move(a);
    }
    if (inputs.size() == 2) {
      if (axes) {
        return {ErrorCode::kInvalidParam,
                op_ + " reference: axes given both as attribute and as input 1"};
      }
      std::vector<int64_t> a;
      OPSIM_RETURN_IF_ERROR(ReduceAxesInput(op_, inputs[1], &a));
      axes = std::move(a);
    }
    switch (door_) {
      case Door::kOnnx: {
        bool keepdims = kOnnxDefaultKeepdims;
        bool noop = kOnnxDefaultNoopWithEmptyAxes;
        OPSIM_RETURN_IF_ERROR(ReduceFlagAttr(op_, attrs, "keepdims", &keepdims));
        OPSIM_RETURN_IF_ERROR(ReduceFlagAttr(op_, attrs, "noop_with_empty_axes", &noop));
        std::optional<std::span<const int64_t>> span;
        if (axes) span = std::span<const int64_t>(*axes);
        return LowerOnnx(*kind, x.dtype, shape, span, keepdims, noop, req);
      }
      case Door::kOpenVino: {
        bool keep = kOpenVinoDefaultKeepDims;
        OPSIM_RETURN_IF_ERROR(ReduceFlagAttr(op_, attrs, "keep_dims", &keep));
        const std::vector<int64_t> a = axes.value_or(std::vector<int64_t>{});
        return LowerOpenVino(*kind, x.dtype, shape, a, keep, req);
      }
      case Door::kAtb: {
        infer::ReduceParam param;
        param.reduceType = AtbType(*kind);
        for (int64_t a : axes.value_or(std::vector<int64_t>{})) {
          if (!param.axis.push_back(a)) {
            return {ErrorCode::kInvalidParam, op_ + " reference: axis holds more than " +
                                                  std::to_string(param.axis.capacity()) +
                                                  " entries"};
          }
        }
        // The package's dtype table: ATB's strict table is the ATB facade's own option.
        return LowerAtb(param, x.dtype, shape, /*strict_dtypes=*/false, req);
      }
    }
    return {ErrorCode::kInternalError, op_ + " reference: unknown reading"};
  }

  std::string op_;
  Door door_;
  std::optional<ReduceKind> kind_;
};

Status RegisterPlainReducers(ReferenceRegistry& registry) {
  struct Named {
    ReduceKind kind;
    const char* name;
  };
  constexpr Named kKinds[] = {{ReduceKind::kSum, "ReduceSum"},
                              {ReduceKind::kMax, "ReduceMax"},
                              {ReduceKind::kMin, "ReduceMin"},
                              {ReduceKind::kProd, "ReduceProd"}};
  for (const Named& k : kKinds) {
    OPSIM_RETURN_IF_ERROR(registry.Register(
        k.name, std::make_shared<ReduceOpReference>(k.name, Door::kOnnx, k.kind)));
    const std::string openvino = std::string("OpenVINO.") + k.name;
    OPSIM_RETURN_IF_ERROR(registry.Register(
        openvino, std::make_shared<ReduceOpReference>(openvino, Door::kOpenVino, k.kind)));
  }
  return registry.Register("Reduce",
                           std::make_shared<ReduceOpReference>("Reduce", Door::kAtb, std::nullopt));
}

}  // namespace

namespace operators::reduce {
Status Register(ReferenceRegistry& registry) {
  OPSIM_RETURN_IF_ERROR(RegisterPlainReducers(registry));
  return RegisterReduceFamilyReferences(registry);
}
}  // namespace operators::reduce

}  // namespace opsim::ref
