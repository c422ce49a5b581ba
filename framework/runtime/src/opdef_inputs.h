// How the tensors of a call map onto an OpDef's inputs. A DYNAMIC input takes the "@<name>"
// count of tensors. An input given as a constant ("=<name>": an int list is an int64 1-D
// tensor, a float list a float32 1-D tensor) is held by the operation: it takes no tensor of the
// pack, and its value reaches InferShape and the tiling function as CANN hands a Const node's
// value to a ValueDepend input. Description files and models use it for axes-like inputs. An
// OPTIONAL input is absent unless the call gives it, as a constant or marked present
// ("+<name>": true, a tensor of the pack); an absent one takes no tensor, the op's functions see
// no instance of it and the kernel a null address. (A present one may still be left out at run
// time: a pack tensor of dtype ACL_DT_UNDEFINED, as aclnn passes a null tensor.)
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "opsim/core/status.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/operation_registry.h"
#include "register/op_def.h"

namespace opsim {

struct ConstantInput {
  TensorDesc desc;
  uint64_t data_bytes = 0;
  // data_bytes of values, then zeros up to the padding ContextOptions::padded_device_buffers
  // promises for every input: a constant is a device buffer the operation allocates itself.
  std::vector<uint8_t> bytes;
};

struct OpDefInputs {
  std::vector<size_t> counts;                           // tensors per OpDef input (constant: 1)
  std::vector<size_t> output_counts;                    // tensors per OpDef output
  std::vector<std::optional<ConstantInput>> constants;  // by OpDef input
  std::vector<bool> absent;                             // by OpDef input

  // Tensors the pack holds: every input's count, less the constants and absent inputs.
  size_t PackCount() const;
  // The call's descriptions: the pack's (PackCount() of them), the constants and absent inputs
  // (ACL_DT_UNDEFINED) in their places.
  SVector<TensorDesc> WithConstants(const SVector<TensorDesc>& pack) const;
};

// A DYNAMIC output is a list as well (CANN's aclnn form takes an aclTensorList): "@<name>" gives
// its count, the call's outputs hold that many tensors in its place.
//
// kInvalidParam naming the op and the key: a count missing for a DYNAMIC input or output, for
// one that is not DYNAMIC, or outside 1..64 (what a VariantPack holds), a constant for a DYNAMIC
// input or of a type other than an int or float list, a present mark on an input that is not
// OPTIONAL or with a value other than true, a key naming no input (a count: no input or output).

Status PlanOpDefInputs(const ops::OpDef& def, const AttrMap& attrs, OpDefInputs* out);

}  // namespace opsim
