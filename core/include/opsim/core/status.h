// Status: an error code plus a message naming the parameter, the value and the rule.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace opsim {

// Codes 0..29 are ATB's atb::ErrorType values, so the ATB facade passes them through unchanged.
// Codes from 1000 on are ours (simulator faults, files, configs).
enum class ErrorCode : int32_t {
  kOk = 0,
  kInvalidParam = 1,
  kInvalidGraph = 2,
  kInternalError = 3,
  kRtFail = 4,
  kInvalidInTensorNum = 5,
  kInvalidTensorDtype = 6,
  kInvalidTensorFormat = 7,
  kInvalidTensorDim = 8,
  kInvalidTensorSize = 9,
  kOperationNullRunner = 10,
  kGraphInferShapeFuncFail = 11,
  kCannError = 12,
  kInvalidTensorIniMatch = 13,
  kInvalidTensorAddr = 14,
  kInvalidTensorNum = 15,
  kInvalidTensorDimNum = 16,
  kInvalidSingleOperationParam = 17,
  kGraphNodeReshapeFuncFail = 18,
  kInvalidGraphNodeChunk = 19,
  kInvalidContextAddr = 20,
  kInvalidStream = 21,
  kInvalidWorkspaceSize = 22,
  kInvalidWorkspaceAddr = 23,
  kInvalidOperationAddr = 24,
  kHcclFail = 25,
  kOutOfDeviceMemory = 26,
  kOutOfHostMemory = 27,
  kCommEmpty = 28,
  kCopyHostMemoryFail = 29,
  // opsim's own codes.
  kKernelFault = 1000,  // the simulator caught a kernel bug (see sim::Fault)
  kConfigError = 1001,  // malformed or incomplete configuration file
  kIoError = 1002,      // file missing, unreadable or malformed
  kUnsupported = 1003,  // valid request this build does not implement
};

// Name of a code as ATB spells it (ERROR_INVALID_PARAM, ...) or ours (OPSIM_KERNEL_FAULT, ...).
std::string_view ErrorCodeName(ErrorCode code);

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return {}; }
  bool ok() const { return code_ == ErrorCode::kOk; }
  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // "ERROR_INVALID_PARAM: <message>"
  std::string ToString() const;

 private:
  ErrorCode code_ = ErrorCode::kOk;
  std::string message_;
};

// A Status a caller may drop without a warning. Only for the calls ATB code habitually ignores
// (DestroyOperation, DestroyContext, SetExecuteStream), whose ATB return type is a plain int.
class DiscardableStatus : public Status {
 public:
  DiscardableStatus() = default;
  DiscardableStatus(Status status) : Status(std::move(status)) {}  // NOLINT: implicit on purpose
};

#define OPSIM_RETURN_IF_ERROR(expr)                \
  do {                                             \
    ::opsim::Status opsim_status_ = (expr);        \
    if (!opsim_status_.ok()) return opsim_status_; \
  } while (0)

}  // namespace opsim
