// What an aclOpExecutor holds. Apart from aclnn_objects.h: the runtime's headers declare opsim's
// own aclDataType and aclFormat, which would shadow the ACL ones in the objects' code.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "aclnn_objects.h"
#include "opsim/core/operation.h"
#include "opsim/framework/host_run.h"
#include "view_copy.h"

// A first stage's operation bound to the application's tensors (opsim/aclnn/two_stage.h).
struct aclOpExecutor {
  std::string op_type;
  std::unique_ptr<opsim::Operation> op;
  std::unique_ptr<opsim::HostRun> run;
  // The tensors as the first stage was given them, in parameter order, a list's members in its
  // place (null: an absent OPTIONAL input), for the address setters.
  std::vector<const aclTensor*> inputs;
  std::vector<const aclTensor*> outputs;
  // The DYNAMIC inputs' lists: the input's place among the first stage's parameters, and its
  // first tensor's place in `inputs`.
  struct List {
    size_t ir_index;
    size_t first;
    const aclTensorList* list;
  };
  std::vector<List> lists;
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
};
