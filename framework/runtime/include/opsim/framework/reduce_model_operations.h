// Reduce in the readings of the model formats, as registry operators (docs/SPEC.md §1):
//   "ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd"        the ONNX reading
//     axes                  int list, optional: absent or empty reduces all (negatives allowed)
//     keepdims              bool, or int 0/1; default 1
//     noop_with_empty_axes  bool, or int 0/1; default 0 (1: empty or absent axes is identity)
//   "OpenVINO.ReduceSum", "OpenVINO.ReduceMax", "OpenVINO.ReduceMin", "OpenVINO.ReduceProd"
//     reduction_axes        int list, required (empty: identity; repeats are a set)
//     keep_dims             bool, or int 0/1; default false
// The operations share the ATB operation's lifecycle checks and codes (reduce_atb_operation.h);
// the ATB strict dtype table does not apply to them. GetName() and message prefixes are
// "ONNX ReduceSum" / "OpenVINO ReduceSum", as op_host's front doors name them.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "opsim/core/operation.h"
#include "opsim/core/status.h"
#include "opsim/framework/operation_registry.h"
#include "reduce/reduce_request.h"

namespace opsim {

struct OnnxReduceParam {
  ReduceKind kind = ReduceKind::kSum;
  std::optional<std::vector<int64_t>> axes;  // nullopt: the attribute is absent
  bool keepdims = kOnnxDefaultKeepdims;
  bool noop_with_empty_axes = kOnnxDefaultNoopWithEmptyAxes;
};

struct OpenVinoReduceParam {
  ReduceKind kind = ReduceKind::kSum;
  std::vector<int64_t> reduction_axes;
  bool keep_dims = kOpenVinoDefaultKeepDims;
};

Status CreateOnnxReduceOperation(const OnnxReduceParam& param, std::unique_ptr<Operation>* out);
Status CreateOpenVinoReduceOperation(const OpenVinoReduceParam& param,
                                     std::unique_ptr<Operation>* out);

// Registers the eight names above (kInvalidParam if one is taken).
Status RegisterReduceModelOperations(OperationRegistry& registry);

}  // namespace opsim
