// The normalised reduce request and the three front doors that lower to it (docs/SPEC.md §1).
//
// Every front door checks everything before it writes: on error *request is left untouched.
// Messages start with the operator as its user knows it: "ReduceOperation" (ATB),
// "ONNX ReduceProd", "OpenVINO ReduceSum", then name the parameter, the value and the rule.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "opsim/core/dtype.h"
#include "opsim/core/shape.h"
#include "opsim/core/status.h"
#include "opsim/core/svector.h"
#include "reduce/reduce_param.h"

namespace opsim {

enum class ReduceKind { kSum, kMax, kMin, kProd };

// The rest of the ONNX reduce family (docs/SPEC.md section 6): SUM with a map of the inputs
// before the combine and a finish of the results after it.
enum class ReduceVariant { kPlain, kMean, kSumSquare, kL1, kL2, kLogSum, kLogSumExp };

struct ReduceVariantInfo {
  ReduceVariant variant;
  std::string_view title;  // "Mean": ONNX ReduceMean
  bool floats_only;        // L2 and LogSum take the floating types only
};
// Every variant but kPlain.
std::span<const ReduceVariantInfo> ReduceVariants();
const ReduceVariantInfo* FindReduceVariant(ReduceVariant variant);

// The attribute defaults a loader applies when a model leaves them out.
inline constexpr bool kOnnxDefaultKeepdims = true;
inline constexpr bool kOnnxDefaultNoopWithEmptyAxes = false;
inline constexpr bool kOpenVinoDefaultKeepDims = false;

// The one table of reducers: how each is named by ATB (REDUCE_<name>, reduceType number) and by
// the model formats' op types (Reduce<Title>).
struct ReducerInfo {
  ReduceKind kind;
  std::string_view name;   // "SUM"
  std::string_view title;  // "Sum": ONNX ReduceSum, OpenVINO ReduceSum
  int atb_type;            // infer::ReduceParam::REDUCE_SUM
};
std::span<const ReducerInfo> Reducers();
// nullptr for a value outside the enum.
const ReducerInfo* FindReducer(ReduceKind kind);

// "SUM", "MAX", "MIN", "PROD".
std::string_view ReduceKindName(ReduceKind kind);

struct ReduceRequest {
  ReduceKind kind = ReduceKind::kSum;
  DType dtype = DType::kFloat32;
  Shape input;
  // Sorted, unique, each in [0, input.rank()).
  SVector<int64_t, kMaxRank> axes;
  bool keep_dims = false;
  // Nothing is reduced and output == input. Holds exactly when axes is empty: an explicit
  // no-op (ONNX noop_with_empty_axes=1, OpenVINO empty axes) or a reduce-all of a rank-0
  // input, which reduces one element over no axis and so returns it unchanged.
  bool identity = false;
  Shape output;
  ReduceVariant variant = ReduceVariant::kPlain;  // with kind kSum
  // dtype is uint8 standing for bool (bool MAX is any, MIN all): MIN's empty-set identity 255
  // reads as true (1).
  bool bool_values = false;

  friend bool operator==(const ReduceRequest&, const ReduceRequest&) = default;
};

// "SUM [2,3] float32 axes=[0] keep_dims=0 -> [3]", for logs and test names.
std::string ToString(const ReduceRequest& request);

// Turns untrusted dims into the Shape the front doors take. A Shape cannot hold more than
// kMaxRank dims, so rank > 8 is refused here (kInvalidTensorDimNum); negative dims and
// element-count overflow are refused here too. `op` prefixes the messages.
Status MakeReduceInputShape(std::string_view op, std::span<const int64_t> dims, Shape* out);

// ATB ReduceParam. reduceType must be REDUCE_MAX..REDUCE_PROD, rsv all zero, axis non-empty,
// no longer than the rank, each 0 <= axis < rank, no duplicates; keep_dims is always false.
// strict_dtypes applies the table real ATB ships (MAX/MIN: int32, bfloat16; SUM: float16,
// bfloat16) and rejects REDUCE_PROD for every dtype, since ATB does not ship it at all: with
// kInvalidTensorIniMatch, as ATB does, except on int32 and bfloat16, which ATB's table for
// reduceTypes other than SUM admits, so its parameter check refuses 4 (kInvalidParam). Otherwise
// the package's list (docs/SPEC.md §2) applies.
Status LowerAtb(const infer::ReduceParam& param, DType dtype, const Shape& input,
                bool strict_dtypes, ReduceRequest* request);

// ONNX Reduce{Sum,Max,Min,Prod}. axes absent or empty: reduce all, unless
// noop_with_empty_axes, then identity. Axes in [-r, r-1], negatives normalised, duplicates
// (after normalising) rejected. bool, which ONNX opset 20 allows for ReduceMax/ReduceMin, is
// rejected: the kernels do not implement it.
// `variant` other than kPlain: the family op (ReduceMean, ...) with kind kSum.
Status LowerOnnx(ReduceKind kind, DType dtype, const Shape& input,
                 std::optional<std::span<const int64_t>> axes, bool keepdims,
                 bool noop_with_empty_axes, ReduceRequest* request,
                 ReduceVariant variant = ReduceVariant::kPlain);

// OpenVINO Reduce{Sum,Max,Min,Prod} (opset1). Axes in [-r, r-1], duplicates treated as a set
// (what OpenVINO's implementation does), empty axes: identity.
Status LowerOpenVino(ReduceKind kind, DType dtype, const Shape& input,
                     std::span<const int64_t> reduction_axes, bool keep_dims,
                     ReduceRequest* request, ReduceVariant variant = ReduceVariant::kPlain);

}  // namespace opsim
