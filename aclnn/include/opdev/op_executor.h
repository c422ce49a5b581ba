// nnopbase's executor as an op-API layer uses it (opdev/op_executor.h): a first stage allocates
// the tensors between level-0 operators in it (AllocTensor), converts host values to tensors
// (ConvertToTensor), adds AI Core launches (ADD_TO_LAUNCHER_LIST_AICORE, make_op_executor.h) and
// asks its workspace size; UniqueExecutor owns it until ReleaseTo hands it to the application;
// the second stage runs it (CommonOpExecutorRun). In opsim each launch is one registry
// operation prepared at once (shapes checked, tiling run), the tensors between launches live in
// the workspace's start, and the launches run in order on the simulated device.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "aclnn/acl_meta.h"
#include "opdev/common_types.h"
#include "opdev/data_type_utils.h"
#include "opdev/op_arg_def.h"
#include "opdev/op_dfx.h"
#include "opdev/op_errno.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"

namespace opsim {
class Operation;
class HostRun;
namespace aclnn {
// A view the run reads or writes through its copy at `offset` in the workspace.
struct ViewCopy {
  const aclTensor* tensor = nullptr;
  bool output = false;
  size_t slot = 0;  // its place among the run's inputs (or outputs)
  uint64_t offset = 0;
  uint64_t bytes = 0;
};
}  // namespace aclnn
}  // namespace opsim

struct aclOpExecutor {
  aclOpExecutor();
  aclOpExecutor(const aclOpExecutor&) = delete;
  aclOpExecutor& operator=(const aclOpExecutor&) = delete;
  ~aclOpExecutor();  // destroys what it allocated

  // CANN's calls for op-API layers. Null (with the recent error) for a shape or type that
  // makes no tensor.
  aclTensor* AllocTensor(const op::Shape& shape, op::DataType dataType,
                         op::Format format = op::Format::FORMAT_ND);
  aclTensor* AllocTensor(const op::Shape& storageShape, const op::Shape& originShape,
                         op::DataType dataType, op::Format storageFormat, op::Format originFormat);
  // No shape yet: INFER_SHAPE (make_op_executor.h) lays it out, and only then does it take its
  // place in the workspace; launched before that, the launch is refused.
  aclTensor* AllocTensor(op::DataType dataType, op::Format storageFormat, op::Format originFormat);
  // Host values as a 1-D tensor of `dataType` (converted; its memory is the executor's).
  aclTensor* AllocHostTensor(const int64_t* value, uint64_t size, op::DataType dataType);
  aclTensor* AllocHostTensor(const int32_t* value, uint64_t size, op::DataType dataType);
  aclTensor* AllocHostTensor(const float* value, uint64_t size, op::DataType dataType);
  aclTensor* AllocHostTensor(const double* value, uint64_t size, op::DataType dataType);
  aclTensor* AllocHostTensor(const bool* value, uint64_t size, op::DataType dataType);
  aclTensor* AllocHostTensor(const char* value, uint64_t size, op::DataType dataType);
  aclTensor* AllocHostTensor(const int16_t* value, uint64_t size, op::DataType dataType);
  aclTensor* AllocHostTensor(const uint16_t* value, uint64_t size, op::DataType dataType);
  aclTensor* AllocHostTensor(const int8_t* value, uint64_t size, op::DataType dataType);
  aclTensor* AllocHostTensor(const uint8_t* value, uint64_t size, op::DataType dataType);
  aclTensor* AllocHostTensor(const uint32_t* value, uint64_t size, op::DataType dataType);
  aclTensor* AllocHostTensor(const uint64_t* value, uint64_t size, op::DataType dataType);
  aclTensor* AllocHostTensor(const op::fp16_t* value, uint64_t size, op::DataType dataType);
  aclTensor* AllocHostTensor(const op::bfloat16* value, uint64_t size, op::DataType dataType);
  // A zero-filled host tensor of `shape` (storage and origin shapes are one: opsim's are ND).
  aclTensor* AllocHostTensor(const op::Shape& shape, op::DataType dataType,
                             op::Format format = op::Format::FORMAT_ND);
  aclTensor* AllocHostTensor(const op::Shape& storageShape, const op::Shape& originShape,
                             op::DataType dataType, op::Format storageFormat,
                             op::Format originFormat);
  // Another view of `tensor`'s storage: `shape` contiguous from element `offset` of the
  // storage, or `oriShape` with `oriStride` over a storage of `storageShape` (no more elements
  // than the tensor's). A view that leaves the storage is refused (null, with the error).
  aclTensor* CreateView(const aclTensor* tensor, const op::Shape& shape, int64_t offset);
  aclTensor* CreateView(const aclTensor* tensor, const op::Shape& oriShape,
                        const op::Shape& storageShape, const op::Strides& oriStride,
                        int64_t offset);
  const aclTensor* ConvertToTensor(const aclIntArray* value, op::DataType dataType);
  const aclTensor* ConvertToTensor(const aclFloatArray* value, op::DataType dataType);
  const aclTensor* ConvertToTensor(const aclBoolArray* value, op::DataType dataType);
  // A rank-0 tensor of the scalar's value in `dataType`.
  const aclTensor* ConvertToTensor(const aclScalar* value, op::DataType dataType);
  // `size` host values of any number type as a 1-D tensor of `dataType`.
  template <typename T>
  const aclTensor* ConvertToTensor(const T* value, uint64_t size, op::DataType dataType) {
    if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, op::fp16_t> ||
                  std::is_same_v<T, op::bfloat16>) {
      const std::vector<double> values(value, value + size);
      return AllocHostTensor(values.data(), size, dataType);
    } else {
      const std::vector<int64_t> values(value, value + size);
      return AllocHostTensor(values.data(), size, dataType);
    }
  }
  // A list of tensors the executor has or the caller keeps (it destroys the list, not them).
  aclTensorList* AllocTensorList(const aclTensor* const* tensors, uint64_t size);
  aclIntArray* AllocIntArray(const int64_t* value, uint64_t size);
  aclFloatArray* AllocFloatArray(const float* value, uint64_t size);
  aclBoolArray* AllocBoolArray(const bool* value, uint64_t size);
  aclScalar* AllocScalar(const void* data, op::DataType dataType);
  aclScalar* AllocScalar(float value);
  aclScalar* AllocScalar(double value);
  aclScalar* AllocScalar(int32_t value);
  aclScalar* AllocScalar(int64_t value);
  aclScalar* AllocScalar(int16_t value);
  aclScalar* AllocScalar(int8_t value);
  aclScalar* AllocScalar(uint32_t value);
  aclScalar* AllocScalar(uint64_t value);
  aclScalar* AllocScalar(uint16_t value);
  aclScalar* AllocScalar(uint8_t value);
  aclScalar* AllocScalar(bool value);
  aclScalar* AllocScalar(op::fp16_t value);
  aclScalar* AllocScalar(op::bfloat16 value);
  uint64_t GetWorkspaceSize() const;
  aclnnStatus SetRepeatable();
  bool IsRepeatable() const;

  // opsim's state (aclnn/src): one step, or a chain of them.
  std::string op_type;
  std::unique_ptr<opsim::Operation> op;
  std::unique_ptr<opsim::HostRun> run;
  // The tensors as the first stage was given them, in parameter order, a list's members in its
  // place (null: an absent OPTIONAL input), for the address setters.
  std::vector<const aclTensor*> inputs;
  std::vector<const aclTensor*> outputs;
  // The DYNAMIC inputs' and outputs' lists: the list's place among the first stage's input (or
  // output) parameters, and its first tensor's place in `inputs` (or `outputs`).
  struct List {
    size_t ir_index;
    size_t first;
    const aclTensorList* list;
    bool output;
  };
  std::vector<List> lists;
  size_t input_params = 0;  // the first stage's input parameters: aclSetDynamicTensorAddr's split
  bool repeatable = false;
  // Non-contiguous views, read and written through copies at the workspace's start; the
  // operation's own workspace follows them.
  std::vector<opsim::aclnn::ViewCopy> copies;
  // Constant inputs the first stage made (StageTensor::constant): their bytes, copied to their
  // place among the copies before each run; `slot` is the input's place in the run.
  struct Constant {
    size_t slot;
    uint64_t offset;
    std::vector<uint8_t> bytes;
    size_t input;  // its place in `inputs` (a null there, yet a place in the run)
  };
  std::vector<Constant> constants;
  uint64_t copy_bytes = 0;

  // A chain: its steps (each with its own op and run; this one has neither), and the tensors
  // between them at their offsets in the workspace's first `intermediate_bytes`. `inputs` and
  // `outputs` are then the aclnn function's tensor parameters, which the steps read anew from
  // their aclTensor at every run (so the address setters only change the tensor). A step with
  // no run copies `copy_from`'s view into `copy_to`'s (l0op::Contiguous, l0op::ViewCopy).
  std::vector<std::unique_ptr<aclOpExecutor>> steps;
  const aclTensor* copy_from = nullptr;
  const aclTensor* copy_to = nullptr;
  struct Intermediate {
    aclTensor* tensor;
    uint64_t offset;
  };
  std::vector<Intermediate> intermediates;
  // AllocTensor without a shape, until INFER_SHAPE lays them out (they then join intermediates).
  std::vector<aclTensor*> unshaped;
  uint64_t intermediate_bytes = 0;
  uint64_t steps_workspace = 0;  // the most any step asks for
  // Other descriptions of the application's tensors (StageChain::Alias): (alias, tensor).
  std::vector<std::pair<aclTensor*, const aclTensor*>> aliases;
  // CreateView's views: (view, tensor); each run gives the view the tensor's storage.
  std::vector<std::pair<aclTensor*, const aclTensor*>> storage_views;
  // What the op-API calls allocated besides intermediates: host tensors with their memory,
  // scalars and arrays.
  std::vector<aclTensor*> host_tensors;
  std::vector<std::unique_ptr<uint8_t[]>> host_memory;
  std::vector<aclScalar*> scalars;
  std::vector<aclIntArray*> int_arrays;
  std::vector<aclFloatArray*> float_arrays;
  std::vector<aclBoolArray*> bool_arrays;
  std::vector<aclTensorList*> tensor_lists;
};

// Owns a new executor for a first stage until ReleaseTo gives it to the caller (CREATE_EXECUTOR).
class UniqueExecutor {
 public:
  explicit UniqueExecutor(const char* funcName);
  ~UniqueExecutor();
  UniqueExecutor(const UniqueExecutor&) = delete;
  UniqueExecutor& operator=(const UniqueExecutor&) = delete;
  aclOpExecutor* get() const { return executor_.get(); }
  aclOpExecutor* operator->() { return executor_.get(); }
  void ReleaseTo(aclOpExecutor** executor);

 private:
  std::unique_ptr<aclOpExecutor> executor_;
};

// The second stage of a hand-written layer: runs the executor's launches in `workspace`.
aclnnStatus CommonOpExecutorRun(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                aclrtStream stream);

// Adds the registry operation `opType` names (OP_TYPE_REGISTER) with `args` to `executor`:
// inputs and outputs by position, attributes in the OpDef's order. Takes `args`.
aclnnStatus CreatAiCoreKernelLauncher(const char* l0Name, uint32_t opType, aclOpExecutor* executor,
                                      op::OpArgContext* args);
// INFER_SHAPE: the OpDef's InferShape of `opType` on `args`' inputs and attributes; sets the shapes
// of its outputs (contiguous), placing those AllocTensor made without a shape. Takes `args`.
aclnnStatus OpsimInferShapeByOpDef(const char* l0Name, uint32_t opType, aclOpExecutor* executor,
                                   op::OpArgContext* args);
