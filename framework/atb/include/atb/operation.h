// atb::Operation as ATB's atb/operation.h declares it: every call returns atb::Status (int32_t).
// Operations come from CreateOperation(param, &op) and go with DestroyOperation(op); a graph
// operation owns its nodes' operations and destroys them with itself.
#pragma once

#include <cstdint>
#include <string>

#include "atb/context.h"
#include "atb/svector.h"
#include "atb/types.h"

namespace atb {

class Operation {
 public:
  Operation() = default;
  Operation(const Operation&) = delete;
  Operation& operator=(const Operation&) = delete;
  virtual ~Operation() = default;

  virtual std::string GetName() const = 0;
  virtual Status InferShape(const SVector<TensorDesc>& inTensorDescs,
                            SVector<TensorDesc>& outTensorDescs) const = 0;
  virtual uint32_t GetInputNum() const = 0;
  virtual uint32_t GetOutputNum() const = 0;
  virtual Status Setup(const VariantPack& variantPack, uint64_t& workspaceSize,
                       Context* context) = 0;
  virtual Status Execute(const VariantPack& variantPack, uint8_t* workspace, uint64_t workspaceSize,
                         Context* context) = 0;
};

// Specialised for each parameter type opsim implements (infer::ReduceParam, GraphParam); any
// other type fails to link, as with ATB for a parameter it does not ship.
template <typename OpParam>
Status CreateOperation(const OpParam& opParam, Operation** operation);

template <>
Status CreateOperation(const GraphParam& opParam, Operation** operation);

Status DestroyOperation(Operation* operation);

template <typename OpParam>
Status CloneOperationParam(const Operation* operation, OpParam& opParam);

template <typename OpParam>
Status UpdateOperationParam(Operation* operation, const OpParam& opParam);

// Stream ids are kept and reported; the simulator has one synchronous stream.
Status SetExecuteStreamId(Operation* operation, uint32_t streamId);
uint32_t GetExecuteStreamId(Operation* operation);

}  // namespace atb
