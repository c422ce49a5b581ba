// Random calls of registered operators, for the opdef_setup and kernel_launch fuzz targets:
// an operator chosen from the registry (never from a list naming operators), attributes shaped by
// its OpDef's declarations (mostly the declared kind, sometimes another, sometimes unknown keys),
// its optional, constant and dynamic inputs, and input descriptions from one of its dtype
// columns (sometimes any ACL dtype, format or rank) with small or hostile dims.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "byte_reader.h"
#include "opsim/core/operation.h"
#include "opsim/core/status.h"
#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"

namespace opsim::fuzz {

// The registry's operator names (OperationRegistry::Global().Names()), read once.
const std::vector<std::string>& RegisteredOps();

struct OpCall {
  std::string op;
  AttrMap attrs;
  std::unique_ptr<Operation> operation;  // null when Create refused the attributes
  SVector<TensorDesc> inputs;            // GetInputNum() descriptions
  // Some input is ValueDepend (or the op is no OpDef): Setup's inference may then differ from
  // InferShape's, which cannot see values.
  bool reads_values = true;
};

// Chooses an operator (or uses `op` when not empty), its attributes, creates the operation and
// describes its inputs. Returns Create's status.
Status GenerateOpCall(ByteReader& in, const std::string& op, OpCall* call);

// Host buffers for a pack: inputs filled from the reader (ValueDepend inputs such as axes read
// them), outputs zeroed. Tensors whose bytes are unknown or over `max_bytes` in total get no
// buffer (deviceData null, dataSize as the description says); `complete` says whether all got one.
struct PackBuffers {
  VariantPack pack;
  std::vector<std::vector<uint8_t>> storage;
  bool complete = true;
};
void FillPack(ByteReader& in, const SVector<TensorDesc>& inputs, const SVector<TensorDesc>& outputs,
              uint64_t max_bytes, PackBuffers* out);

// One context per shipped profile, checked mode, one host thread (a fuzz run is serial), made once.
Context* FuzzContext(size_t index);
inline constexpr size_t kFuzzContexts = 3;

// A status the API documents carries a message; an empty one is a finding.
void RequireMessage(const Status& st);

}  // namespace opsim::fuzz
