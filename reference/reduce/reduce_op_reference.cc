// The Reduce readings' references, plain reducers and the family alike: each reads its call's
// attributes by the reading's documented rules (reduce_reading.h, no code of op_host's), computes
// with Eigen (ref::Reduce) or the family's plain C++ oracle in double (ref::ReduceFamily), and
// judges with ref::Compare: by the reducer's rules, the family by SUM's with magnitudes that
// follow its finish (ReduceFamilyMagnitudes); integers and bools exactly.
// operators::reduce::Register, which the list of operators calls (reference/CMakeLists.txt),
// registers ReduceSum/Max/Min/Prod (ONNX), OpenVINO.ReduceSum/Max/Min/Prod, Reduce (ATB), the
// ONNX family (Mean, SumSquare, L1, L2, LogSum, LogSumExp) and OpenVINO's Mean, L1, L2,
// ReduceLogicalAnd and ReduceLogicalOr.
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "opsim/reference/compare.h"
#include "opsim/reference/op_reference.h"
#include "opsim/reference/reduce_reference.h"
#include "reduce/reduce_family_reference.h"
#include "reduce/reduce_reading.h"

namespace opsim::ref {
namespace {

// What one registry name computes: a plain reducer or a family member (never both). ATB's Reduce
// has neither: its reducer is the attribute reduceType.
struct ReduceOpSpec {
  std::string name;
  ReduceReading reading;
  std::optional<Reducer> plain;
  std::optional<FamilyReducer> family;
};

bool IsBoolFamily(std::optional<FamilyReducer> f) {
  return f == FamilyReducer::kAll || f == FamilyReducer::kAny;
}

// L2, LogSum and LogSumExp take the floating types only (a root or a log of an integer sum).
bool FloatsOnly(FamilyReducer f) {
  return f == FamilyReducer::kL2 || f == FamilyReducer::kLogSum || f == FamilyReducer::kLogSumExp;
}

class ReduceOpReference final : public OpReference {
 public:
  explicit ReduceOpReference(ReduceOpSpec spec) : spec_(std::move(spec)) {}

  std::vector<DType> DTypes(const AttrMap& attrs) const override {
    if (IsBoolFamily(spec_.family)) return {DType::kBool};
    if (spec_.family) {
      std::vector<DType> out = ReduceDTypes(Reducer::kSum);
      if (FloatsOnly(*spec_.family)) std::erase_if(out, [](DType d) { return !IsFloating(d); });
      return out;
    }
    const std::optional<Reducer> r = PlainReducer(attrs);
    return r ? ReduceDTypes(*r) : std::vector<DType>{};
  }

  Status Auto(const AttrMap& attrs, size_t index, DType dtype, AutoData* out) const override {
    if (index != 0) {
      return {ErrorCode::kInvalidParam, spec_.name + ": input " + std::to_string(index) +
                                            " (the axes) has no automatic data; give its values"};
    }
    // A plain reducer's data depends on it: ATB's Reduce without a reduceType has no rule.
    const std::optional<Reducer> r = PlainReducer(attrs);
    if (!spec_.family && !r) return MissingReducer();
    AutoData a;
    if (IsBoolFamily(spec_.family)) {
      a.kind = AutoData::Kind::kIntRange;  // true and false; bytes other than 0/1 are not bools
      a.int_low = 0;
      a.int_high = 1;
    } else if (IsFloating(dtype)) {
      // Products of many values near 1 stay in range; sums of [-1, 1) cancel and exercise the
      // tolerance's abs-sum floor; LogSum wants positive sums, so that the log is finite.
      a.kind = AutoData::Kind::kUniform;
      if (spec_.family == FamilyReducer::kLogSum) a.low = 0.0;
      if (r == Reducer::kProd) {
        a.low = 0.9;
        a.high = 1.1;
      }
    } else if (r) {
      // MAX / MIN: every value is a candidate extreme; SUM / PROD: small, so they wrap rarely.
      a.kind = *r == Reducer::kMax || *r == Reducer::kMin ? AutoData::Kind::kBits
                                                          : AutoData::Kind::kIntRange;
    } else {
      a.kind = AutoData::Kind::kIntRange;  // small: sums of squares wrap only for huge slices
    }
    *out = a;
    return Status::Ok();
  }

  Status Compute(const AttrMap& attrs, std::span<const HostTensor> inputs,
                 std::vector<HostTensor>* outputs) const override {
    ReduceCall call;
    DType as = DType::kFloat32;
    OPSIM_RETURN_IF_ERROR(Read(attrs, inputs, &call, &as));
    HostTensor out;
    out.dtype = inputs[0].dtype;
    out.shape.assign(call.output.begin(), call.output.end());
    out.bytes.assign(static_cast<size_t>(*call.output.NumElements()) * DTypeSize(out.dtype), 0);
    const void* in = inputs[0].bytes.data();
    if (spec_.family) {
      OPSIM_RETURN_IF_ERROR(
          ReduceFamily(*spec_.family, as, call.input, call.axes, in, out.bytes.data()));
    } else {
      OPSIM_RETURN_IF_ERROR(Reduce(*PlainReducer(attrs), as, call.input, call.axes, call.keep_dims,
                                   in, out.bytes.data()));
    }
    outputs->clear();
    outputs->push_back(std::move(out));
    return Status::Ok();
  }

  Judgement Judge(const AttrMap& attrs, std::span<const HostTensor> inputs, size_t index,
                  const HostTensor& expected, const HostTensor& actual) const override {
    Judgement j;
    ReduceCall call;
    DType as = DType::kFloat32;
    if (Status st = Read(attrs, inputs, &call, &as); !st.ok()) {
      j.message = st.ToString();
      return j;
    }
    const DType dtype = inputs[0].dtype;
    const int64_t count = *call.output.NumElements();
    const size_t bytes = static_cast<size_t>(count) * DTypeSize(dtype);
    if (index != 0 || expected.dtype != dtype || actual.dtype != dtype ||
        expected.bytes.size() != bytes || actual.bytes.size() != bytes) {
      j.message = spec_.name + " reference: output " + std::to_string(index) + " is not the " +
                  std::string(DTypeName(dtype)) + " output of " + std::to_string(count) +
                  " elements it judges";
      return j;
    }
    int64_t reduce_len = 1;
    for (int64_t a : call.axes) reduce_len *= call.input[static_cast<int>(a)];
    std::vector<double> magnitudes;
    if (Status st = Magnitudes(call, as, inputs[0].bytes.data(), &magnitudes); !st.ok()) {
      j.message = st.ToString();
      return j;
    }
    // Integers and bools (as uint8 MAX): exact, Compare's integer rule. Floats: the reducer's
    // tolerance for the slice length (the family: SUM's), the magnitudes as the abs-sum floor.
    const bool bools = as == DType::kBool || dtype == DType::kBool;
    const Reducer rule = bools          ? Reducer::kMax
                         : spec_.family ? Reducer::kSum
                                        : *PlainReducer(attrs);
    const CompareResult c = Compare(rule, bools ? DType::kUInt8 : as, reduce_len,
                                    expected.bytes.data(), actual.bytes.data(), count, magnitudes);
    j.ok = c.ok;
    j.max_abs_err = c.max_abs_err;
    j.max_rel_err = c.max_rel_err;
    j.message = spec_.name + ": " + c.message;
    return j;
  }

 private:
  std::optional<Reducer> PlainReducer(const AttrMap& attrs) const {
    if (spec_.family) return std::nullopt;
    return spec_.plain ? spec_.plain : AtbReducer(attrs);
  }

  Status MissingReducer() const {
    return {
        ErrorCode::kInvalidParam,
        spec_.name + " reference: attribute 'reduceType' is missing or not sum, max, min or prod"};
  }

  // The dtype the values are reduced as: the input's, or uint8 for bool where a bool reduce is
  // MAX (any) or MIN (all) of 0/1 bytes: ONNX opset 20's ReduceMax / ReduceMin on bool and
  // OpenVINO's ReduceLogicalOr / And (the family oracle reduces bool itself).
  Status ComputeDType(const AttrMap& attrs, DType dtype, DType* as) const {
    const std::optional<Reducer> r = PlainReducer(attrs);
    if (!spec_.family && !r) return MissingReducer();
    const bool max_min = r == Reducer::kMax || r == Reducer::kMin;
    if (dtype == DType::kBool && spec_.reading == ReduceReading::kOnnx && max_min) {
      *as = DType::kUInt8;
      return Status::Ok();
    }
    const std::vector<DType> supported = DTypes(attrs);
    if (std::find(supported.begin(), supported.end(), dtype) == supported.end()) {
      return {
          ErrorCode::kInvalidTensorDtype,
          spec_.name + " reference: dtype " + std::string(DTypeName(dtype)) + " is not supported"};
    }
    *as = dtype;
    return Status::Ok();
  }

  Status Read(const AttrMap& attrs, std::span<const HostTensor> inputs, ReduceCall* call,
              DType* as) const {
    if (inputs.empty()) {
      return {ErrorCode::kInvalidParam, spec_.name + " reference: takes 1 or 2 inputs, got 0"};
    }
    OPSIM_RETURN_IF_ERROR(ComputeDType(attrs, inputs[0].dtype, as));
    return ReadReduceCall(spec_.name, spec_.reading, attrs, inputs, call);
  }

  // The abs-sum floor of a floating result (empty for integers and bools; a plain reducer
  // whose sums cannot be taken goes without it).
  Status Magnitudes(const ReduceCall& call, DType as, const void* in,
                    std::vector<double>* out) const {
    if (!IsFloating(as)) return Status::Ok();
    out->resize(static_cast<size_t>(*call.output.NumElements()));
    if (spec_.family) {
      return ReduceFamilyMagnitudes(*spec_.family, as, call.input, call.axes, in, *out);
    }
    if (!AbsSum(as, call.input, call.axes, in, *out).ok()) out->clear();
    return Status::Ok();
  }

  ReduceOpSpec spec_;
};

std::vector<ReduceOpSpec> ReduceOpSpecs() {
  using R = ReduceReading;
  using F = FamilyReducer;
  std::vector<ReduceOpSpec> specs;
  for (const auto& [r, title] : {std::pair{Reducer::kSum, "Sum"},
                                 {Reducer::kMax, "Max"},
                                 {Reducer::kMin, "Min"},
                                 {Reducer::kProd, "Prod"}}) {
    specs.push_back({std::string("Reduce") + title, R::kOnnx, r, std::nullopt});
    specs.push_back({std::string("OpenVINO.Reduce") + title, R::kOpenVino, r, std::nullopt});
  }
  specs.push_back({"Reduce", R::kAtb, std::nullopt, std::nullopt});
  for (const auto& [f, title] : {std::pair{F::kMean, "Mean"},
                                 {F::kSumSquare, "SumSquare"},
                                 {F::kL1, "L1"},
                                 {F::kL2, "L2"},
                                 {F::kLogSum, "LogSum"},
                                 {F::kLogSumExp, "LogSumExp"}}) {
    specs.push_back({std::string("Reduce") + title, R::kOnnx, std::nullopt, f});
  }
  for (const auto& [f, name] : {std::pair{F::kMean, "ReduceMean"},
                                {F::kL1, "ReduceL1"},
                                {F::kL2, "ReduceL2"},
                                {F::kAll, "ReduceLogicalAnd"},
                                {F::kAny, "ReduceLogicalOr"}}) {
    specs.push_back({std::string("OpenVINO.") + name, R::kOpenVino, std::nullopt, f});
  }
  return specs;
}

}  // namespace

namespace operators::reduce {
Status Register(ReferenceRegistry& registry) {
  for (ReduceOpSpec& spec : ReduceOpSpecs()) {
    const std::string name = spec.name;
    OPSIM_RETURN_IF_ERROR(
        registry.Register(name, std::make_shared<ReduceOpReference>(std::move(spec))));
  }
  return Status::Ok();
}
}  // namespace operators::reduce

}  // namespace opsim::ref
