#include "reduce/reduce_request.h"

#include <array>
#include <string>

#include "reduce/reduce_dtype_support.h"
#include "reduce/reduce_infer_shape.h"

namespace opsim {
namespace {

constexpr std::string_view kAtbOp = "ReduceOperation";

std::string Str(int64_t v) { return std::to_string(v); }

Status Error(ErrorCode code, std::string_view op, const std::string& what) {
  return {code, std::string(op) + ": " + what};
}

constexpr std::array<ReducerInfo, 4> kReducers = {{
    {ReduceKind::kSum, "SUM", "Sum", infer::ReduceParam::REDUCE_SUM},
    {ReduceKind::kMax, "MAX", "Max", infer::ReduceParam::REDUCE_MAX},
    {ReduceKind::kMin, "MIN", "Min", infer::ReduceParam::REDUCE_MIN},
    {ReduceKind::kProd, "PROD", "Prod", infer::ReduceParam::REDUCE_PROD},
}};

std::string Title(ReduceKind kind) {
  const ReducerInfo* r = FindReducer(kind);
  return r == nullptr ? std::string() : std::string(r->title);
}

constexpr std::array<ReduceVariantInfo, 6> kVariants = {{
    {ReduceVariant::kMean, "Mean", false},
    {ReduceVariant::kSumSquare, "SumSquare", false},
    {ReduceVariant::kL1, "L1", false},
    {ReduceVariant::kL2, "L2", true},
    {ReduceVariant::kLogSum, "LogSum", true},
    {ReduceVariant::kLogSumExp, "LogSumExp", true},
}};

std::string Title(ReduceKind kind, ReduceVariant variant) {
  if (const ReduceVariantInfo* v = FindReduceVariant(variant)) return std::string(v->title);
  return Title(kind);
}

std::string OnnxOpName(ReduceKind kind, ReduceVariant variant = ReduceVariant::kPlain) {
  return "ONNX Reduce" + Title(kind, variant);
}

std::string OpenVinoOpName(ReduceKind kind, ReduceVariant variant = ReduceVariant::kPlain) {
  return "OpenVINO Reduce" + Title(kind, variant);
}

// A family variant is SUM of a map; L2 and LogSum need a floating type.
Status CheckVariant(std::string_view op, ReduceKind kind, DType dtype, ReduceVariant variant) {
  const ReduceVariantInfo* v = FindReduceVariant(variant);
  if (v == nullptr) return Status::Ok();
  if (kind != ReduceKind::kSum) {
    return Error(ErrorCode::kInvalidParam, op, "the family variant needs the SUM reducer");
  }
  if (v->floats_only && !IsFloating(dtype)) {
    return Error(ErrorCode::kInvalidTensorDtype, op,
                 "dtype = " + std::string(DTypeName(dtype)) +
                     " is not supported (supported: float32, float16, bfloat16, float64)");
  }
  return Status::Ok();
}

bool IsValidKind(ReduceKind kind) {
  const int v = static_cast<int>(kind);
  return v >= static_cast<int>(ReduceKind::kSum) && v <= static_cast<int>(ReduceKind::kProd);
}

Status CheckKind(std::string_view op, ReduceKind kind) {
  if (IsValidKind(kind)) return Status::Ok();
  return Error(ErrorCode::kInvalidParam, op,
               "reducer = " + Str(static_cast<int>(kind)) +
                   " is not a ReduceKind (expected kSum=0, kMax=1, kMin=2 or kProd=3)");
}

// The package's dtype list (docs/SPEC.md §2); `extra` adds a door-specific hint.
Status CheckPackageDType(std::string_view op, ReduceKind kind, DType dtype,
                         std::string_view extra = {}) {
  if (!IsKnownDType(static_cast<int32_t>(dtype))) {
    return Error(ErrorCode::kInvalidTensorDtype, op,
                 "dtype = " + Str(static_cast<int32_t>(dtype)) + " is not a known dtype");
  }
  if (PackageSupportsReduce(kind, dtype)) return Status::Ok();
  return Error(ErrorCode::kInvalidTensorDtype, op,
               "dtype " + std::string(DTypeName(dtype)) + " is not supported by the " +
                   std::string(ReduceKindName(kind)) + " reducer (supported: " +
                   ReduceDTypeList(kind, false) + ")" + std::string(extra));
}

Status CheckInput(std::string_view op, DType dtype, const Shape& input) {
  // Rank needs no check: a Shape cannot hold more than kMaxRank dims (MakeReduceInputShape
  // refuses them when dims arrive as a list).
  for (int d = 0; d < input.rank(); ++d) {
    if (input[d] < 0) {
      return Error(
          ErrorCode::kInvalidTensorDim, op,
          "input dim[" + Str(d) + "] = " + Str(input[d]) + " is negative (expected dim >= 0)");
    }
  }
  if (!input.NumElements()) {
    return Error(ErrorCode::kInvalidTensorSize, op,
                 "input shape " + input.ToString() + " has more than 2^63-1 elements");
  }
  if (!input.NumBytes(DTypeSize(dtype))) {
    return Error(ErrorCode::kInvalidTensorSize, op,
                 "input shape " + input.ToString() + " of " + std::string(DTypeName(dtype)) +
                     " needs more than 2^63-1 bytes");
  }
  return Status::Ok();
}

// "(expected -3 <= axis < 3)", or the rank-0 wording, which has no such range.
std::string SignedRange(int rank) {
  if (rank == 0) return "(a rank-0 input has no axes)";
  return "(expected " + Str(-rank) + " <= axis < " + Str(rank) + ")";
}

// Fills the request once every check has passed, so errors never leave it half-written.
Status Finish(ReduceKind kind, DType dtype, const Shape& input, uint32_t axis_mask, bool keep_dims,
              ReduceRequest* request, ReduceVariant variant = ReduceVariant::kPlain) {
  ReduceRequest out;
  out.kind = kind;
  out.variant = variant;
  out.dtype = dtype;
  out.input = input;
  for (int d = 0; d < input.rank(); ++d) {
    if (axis_mask & (1u << d)) out.axes.push_back(d);
  }
  out.keep_dims = keep_dims;
  out.identity = out.axes.empty();
  OPSIM_RETURN_IF_ERROR(InferReduceShape(&out));
  *request = out;
  return Status::Ok();
}

Status NullRequest(std::string_view op) {
  return Error(ErrorCode::kInvalidParam, op, "request is null");
}

std::optional<ReduceKind> AtbKind(int reduce_type) {
  for (const ReducerInfo& r : kReducers) {
    if (r.atb_type == reduce_type) return r.kind;
  }
  return std::nullopt;
}

std::string AtbTypeName(ReduceKind kind) { return "REDUCE_" + std::string(ReduceKindName(kind)); }

Status CheckAtbDType(ReduceKind kind, DType dtype, bool strict) {
  if (!strict) return CheckPackageDType(kAtbOp, kind, dtype);
  if (!IsKnownDType(static_cast<int32_t>(dtype))) {
    return Error(ErrorCode::kInvalidTensorIniMatch, kAtbOp,
                 "dtype = " + Str(static_cast<int32_t>(dtype)) + " is not a known dtype");
  }
  if (kind == ReduceKind::kProd) {
    // ATB checks its table first, taking [ReduceOperation] (int32, bfloat16) for any reduceType
    // but SUM; on those dtypes the value 4 then fails its parameter check.
    if (AtbShipsReduce(ReduceKind::kMax, dtype)) {
      return Error(ErrorCode::kInvalidParam, kAtbOp,
                   "reduceType = 4 (opsim's REDUCE_PROD) is outside ATB's ReduceType (strict "
                   "ATB mode; expected REDUCE_MAX=1, REDUCE_MIN=2 or REDUCE_SUM=3)");
    }
    return Error(ErrorCode::kInvalidTensorIniMatch, kAtbOp,
                 "reduceType REDUCE_PROD (4) is an opsim extension that ATB does not ship, so "
                 "strict ATB dtype mode rejects it for every dtype (" +
                     std::string(DTypeName(dtype)) + " given)");
  }
  if (AtbShipsReduce(kind, dtype)) return Status::Ok();
  return Error(ErrorCode::kInvalidTensorIniMatch, kAtbOp,
               "dtype " + std::string(DTypeName(dtype)) + " is not shipped by ATB for " +
                   AtbTypeName(kind) +
                   " (strict ATB dtype mode; ATB ships: " + ReduceDTypeList(kind, true) + ")");
}

Status CheckAtbAxes(const SVector<int64_t>& axis, int rank, uint32_t* mask) {
  if (axis.overflowed()) {
    return Error(ErrorCode::kInvalidParam, kAtbOp,
                 "axis overflowed its capacity of " + Str(SVector<int64_t>::capacity()) +
                     " entries, so some axes were lost (expected at most " + Str(kMaxRank) +
                     " axes)");
  }
  if (axis.empty()) {
    return Error(ErrorCode::kInvalidParam, kAtbOp,
                 "axis is empty (expected at least one axis; ATB has no reduce-all default)");
  }
  if (axis.size() > static_cast<size_t>(rank)) {
    return Error(ErrorCode::kInvalidParam, kAtbOp,
                 "axis has " + Str(static_cast<int64_t>(axis.size())) +
                     (axis.size() == 1 ? " entry" : " entries") + " for an input of rank " +
                     Str(rank) + " (expected at most " + Str(rank) + ")");
  }
  std::array<size_t, kMaxRank> first{};
  uint32_t seen = 0;
  for (size_t i = 0; i < axis.size(); ++i) {
    const int64_t a = axis[i];
    const std::string name = "axis[" + Str(static_cast<int64_t>(i)) + "] = " + Str(a);
    if (a < 0) {
      return Error(ErrorCode::kInvalidParam, kAtbOp,
                   name + " is negative (expected 0 <= axis < " + Str(rank) +
                       "; ATB does not accept negative axes)");
    }
    if (a >= rank) {
      return Error(ErrorCode::kInvalidParam, kAtbOp,
                   name + " is out of range for an input of rank " + Str(rank) +
                       " (expected 0 <= axis < " + Str(rank) + ")");
    }
    if (seen & (1u << a)) {
      return Error(ErrorCode::kInvalidParam, kAtbOp,
                   name + " repeats axis[" + Str(static_cast<int64_t>(first[a])) +
                       "] (expected unique axes)");
    }
    seen |= 1u << a;
    first[a] = i;
  }
  *mask = seen;
  return Status::Ok();
}

}  // namespace

std::span<const ReducerInfo> Reducers() { return kReducers; }

std::span<const ReduceVariantInfo> ReduceVariants() { return kVariants; }

const ReduceVariantInfo* FindReduceVariant(ReduceVariant variant) {
  for (const ReduceVariantInfo& v : kVariants) {
    if (v.variant == variant) return &v;
  }
  return nullptr;
}

const ReducerInfo* FindReducer(ReduceKind kind) {
  for (const ReducerInfo& r : kReducers) {
    if (r.kind == kind) return &r;
  }
  return nullptr;
}

std::string_view ReduceKindName(ReduceKind kind) {
  const ReducerInfo* r = FindReducer(kind);
  return r == nullptr ? "UNKNOWN" : r->name;
}

std::string ToString(const ReduceRequest& request) {
  std::string axes = "[";
  for (size_t i = 0; i < request.axes.size(); ++i) {
    if (i) axes += ",";
    axes += Str(request.axes[i]);
  }
  axes += "]";
  const ReduceVariantInfo* variant = FindReduceVariant(request.variant);
  const std::string name =
      variant != nullptr ? std::string(variant->title) : std::string(ReduceKindName(request.kind));
  return name + " " + request.input.ToString() + " " + std::string(DTypeName(request.dtype)) +
         " axes=" + axes + " keep_dims=" + (request.keep_dims ? "1" : "0") +
         (request.identity ? " identity" : "") + " -> " + request.output.ToString();
}

Status MakeReduceInputShape(std::string_view op, std::span<const int64_t> dims, Shape* out) {
  if (out == nullptr) return Error(ErrorCode::kInvalidParam, op, "output shape is null");
  return Shape::Make(dims.data(), dims.size(), out, std::string(op) + ": input");
}

Status LowerAtb(const infer::ReduceParam& param, DType dtype, const Shape& input,
                bool strict_dtypes, ReduceRequest* request) {
  if (request == nullptr) return NullRequest(kAtbOp);
  const int reduce_type = static_cast<int>(param.reduceType);
  const std::optional<ReduceKind> kind = AtbKind(reduce_type);
  if (!kind) {
    const std::string value = Str(reduce_type) + (reduce_type == 0 ? " (REDUCE_UNDEFINED)" : "");
    return Error(ErrorCode::kInvalidParam, kAtbOp,
                 "reduceType = " + value +
                     " is not a reducer (expected REDUCE_MAX=1, REDUCE_MIN=2, REDUCE_SUM=3 or "
                     "REDUCE_PROD=4)");
  }
  for (size_t i = 0; i < sizeof(param.rsv); ++i) {
    if (param.rsv[i] != 0) {
      return Error(ErrorCode::kInvalidParam, kAtbOp,
                   "rsv[" + Str(static_cast<int64_t>(i)) + "] = " + Str(param.rsv[i]) +
                       " is not 0 (reserved bytes must be all zero)");
    }
  }
  OPSIM_RETURN_IF_ERROR(CheckAtbDType(*kind, dtype, strict_dtypes));
  OPSIM_RETURN_IF_ERROR(CheckInput(kAtbOp, dtype, input));
  uint32_t mask = 0;
  OPSIM_RETURN_IF_ERROR(CheckAtbAxes(param.axis, input.rank(), &mask));
  return Finish(*kind, dtype, input, mask, /*keep_dims=*/false, request);
}

Status LowerOnnx(ReduceKind kind, DType dtype, const Shape& input,
                 std::optional<std::span<const int64_t>> axes, bool keepdims,
                 bool noop_with_empty_axes, ReduceRequest* request, ReduceVariant variant) {
  const std::string op = OnnxOpName(kind, variant);
  if (request == nullptr) return NullRequest(op);
  OPSIM_RETURN_IF_ERROR(CheckKind(op, kind));
  OPSIM_RETURN_IF_ERROR(CheckVariant(op, kind, dtype, variant));
  const bool bool_hint =
      dtype == DType::kBool && (kind == ReduceKind::kMax || kind == ReduceKind::kMin);
  OPSIM_RETURN_IF_ERROR(CheckPackageDType(
      op, kind, dtype,
      bool_hint ? "; ONNX opset 20 allows bool for ReduceMax/ReduceMin, this package does not"
                : ""));
  OPSIM_RETURN_IF_ERROR(CheckInput(op, dtype, input));
  const int rank = input.rank();
  uint32_t mask = 0;
  if (!axes || axes->empty()) {
    if (!noop_with_empty_axes) mask = (1u << rank) - 1u;  // reduce all
  } else {
    std::array<size_t, kMaxRank> first{};
    for (size_t i = 0; i < axes->size(); ++i) {
      const int64_t a = (*axes)[i];
      const std::string name = "axes[" + Str(static_cast<int64_t>(i)) + "] = " + Str(a);
      if (a < -rank || a >= rank) {
        return Error(
            ErrorCode::kInvalidParam, op,
            name + " is out of range for an input of rank " + Str(rank) + " " + SignedRange(rank));
      }
      const int64_t d = a < 0 ? a + rank : a;
      if (mask & (1u << d)) {
        return Error(ErrorCode::kInvalidParam, op,
                     name + " repeats axes[" + Str(static_cast<int64_t>(first[d])) +
                         "] = " + Str((*axes)[first[d]]) + " (both name axis " + Str(d) +
                         "; expected unique axes)");
      }
      mask |= 1u << d;
      first[d] = i;
    }
  }
  return Finish(kind, dtype, input, mask, keepdims, request, variant);
}

Status LowerOpenVino(ReduceKind kind, DType dtype, const Shape& input,
                     std::span<const int64_t> reduction_axes, bool keep_dims,
                     ReduceRequest* request, ReduceVariant variant) {
  const std::string op = OpenVinoOpName(kind, variant);
  if (request == nullptr) return NullRequest(op);
  OPSIM_RETURN_IF_ERROR(CheckKind(op, kind));
  OPSIM_RETURN_IF_ERROR(CheckVariant(op, kind, dtype, variant));
  OPSIM_RETURN_IF_ERROR(CheckPackageDType(op, kind, dtype));
  OPSIM_RETURN_IF_ERROR(CheckInput(op, dtype, input));
  const int rank = input.rank();
  uint32_t mask = 0;
  for (size_t i = 0; i < reduction_axes.size(); ++i) {
    const int64_t a = reduction_axes[i];
    // OpenVINO's normalize_axis takes [0, 0] on a rank-0 input: axis 0 of a scalar is the
    // scalar itself, reduced as a whole.
    if (rank == 0 && a == 0) continue;
    if (a < -rank || a >= rank) {
      return Error(
          ErrorCode::kInvalidParam, op,
          "reduction_axes[" + Str(static_cast<int64_t>(i)) + "] = " + Str(a) +
              " is out of range for an input of rank " + Str(rank) + " " +
              (rank == 0 ? std::string("(a rank-0 input takes axis 0 only)") : SignedRange(rank)));
    }
    mask |= 1u << (a < 0 ? a + rank : a);  // a repeat names the same axis: a set, as OpenVINO
  }
  return Finish(kind, dtype, input, mask, keep_dims, request, variant);
}

}  // namespace opsim
