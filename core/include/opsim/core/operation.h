// The Operation interface every operator and graph implements, with ATB's lifecycle:
// InferShape (descriptions only) -> Setup (all shape and tiling work, workspace size) ->
// Execute (binds memory, runs). Method names follow ATB exactly (see tensor.h) so that
// atb::Operation is a plain alias of opsim::Operation.
#pragma once

#include <cstdint>
#include <string>

#include "opsim/core/status.h"
#include "opsim/core/svector.h"
#include "opsim/core/tensor.h"

namespace opsim {

class Context;  // framework/runtime: the simulated device, threads, tracing, options

class Operation {
 public:
  Operation() = default;
  Operation(const Operation&) = delete;
  Operation& operator=(const Operation&) = delete;
  virtual ~Operation() = default;

  virtual std::string GetName() const = 0;
  virtual uint32_t GetInputNum() const = 0;
  virtual uint32_t GetOutputNum() const = 0;
  // Output descriptions for these inputs; checks count, rank, dtype, format and parameters.
  virtual Status InferShape(const SVector<TensorDesc>& inTensorDescs,
                            SVector<TensorDesc>& outTensorDescs) const = 0;
  // Checks the whole pack (outputs too), does the tiling and reports the workspace in bytes.
  virtual Status Setup(const VariantPack& variantPack, uint64_t& workspaceSize,
                       Context* context) = 0;
  // Runs on the pack Setup saw (same descriptions), with at least workspaceSize bytes of
  // workspace and the same context.
  virtual Status Execute(const VariantPack& variantPack, uint8_t* workspace, uint64_t workspaceSize,
                         Context* context) = 0;
};

}  // namespace opsim
