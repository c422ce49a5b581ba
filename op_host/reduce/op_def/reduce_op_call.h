// What a Reduce operator's InferShape and tiling function read off one call, and its lowering
// to the normalised request through the front door of the op type's reading (docs/SPEC.md §1).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/tensor.h"
#include "graph/types.h"
#include "opsim/core/status.h"
#include "reduce/reduce_request.h"

namespace opsim::reduce_op {

enum class Reading { kOnnx, kOpenVino, kAtb };

struct ReduceOpType {
  std::string name;  // "ReduceSum", "OpenVINO.ReduceSum", "Reduce"
  Reading reading = Reading::kOnnx;
  ReduceKind kind = ReduceKind::kSum;  // ATB's comes from reduceType instead
  ReduceVariant variant = ReduceVariant::kPlain;
  bool bool_only = false;  // OpenVINO's ReduceLogicalAnd / Or: MIN / MAX of bool
};

// Every Reduce op type, from the one table of reducers and the one of family variants: the four
// reducers in every reading, the variants in ONNX's (and Mean, L1, L2 in OpenVINO's), and
// OpenVINO's ReduceLogicalAnd / ReduceLogicalOr. Built once: every InferShape looks its type up.
const std::vector<ReduceOpType>& ReduceOpTypes();
std::optional<ReduceOpType> FindReduceOpType(const std::string& name);

// The attribute order each reading declares (what GetAttrs() indexes).
enum OnnxAttr { kOnnxAxes, kOnnxKeepdims, kOnnxNoopWithEmptyAxes };
enum OpenVinoAttr { kOpenVinoKeepDims, kOpenVinoReductionAxes };
enum AtbAttr { kAtbReduceType, kAtbAxis };

struct ReduceCall {
  std::string op_type;
  const gert::RuntimeAttrs* attrs = nullptr;
  ge::DataType dtype = ge::DT_FLOAT;
  std::vector<int64_t> dims;           // of the data input
  const gert::Tensor* axes = nullptr;  // the axes input, when present
};

// The request the call makes, or the front door's error (its code and message).
Status LowerReduceCall(const ReduceCall& call, ReduceRequest* request);

}  // namespace opsim::reduce_op
