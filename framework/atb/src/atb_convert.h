// Conversions between the facade's ATB types and opsim's runtime types. The structs hold the
// same fields with the same numbers (aclDataType, aclFormat), so they convert by value; opsim's
// containers hold at most 64 entries, ATB's 256, so a longer list is refused with a message.
#pragma once

#include "atb/types.h"
#include "opsim/core/status.h"
#include "opsim/core/svector.h"
#include "opsim/core/tensor.h"

namespace opsim::atb_facade {

opsim::TensorDesc ToOpsim(const atb::TensorDesc& desc);
atb::TensorDesc ToAtb(const opsim::TensorDesc& desc);
opsim::Tensor ToOpsim(const atb::Tensor& tensor);

// `what` names the list in the error ("inTensorDescs"); `code` is the error for a list too long.
Status ToOpsim(const atb::SVector<atb::TensorDesc>& in, opsim::SVector<opsim::TensorDesc>* out,
               const char* what, ErrorCode code);
// Refills `out` (cleared first), so a caller can keep one pack and reuse its storage.
Status ToOpsim(const atb::VariantPack& in, opsim::VariantPack* out);
void ToAtb(const opsim::SVector<opsim::TensorDesc>& in, atb::SVector<atb::TensorDesc>* out);

// opsim's code as ATB's int32 Status (codes 0..29 are ATB's ErrorType values; 1000 on, opsim's).
inline atb::Status ToAtbStatus(const Status& status) {
  return static_cast<atb::Status>(status.code());
}

}  // namespace opsim::atb_facade
