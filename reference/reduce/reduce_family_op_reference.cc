// The reduce family as registry references: the attributes and axes lowered through the
// reading's own front door (op_host/reduce/reduce_request.h, as the operation lowers them), the
// values computed by the plain C++ oracle in double, judged by SUM's rules (ref::Compare) with
// magnitudes that follow the finish (ReduceFamilyMagnitudes); integers and bools exactly.
#include "reduce/reduce_family_op_reference.h"

#include <cstring>
#include <string>
#include <vector>

#include "opsim/reference/compare.h"
#include "reduce/reduce_dtype_support.h"
#include "reduce/reduce_family_reference.h"
#include "reduce/reduce_reading_attrs.h"

namespace opsim::ref {
namespace {

struct FamilyOp {
  const char* name;
  bool openvino;
  FamilyReducer reducer;
  ReduceVariant variant;  // kPlain for the bool ops
  ReduceKind kind;        // the operation's reducer: SUM, or MIN / MAX for And / Or
};

constexpr FamilyOp kFamilyOps[] = {
    {"ReduceMean", false, FamilyReducer::kMean, ReduceVariant::kMean, ReduceKind::kSum},
    {"ReduceSumSquare", false, FamilyReducer::kSumSquare, ReduceVariant::kSumSquare,
     ReduceKind::kSum},
    {"ReduceL1", false, FamilyReducer::kL1, ReduceVariant::kL1, ReduceKind::kSum},
    {"ReduceL2", false, FamilyReducer::kL2, ReduceVariant::kL2, ReduceKind::kSum},
    {"ReduceLogSum", false, FamilyReducer::kLogSum, ReduceVariant::kLogSum, ReduceKind::kSum},
    {"ReduceLogSumExp", false, FamilyReducer::kLogSumExp, ReduceVariant::kLogSumExp,
     ReduceKind::kSum},
    {"OpenVINO.ReduceMean", true, FamilyReducer::kMean, ReduceVariant::kMean, ReduceKind::kSum},
    {"OpenVINO.ReduceL1", true, FamilyReducer::kL1, ReduceVariant::kL1, ReduceKind::kSum},
    {"OpenVINO.ReduceL2", true, FamilyReducer::kL2, ReduceVariant::kL2, ReduceKind::kSum},
    {"OpenVINO.ReduceLogicalAnd", true, FamilyReducer::kAll, ReduceVariant::kPlain,
     ReduceKind::kMin},
    {"OpenVINO.ReduceLogicalOr", true, FamilyReducer::kAny, ReduceVariant::kPlain,
     ReduceKind::kMax},
};

bool IsBoolOp(const FamilyOp& op) {
  return op.reducer == FamilyReducer::kAll || op.reducer == FamilyReducer::kAny;
}

class ReduceFamilyOpReference final : public OpReference {
 public:
  explicit ReduceFamilyOpReference(const FamilyOp& op) : op_(op), name_(op.name) {}

  std::vector<DType> DTypes(const AttrMap&) const override {
    if (IsBoolOp(op_)) return {DType::kBool};
    const ReduceVariantInfo* info = FindReduceVariant(op_.variant);
    std::vector<DType> out;
    for (const ReduceDTypeSupport& row : ReduceDTypeTable()) {
      if (!(row.package & ReduceKindBit(ReduceKind::kSum))) continue;
      if (info != nullptr && info->floats_only && !IsFloating(row.dtype)) continue;
      out.push_back(row.dtype);
    }
    return out;
  }

  Status Auto(const AttrMap&, size_t index, DType dtype, AutoData* out) const override {
    if (index != 0) {
      return {ErrorCode::kInvalidParam, name_ + ": input " + std::to_string(index) +
                                            " (the axes) has no automatic data; give its values"};
    }
    AutoData a;
    if (IsBoolOp(op_)) {
      a.kind = AutoData::Kind::kIntRange;  // true and false; bytes other than 0/1 are not bools
      a.int_low = 0;
      a.int_high = 1;
    } else if (IsFloating(dtype)) {
      a.kind = AutoData::Kind::kUniform;
      // LogSum: positive sums, so the log is finite (a sum of [-1, 1) values may be negative).
      if (op_.reducer == FamilyReducer::kLogSum) a.low = 0.0;
    } else {
      a.kind = AutoData::Kind::kIntRange;  // small: sums of squares wrap only for huge slices
    }
    *out = a;
    return Status::Ok();
  }

  Status Compute(const AttrMap& attrs, std::span<const HostTensor> inputs,
                 std::vector<HostTensor>* outputs) const override {
    ReduceRequest req;
    OPSIM_RETURN_IF_ERROR(Lower(attrs, inputs, &req));
    const DType dtype = inputs[0].dtype;
    HostTensor out;
    out.dtype = dtype;
    out.shape.assign(req.output.begin(), req.output.end());
    out.bytes.assign(static_cast<size_t>(*req.output.NumElements()) * DTypeSize(dtype), 0);
    const std::span<const int64_t> axes(req.axes.begin(), req.axes.end());
    OPSIM_RETURN_IF_ERROR(ReduceFamily(op_.reducer, dtype, req.input, axes, inputs[0].bytes.data(),
                                       out.bytes.data()));
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
    const DType dtype = inputs[0].dtype;
    const int64_t count = *req.output.NumElements();
    const size_t bytes = static_cast<size_t>(count) * DTypeSize(dtype);
    if (index != 0 || expected.dtype != dtype || actual.dtype != dtype ||
        expected.bytes.size() != bytes || actual.bytes.size() != bytes) {
      j.message = name_ + " reference: output " + std::to_string(index) + " is not the " +
                  std::string(DTypeName(dtype)) + " output of " + std::to_string(count) +
                  " elements it judges";
      return j;
    }
    if (IsBoolOp(op_)) return ExactBytes(expected, actual);
    const std::span<const int64_t> axes(req.axes.begin(), req.axes.end());
    int64_t reduce_len = 1;
    for (int64_t a : req.axes) reduce_len *= req.input[static_cast<int>(a)];
    std::vector<double> magnitudes;
    if (IsFloating(dtype)) {
      magnitudes.resize(static_cast<size_t>(count));
      if (Status st = ReduceFamilyMagnitudes(op_.reducer, dtype, req.input, axes,
                                             inputs[0].bytes.data(), magnitudes);
          !st.ok()) {
        j.message = st.ToString();
        return j;
      }
    }
    // Integers: exact (Compare's integer rule). Floats: SUM's tolerance for the slice length,
    // with the finish's magnitudes as the abs-sum floor.
    const CompareResult c = Compare(Reducer::kSum, dtype, reduce_len, expected.bytes.data(),
                                    actual.bytes.data(), count, magnitudes);
    j.ok = c.ok;
    j.max_abs_err = c.max_abs_err;
    j.max_rel_err = c.max_rel_err;
    j.message = name_ + ": " + c.message;
    return j;
  }

 private:
  Judgement ExactBytes(const HostTensor& expected, const HostTensor& actual) const {
    Judgement j;
    for (size_t i = 0; i < expected.bytes.size(); ++i) {
      if (expected.bytes[i] != actual.bytes[i]) {
        j.message = name_ + ": element " + std::to_string(i) + " is " +
                    std::to_string(actual.bytes[i]) + ", expected " +
                    std::to_string(expected.bytes[i]) + " (exact)";
        return j;
      }
    }
    j.ok = true;
    return j;
  }

  // The request the operation runs; the bool ops lower as uint8 MIN / MAX, as it does.
  Status Lower(const AttrMap& attrs, std::span<const HostTensor> inputs, ReduceRequest* req) const {
    if (inputs.empty()) {
      return {ErrorCode::kInvalidParam, name_ + " reference: takes 1 or 2 inputs, got 0"};
    }
    DType dtype = inputs[0].dtype;
    if (IsBoolOp(op_)) {
      if (dtype != DType::kBool) {
        return {ErrorCode::kInvalidTensorDtype, name_ + " reference: dtype " +
                                                    std::string(DTypeName(dtype)) +
                                                    " is not supported (bool only)"};
      }
      dtype = DType::kUInt8;
    }
    return LowerReduceReading(name_, op_.openvino, op_.kind, op_.variant, dtype, attrs, inputs,
                              req);
  }

  FamilyOp op_;
  std::string name_;
};

}  // namespace

Status RegisterReduceFamilyReferences(ReferenceRegistry& registry) {
  for (const FamilyOp& op : kFamilyOps) {
    OPSIM_RETURN_IF_ERROR(
        registry.Register(op.name, std::make_shared<ReduceFamilyOpReference>(op)));
  }
  return Status::Ok();
}

}  // namespace opsim::ref
