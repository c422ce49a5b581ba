// atb::GraphOpBuilder as ATB's atb/graph_op_builder.h declares it: a graph built from tensor
// names. Init names the graph's inputs and outputs and gives its InferShapeFunc; every other name
// an operation reads or writes becomes an internal tensor, in the order first met. Build creates
// the graph operation; on failure it destroys the operations added and returns nullptr (the
// message is logged, as ATB logs it). Reshape views are recorded as in ATB, but opsim's graphs do
// not model reshape functions, so a graph that reads a view fails to Build.
#pragma once

#include <memory>
#include <string>

#include "atb/operation.h"

namespace atb {

class GraphOpBuilder {
 public:
  GraphOpBuilder();
  virtual ~GraphOpBuilder();

  virtual Status Init(const std::string& opName, const InferShapeFunc& inferShapeFunc,
                      const SVector<std::string>& inTensorNames,
                      const SVector<std::string>& outTensorNames) = 0;
  virtual Status Reshape(const std::string& srcTensorName, const ReshapeFunc& reshapeFunc,
                         const std::string& viewTensorName) = 0;
  virtual Status AddOperation(Operation* operation, const SVector<std::string>& inTensorNames,
                              const SVector<std::string>& outTensorNames) = 0;
  virtual Operation* Build() = 0;

  template <class OpParam>
  Status AddOperation(const OpParam& opParam, const SVector<std::string>& inTensorNames,
                      const SVector<std::string>& outTensorNames) {
    Operation* operation = nullptr;
    Status st = CreateOperation(opParam, &operation);
    if (st != NO_ERROR) return st;
    st = AddOperation(operation, inTensorNames, outTensorNames);
    if (st != NO_ERROR && operation != nullptr) DestroyOperation(operation);
    return st;
  }
};

Status CreateGraphOpBuilder(GraphOpBuilder** builder);
Status DestroyGraphOpBuilder(GraphOpBuilder* builder);

}  // namespace atb
