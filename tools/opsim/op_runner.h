// Runs one registry operation (single input, single output) through the framework: creates it
// from its attributes, infers the output, sets it up on a Context and executes it, as a user of
// the ATB-style API would. The CLI's run, exec and bench commands share it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "opsim/core/dtype.h"
#include "opsim/core/operation.h"
#include "opsim/core/shape.h"
#include "opsim/core/status.h"
#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"
#include "reduce/reduce_request.h"

namespace opsim::cli {

struct OpCall {
  std::string op;  // registry name: "Reduce", "ReduceSum", "OpenVINO.ReduceSum", ...
  AttrMap attrs;
  DType dtype = DType::kFloat32;
  std::vector<int64_t> shape;
};

class OpRunner {
 public:
  // Creates the operation and sets it up on `input` (which must outlive the runner) with an
  // output buffer and a workspace of its own. Every check runs here, before anything executes.
  static Status Create(const OpCall& call, Context* context, const void* input,
                       uint64_t input_bytes, std::unique_ptr<OpRunner>* out);

  const TensorDesc& output_desc() const { return pack_.outTensors[0].desc; }
  Shape output_shape() const;
  const std::vector<uint8_t>& output() const { return output_; }
  std::vector<uint8_t>* mutable_output() { return &output_; }
  uint64_t workspace_bytes() const { return workspace_.size(); }

  // Runs once; the simulated time accumulates in the context.
  Status Execute();

 private:
  OpRunner() = default;

  Context* context_ = nullptr;
  std::unique_ptr<Operation> op_;
  VariantPack pack_;
  std::vector<uint8_t> output_;
  std::vector<uint8_t> workspace_;
};

// The ONNX registry name of a reducer: "ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd".
std::string_view OnnxOpName(ReduceKind kind);

}  // namespace opsim::cli
