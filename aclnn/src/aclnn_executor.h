// What the executor's implementation shares (aclOpExecutor itself: opdev/op_executor.h). Apart
// from aclnn_objects.h: the runtime's headers declare opsim's own aclDataType and aclFormat,
// which would shadow the ACL ones in the objects' code.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "aclnn_objects.h"
#include "opdev/op_executor.h"
#include "opsim/aclnn/two_stage.h"
#include "opsim/core/operation.h"
#include "opsim/framework/host_run.h"
#include "opsim/framework/operation_registry.h"
#include "view_copy.h"

namespace opsim::aclnn {

// One step's executor from its first stage (not yet a live handle), and its workspace size. The
// operation comes from the global registry, or from `builtin`, a registry of CANN's built-in
// kernels by op type (OperationRegistry::AiCpu(): an ADD_TO_LAUNCHER_LIST_AICPU step;
// aicore_builtin::Kernels(): an AI Core launch no OpDef of the type takes).
aclnnStatus BuildExecutor(const FirstStage& stage, uint64_t* workspace_size,
                          std::unique_ptr<aclOpExecutor>* executor,
                          const OperationRegistry* builtin = nullptr);

// The array inputs of a first stage (StageTensor::int_array, ...) made constants, in place; the
// others untouched. ACLNN_ERR_PARAM_NULLPTR for a null required array, ACLNN_ERR_PARAM_INVALID
// naming the input for a dead handle, no matching OpDef column, or a value outside the type.
aclnnStatus ResolveArrayInputs(const char* api, const std::string& op_type,
                               std::vector<StageTensor>* inputs);

// Runs a step, or a chain, in the caller's workspace.
Status ExecuteStep(aclOpExecutor& e, uint8_t* workspace, uint64_t workspace_size);
Status ExecuteChain(aclOpExecutor& e, uint8_t* workspace, uint64_t workspace_size);

// The place in a step's run of its parameter `index` (of `inputs`, or of `outputs` when
// `output`): absent OPTIONAL inputs have none, constants have one.
size_t RunSlot(const aclOpExecutor& e, size_t index, bool output);

// The address a tensor between steps has until the second stage places it: the first stage
// reads no data of a step's inputs that are not ValueDepend, only their descriptions.
void* UnplacedAddress();

// `t` (contiguous) placed at the next offset of `e`'s intermediates, which then owns it.
void PlaceIntermediate(aclOpExecutor* e, aclTensor* t);

// A contiguous tensor of `dims` and `dtype` between steps of `e`, at the next offset of its
// workspace's start; null (recent error set) when aclCreateTensor refuses the description.
aclTensor* AddIntermediate(aclOpExecutor* e, const std::vector<int64_t>& dims, ::aclDataType dtype,
                           ::aclFormat format);

// `value` as `dtype` appended to `bytes`; false when the type cannot hold it.
bool AppendIntAs(int64_t value, ::aclDataType dtype, std::vector<uint8_t>* bytes);
bool AppendFloatAs(double value, ::aclDataType dtype, std::vector<uint8_t>* bytes);

// Destroys a handle this library made (forgotten first by the registry).
void DestroyTensor(aclTensor* t);

}  // namespace opsim::aclnn
