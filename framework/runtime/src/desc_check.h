// Checks shared by the operations of the runtime: a tensor description against the one expected,
// with the ATB code of the first field that differs.
#pragma once

#include <string>
#include <string_view>

#include "opsim/core/status.h"
#include "opsim/core/tensor.h"

namespace opsim {

// dtype -> kInvalidTensorDtype, format -> kInvalidTensorFormat, dimNum -> kInvalidTensorDimNum,
// a dim -> kInvalidTensorDim. Messages read "<op>: <name> dtype = 0 (expected float16 ND [3])".
Status CheckDescMatches(std::string_view op, std::string_view name, const TensorDesc& got,
                        const TensorDesc& want);

// dataSize must be the bytes the description needs (kInvalidTensorSize).
Status CheckDataSize(std::string_view op, std::string_view name, const Tensor& tensor);

}  // namespace opsim
