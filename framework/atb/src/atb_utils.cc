// atb::Utils with ATB's size rules.
#include "atb/utils.h"

#include <cstring>
#include <limits>

#include "atb_convert.h"
#include "atb_log.h"
#include "atb_reduce_rules.h"

namespace atb {

std::string Utils::GetAtbVersion() { return "opsim ATB facade (ATB API, simulated NPU)"; }

uint64_t Utils::GetTensorSize(const Tensor& tensor) { return GetTensorSize(tensor.desc); }

uint64_t Utils::GetTensorSize(const TensorDesc& tensorDesc) {
  return opsim::AtbTensorSize(opsim::atb_facade::ToOpsim(tensorDesc));
}

uint64_t Utils::GetTensorNumel(const Tensor& tensor) { return GetTensorNumel(tensor.desc); }

uint64_t Utils::GetTensorNumel(const TensorDesc& tensorDesc) {
  if (tensorDesc.shape.dimNum == 0 || tensorDesc.shape.dimNum > MAX_DIM) return 0;
  uint64_t count = 1;
  for (uint64_t i = 0; i < tensorDesc.shape.dimNum; ++i) {
    const int64_t d = tensorDesc.shape.dims[i];
    if (d <= 0) return 0;
    if (std::numeric_limits<uint64_t>::max() / static_cast<uint64_t>(d) < count) return 0;
    count *= static_cast<uint64_t>(d);
  }
  return count;
}

void Utils::QuantParamConvert(const float* src, uint64_t* dest, uint64_t itemCount) {
  if (src == nullptr || dest == nullptr) return;
  for (uint64_t i = 0; i < itemCount; ++i) {
    uint32_t bits = 0;
    std::memcpy(&bits, &src[i], sizeof(bits));
    dest[i] = bits;
  }
}

Status Utils::SetLogLevel(const LogLevel atbLogLevel) {
  if (atbLogLevel < LogLevel::DEBUG || atbLogLevel > LogLevel::NONE) return ERROR_INVALID_PARAM;
  opsim::atb_facade::SetLogLevel(atbLogLevel);
  return NO_ERROR;
}

Status Utils::ResetLogLevel() {
  opsim::atb_facade::ResetLogLevel();
  return NO_ERROR;
}

}  // namespace atb
