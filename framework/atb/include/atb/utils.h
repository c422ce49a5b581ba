// atb::Utils as ATB's atb/utils.h declares it. Sizes follow ATB's rules: 0 for a rank-0
// description, a dim <= 0, an unknown dtype or an overflow.
//
// Logging: like ATB, the facade logs every failure with its message. Lines go to stdout when
// ASCEND_SLOG_PRINT_TO_STDOUT=1 (or ASDOPS_LOG_TO_STDOUT=1); ASCEND_GLOBAL_LOG_LEVEL=4 or
// SetLogLevel(LogLevel::NONE) silences them. opsim writes no log files.
#pragma once

#include <cstdint>
#include <string>

#include "atb/types.h"

namespace atb {

class Utils {
 public:
  static std::string GetAtbVersion();
  static uint64_t GetTensorSize(const Tensor& tensor);
  static uint64_t GetTensorSize(const TensorDesc& tensorDesc);
  static uint64_t GetTensorNumel(const Tensor& tensor);
  static uint64_t GetTensorNumel(const TensorDesc& tensorDesc);
  // The bits of each float widened to uint64 (ATB's quantisation parameter layout).
  static void QuantParamConvert(const float* src, uint64_t* dest, uint64_t itemCount);
  static Status SetLogLevel(const atb::LogLevel atbLogLevel);
  static Status ResetLogLevel();
};

}  // namespace atb
