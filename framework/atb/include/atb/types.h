// ATB's vocabulary as atb/types.h declares it: Status is int32_t with the ErrorType values,
// MAX_DIM, LogLevel, Dims, TensorDesc, Tensor, VariantPack, Chunk, ReshapeFunc, InferShapeFunc,
// Node and GraphParam; ACL's types and runtime calls come from acl/acl.h, as in ATB.
//
// The facade's headers include nothing of opsim, so that ATB client code compiles as C++17;
// opsim's runtime has the same structs in namespace opsim and the facade converts at the
// boundary. opsim's rich status (code + message) stays inside: the message of a failure is
// logged (atb/utils.h) and kept per operation and context (atb/opsim_ext.h).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "acl/acl.h"  // as ATB's types.h: opsim's AscendCL (libascendcl)
#include "atb/svector.h"

namespace atb {

using Status = int32_t;
constexpr uint32_t MAX_DIM = 8;

enum ErrorType : int {
  NO_ERROR = 0,
  ERROR_INVALID_PARAM,
  ERROR_INVALID_GRAPH,
  ERROR_INTERNAL_ERROR,
  ERROR_RT_FAIL,
  ERROR_INVALID_IN_TENSOR_NUM,
  ERROR_INVALID_TENSOR_DTYPE,
  ERROR_INVALID_TENSOR_FORMAT,
  ERROR_INVALID_TENSOR_DIM,
  ERROR_INVALID_TENSOR_SIZE,
  ERROR_OPERATION_NULL_RUNNER,
  ERROR_GRAPH_INFERSHAPE_FUNC_FAIL,
  ERROR_CANN_ERROR,
  ERROR_INVALID_TENSOR_INI_MATCH,
  ERROR_INVALID_TENSOR_ADDR,
  ERROR_INVALID_TENSOR_NUM,
  ERROR_INVALID_TENSOR_DIM_NUM,
  ERROR_INVALID_SINGLE_OPERATION_PARAM,
  ERROR_GRAPH_NODE_RESHAPE_FUNC_FAIL,
  ERROR_INVALID_GRAPH_NODE_CHUNK,
  ERROR_INVALID_CONTEXT_ADDR,
  ERROR_INVALID_STREAM,
  ERROR_INVALID_WORKSPACE_SIZE,
  ERROR_INVALID_WORKSPACE_ADDR,
  ERROR_INVALID_OPERATION_ADDR,
  ERROR_HCCL_FAIL,
  ERROR_OUT_OF_DEVICE_MEMORY,
  ERROR_OUT_OF_HOST_MEMORY,
  ERROR_COMM_EMPTY,
  ERROR_COPY_HOST_MEMORY_FAIL
};

enum class LogLevel : int { DEBUG = 0, INFO, WARN, ERROR, NONE };

struct Dims {
  int64_t dims[MAX_DIM] = {0};  // ATB leaves them uninitialised; zero is kinder to readers
  uint64_t dimNum = 0;
};

struct TensorDesc {
  aclDataType dtype = ACL_DT_UNDEFINED;
  aclFormat format = ACL_FORMAT_UNDEFINED;
  Dims shape;
};

// Device memory is host memory in the simulator: operations read and write deviceData;
// hostData is carried as ATB carries it and never read.
struct Tensor {
  TensorDesc desc;
  void* deviceData = nullptr;
  void* hostData = nullptr;
  uint64_t dataSize = 0;
};

struct VariantPack {
  SVector<Tensor> inTensors;
  SVector<Tensor> outTensors;
};

struct Chunk {
  uint32_t chunkNum = 1;
  uint32_t chunkIndex = 0;
};

using ReshapeFunc = std::function<void(const Dims& oldShape, Dims& newShape)>;
using InferShapeFunc = std::function<Status(const SVector<TensorDesc>& inTensorDescs,
                                            SVector<TensorDesc>& outTensorDescs)>;

class Operation;

struct Node {
  Operation* operation = nullptr;
  SVector<uint32_t> inTensorIds;
  SVector<uint32_t> outTensorIds;
  SVector<ReshapeFunc> inTensorReshapeFuncs;
  SVector<Chunk> inTensorChunks;
};

struct GraphParam {
  std::string name;
  uint32_t inTensorNum = 0;
  uint32_t outTensorNum = 0;
  uint32_t internalTensorNum = 0;
  std::vector<Node> nodes;
  InferShapeFunc inferShapeFunc = nullptr;
};

}  // namespace atb
