#include "opsim/core/status.h"

namespace opsim {

std::string_view ErrorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::kOk: return "NO_ERROR";
    case ErrorCode::kInvalidParam: return "ERROR_INVALID_PARAM";
    case ErrorCode::kInvalidGraph: return "ERROR_INVALID_GRAPH";
    case ErrorCode::kInternalError: return "ERROR_INTERNAL_ERROR";
    case ErrorCode::kRtFail: return "ERROR_RT_FAIL";
    case ErrorCode::kInvalidInTensorNum: return "ERROR_INVALID_IN_TENSOR_NUM";
    case ErrorCode::kInvalidTensorDtype: return "ERROR_INVALID_TENSOR_DTYPE";
    case ErrorCode::kInvalidTensorFormat: return "ERROR_INVALID_TENSOR_FORMAT";
    case ErrorCode::kInvalidTensorDim: return "ERROR_INVALID_TENSOR_DIM";
    case ErrorCode::kInvalidTensorSize: return "ERROR_INVALID_TENSOR_SIZE";
    case ErrorCode::kOperationNullRunner: return "ERROR_OPERATION_NULL_RUNNER";
    case ErrorCode::kGraphInferShapeFuncFail: return "ERROR_GRAPH_INFERSHAPE_FUNC_FAIL";
    case ErrorCode::kCannError: return "ERROR_CANN_ERROR";
    case ErrorCode::kInvalidTensorIniMatch: return "ERROR_INVALID_TENSOR_INI_MATCH";
    case ErrorCode::kInvalidTensorAddr: return "ERROR_INVALID_TENSOR_ADDR";
    case ErrorCode::kInvalidTensorNum: return "ERROR_INVALID_TENSOR_NUM";
    case ErrorCode::kInvalidTensorDimNum: return "ERROR_INVALID_TENSOR_DIM_NUM";
    case ErrorCode::kInvalidSingleOperationParam: return "ERROR_INVALID_SINGLE_OPERATION_PARAM";
    case ErrorCode::kGraphNodeReshapeFuncFail: return "ERROR_GRAPH_NODE_RESHAPE_FUNC_FAIL";
    case ErrorCode::kInvalidGraphNodeChunk: return "ERROR_INVALID_GRAPH_NODE_CHUNK";
    case ErrorCode::kInvalidContextAddr: return "ERROR_INVALID_CONTEXT_ADDR";
    case ErrorCode::kInvalidStream: return "ERROR_INVALID_STREAM";
    case ErrorCode::kInvalidWorkspaceSize: return "ERROR_INVALID_WORKSPACE_SIZE";
    case ErrorCode::kInvalidWorkspaceAddr: return "ERROR_INVALID_WORKSPACE_ADDR";
    case ErrorCode::kInvalidOperationAddr: return "ERROR_INVALID_OPERATION_ADDR";
    case ErrorCode::kHcclFail: return "ERROR_HCCL_FAIL";
    case ErrorCode::kOutOfDeviceMemory: return "ERROR_OUT_OF_DEVICE_MEMORY";
    case ErrorCode::kOutOfHostMemory: return "ERROR_OUT_OF_HOST_MEMORY";
    case ErrorCode::kCommEmpty: return "ERROR_COMM_EMPTY";
    case ErrorCode::kCopyHostMemoryFail: return "ERROR_COPY_HOST_MEMORY_FAIL";
    case ErrorCode::kKernelFault: return "OPSIM_KERNEL_FAULT";
    case ErrorCode::kConfigError: return "OPSIM_CONFIG_ERROR";
    case ErrorCode::kIoError: return "OPSIM_IO_ERROR";
    case ErrorCode::kUnsupported: return "OPSIM_UNSUPPORTED";
  }
  return "UNKNOWN_ERROR";
}

std::string Status::ToString() const {
  if (ok()) return "NO_ERROR";
  std::string out(ErrorCodeName(code_));
  out += ": ";
  out += message_;
  return out;
}

}  // namespace opsim
