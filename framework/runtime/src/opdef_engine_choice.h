// GE's engine choice for an op type with an AI Core OpDef and an AI CPU one: a call runs on the
// AI Core when the device's prototype of the op takes it, else on the AI CPU when that OpDef's
// does and a kernel of the type is registered, as GE checks the AI Core's op info store first.
#pragma once

#include <memory>
#include <string>

#include "opsim/core/operation.h"
#include "opsim/framework/host_run.h"

namespace opsim {

// An engine's operation for one OpDef, with the question GE asks it first.
class EngineCandidate : public Operation, public InfersFromValues {
 public:
  // Ok when this engine takes the call: the inputs' dtypes and formats (and with `pack`, its
  // ValueDepend data) against the OpDef's columns; with `device`, what that device adds (the
  // SoC's AddConfig and prototype, or a registered AI CPU kernel).
  virtual Status Supports(const SVector<TensorDesc>& in, const VariantPack* pack,
                          const std::string* device) const = 0;
};

// One operation that asks `aicore`, then `aicpu`, at InferShape and Setup, and runs the chosen.
// A call neither takes gets the AI Core's refusal with the AI CPU's reason after it.
std::unique_ptr<Operation> ChooseEngine(std::unique_ptr<EngineCandidate> aicore,
                                        std::unique_ptr<EngineCandidate> aicpu);

}  // namespace opsim
