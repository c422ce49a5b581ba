// The two stages of every operator's single-operator API, on the operation registry: an
// operator's aclnn<Op>GetWorkspaceSize and aclnn<Op> (generated per OpDef, or written by hand)
// gather their arguments and call these. The first stage checks the handles, makes the operation
// with the attributes, binds the application's tensors (HostRun on the caller's buffers), infers
// and checks the outputs, runs the tiling and hands out an executor with the workspace size; the
// second runs it in the caller's workspace. docs/ACLNN.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "opsim/core/attr_map.h"

namespace opsim::aclnn {

// One input or output of a first stage: its parameter name (for messages: "self", "out") and its
// tensor, null for an OPTIONAL input the caller leaves out; or, for a DYNAMIC input, its tensor
// list; `param` is the OpDef's name of the input when it differs from `name` (the generated
// functions' biasOptional is the OpDef's bias).
struct StageTensor {
  const char* name = "";
  const aclTensor* tensor = nullptr;
  bool optional = false;
  const aclTensorList* list = nullptr;
  const char* param = nullptr;
  // A constant input the first stage makes itself (a hand-written layer's scalar argument, e.g.
  // aclnnAdds' other): a rank-0 tensor of `constant_dtype` holding these bytes. It lives in the
  // workspace, copied there before each run, so that the kernel reads it from device memory.
  std::vector<uint8_t> constant = {};
  ::aclDataType constant_dtype = ACL_DT_UNDEFINED;
  std::vector<int64_t> constant_shape = {};  // empty: rank 0
  // A ValueDepend input the caller passes as an array, as CANN's generated functions take one
  // whose OpDef types are all integers, all floats or all bool: the first stage makes it a 1-D
  // constant of the type the OpDef's column matching the other inputs' types gives it.
  const aclIntArray* int_array = nullptr;
  const aclFloatArray* float_array = nullptr;
  const aclBoolArray* bool_array = nullptr;
};

struct FirstStage {
  const char* api = "";      // "aclnnSoftsignGetWorkspaceSize", for messages
  const char* op_type = "";  // the registry's name
  std::vector<StageTensor> inputs;
  AttrMap attrs;
  std::vector<StageTensor> outputs;
};

// An array or string attribute of the first stage: its values into stage->attrs under `name`;
// null leaves the attribute to the OpDef's default. ACLNN_ERR_PARAM_INVALID for a dead handle
// (with the message naming `name`).
aclnnStatus AddAttr(FirstStage* stage, const char* name, const aclIntArray* value);
aclnnStatus AddAttr(FirstStage* stage, const char* name, const aclFloatArray* value);
aclnnStatus AddAttr(FirstStage* stage, const char* name, const aclBoolArray* value);
aclnnStatus AddAttr(FirstStage* stage, const char* name, const char* value);

// A generated first stage's input its OpDef declares `.Scalar()` (CANN: "the input's type in the
// generated aclnn API is aclScalar"): the host scalar becomes a rank-0 constant input of its own
// data type, which the kernel reads from device memory. Null is ACLNN_ERR_PARAM_NULLPTR unless
// `optional` (then the input is absent); a dead handle is ACLNN_ERR_PARAM_INVALID. `name` is the
// C parameter's, `param` the OpDef's input.
aclnnStatus AddScalarInput(FirstStage* stage, const char* name, const char* param,
                           const aclScalar* scalar, bool optional);

// ACLNN_SUCCESS with *workspace_size and a live *executor; else the code, with the message for
// aclGetRecentErrMsg.
aclnnStatus GetWorkspaceSize(const FirstStage& stage, uint64_t* workspace_size,
                             aclOpExecutor** executor);

// Runs the executor in the caller's workspace (synchronously: the stream is done when this
// returns). A single-use executor is destroyed, whatever the outcome; a repeatable one stays.
aclnnStatus Run(const char* api, void* workspace, uint64_t workspace_size, aclOpExecutor* executor,
                aclrtStream stream);

// For the hand-written layers of our own operators (aclnn/ops): what they read of their arguments
// before they fill a first stage, with the messages every other call leaves.

// The registry Cast's `to` for `dtype` (ONNX's TensorProto.DataType number) for each type
// opsim's Cast writes; 0 for the others (INT16, UINT16, the complex types, ...).
int64_t OnnxCastNumber(::aclDataType dtype);

// Records "<api>: <message>" as the recent error (aclGetRecentErrMsg) and returns `code`:
// ACLNN_ERR_PARAM_INVALID for a documented case opsim's operator cannot honour.
aclnnStatus Refuse(aclnnStatus code, const char* api, const std::string& message);

// `tensor`'s data type. ACLNN_ERR_PARAM_NULLPTR for null, ACLNN_ERR_PARAM_INVALID for a dead or
// foreign handle (the message names `name`).
aclnnStatus TensorDType(const char* api, const char* name, const aclTensor* tensor,
                        ::aclDataType* dtype);

// `tensor`'s view shape; the same codes as TensorDType.
aclnnStatus TensorShape(const char* api, const char* name, const aclTensor* tensor,
                        std::vector<int64_t>* shape);

// A host scalar's value as a double (every integer and floating type, and bool); the same codes
// as TensorDType, and ACLNN_ERR_PARAM_INVALID for a complex scalar.
aclnnStatus ScalarValue(const char* api, const char* name, const aclScalar* scalar, double* value);
// The same scalar's data type.
aclnnStatus ScalarDType(const char* api, const char* name, const aclScalar* scalar,
                        ::aclDataType* dtype);

}  // namespace opsim::aclnn
