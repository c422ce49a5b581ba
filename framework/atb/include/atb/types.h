// ATB's vocabulary as aliases of opsim's: Status, ErrorType, Dims, TensorDesc, Tensor,
// VariantPack, Node, GraphParam; and ACL's aclDataType / aclFormat at global scope, as the ACL
// headers put them.
//
// atb::Status is opsim::Status (a code plus a message) rather than ATB's int32_t: comparisons
// with the ErrorType values (st != atb::NO_ERROR) work as in ATB, and st.message() says why.
#pragma once

#include <cstdint>

#include "atb/svector.h"
#include "opsim/core/status.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/graph.h"

using opsim::aclDataType;
using opsim::aclFormat;
using enum opsim::aclDataType;
using enum opsim::aclFormat;

namespace atb {

using Status = opsim::Status;

enum ErrorType : int {
  NO_ERROR = static_cast<int>(opsim::ErrorCode::kOk),
  ERROR_INVALID_PARAM = static_cast<int>(opsim::ErrorCode::kInvalidParam),
  ERROR_INVALID_GRAPH = static_cast<int>(opsim::ErrorCode::kInvalidGraph),
  ERROR_INTERNAL_ERROR = static_cast<int>(opsim::ErrorCode::kInternalError),
  ERROR_RT_FAIL = static_cast<int>(opsim::ErrorCode::kRtFail),
  ERROR_INVALID_IN_TENSOR_NUM = static_cast<int>(opsim::ErrorCode::kInvalidInTensorNum),
  ERROR_INVALID_TENSOR_DTYPE = static_cast<int>(opsim::ErrorCode::kInvalidTensorDtype),
  ERROR_INVALID_TENSOR_FORMAT = static_cast<int>(opsim::ErrorCode::kInvalidTensorFormat),
  ERROR_INVALID_TENSOR_DIM = static_cast<int>(opsim::ErrorCode::kInvalidTensorDim),
  ERROR_INVALID_TENSOR_SIZE = static_cast<int>(opsim::ErrorCode::kInvalidTensorSize),
  ERROR_OPERATION_NULL_RUNNER = static_cast<int>(opsim::ErrorCode::kOperationNullRunner),
  ERROR_GRAPH_INFERSHAPE_FUNC_FAIL = static_cast<int>(opsim::ErrorCode::kGraphInferShapeFuncFail),
  ERROR_CANN_ERROR = static_cast<int>(opsim::ErrorCode::kCannError),
  ERROR_INVALID_TENSOR_INI_MATCH = static_cast<int>(opsim::ErrorCode::kInvalidTensorIniMatch),
  ERROR_INVALID_TENSOR_ADDR = static_cast<int>(opsim::ErrorCode::kInvalidTensorAddr),
  ERROR_INVALID_TENSOR_NUM = static_cast<int>(opsim::ErrorCode::kInvalidTensorNum),
  ERROR_INVALID_TENSOR_DIM_NUM = static_cast<int>(opsim::ErrorCode::kInvalidTensorDimNum),
  ERROR_INVALID_SINGLE_OPERATION_PARAM =
      static_cast<int>(opsim::ErrorCode::kInvalidSingleOperationParam),
  ERROR_GRAPH_NODE_RESHAPE_FUNC_FAIL =
      static_cast<int>(opsim::ErrorCode::kGraphNodeReshapeFuncFail),
  ERROR_INVALID_GRAPH_NODE_CHUNK = static_cast<int>(opsim::ErrorCode::kInvalidGraphNodeChunk),
  ERROR_INVALID_CONTEXT_ADDR = static_cast<int>(opsim::ErrorCode::kInvalidContextAddr),
  ERROR_INVALID_STREAM = static_cast<int>(opsim::ErrorCode::kInvalidStream),
  ERROR_INVALID_WORKSPACE_SIZE = static_cast<int>(opsim::ErrorCode::kInvalidWorkspaceSize),
  ERROR_INVALID_WORKSPACE_ADDR = static_cast<int>(opsim::ErrorCode::kInvalidWorkspaceAddr),
  ERROR_INVALID_OPERATION_ADDR = static_cast<int>(opsim::ErrorCode::kInvalidOperationAddr),
  ERROR_HCCL_FAIL = static_cast<int>(opsim::ErrorCode::kHcclFail),
  ERROR_OUT_OF_DEVICE_MEMORY = static_cast<int>(opsim::ErrorCode::kOutOfDeviceMemory),
  ERROR_OUT_OF_HOST_MEMORY = static_cast<int>(opsim::ErrorCode::kOutOfHostMemory),
  ERROR_COMM_EMPTY = static_cast<int>(opsim::ErrorCode::kCommEmpty),
  ERROR_COPY_HOST_MEMORY_FAIL = static_cast<int>(opsim::ErrorCode::kCopyHostMemoryFail),
};

// Found by argument-dependent lookup through ErrorType; C++20 derives !=, and the reversed forms.
inline bool operator==(const Status& status, ErrorType error) {
  return static_cast<int>(status.code()) == static_cast<int>(error);
}

using opsim::MAX_DIM;
using Dims = opsim::Dims;
using TensorDesc = opsim::TensorDesc;
using Tensor = opsim::Tensor;
using VariantPack = opsim::VariantPack;
using Node = opsim::Node;
using GraphParam = opsim::GraphParam;

}  // namespace atb
