// What the aclnn handles hold, and the registry that knows which handles are live: every call
// checks its handles against it, so a destroyed, foreign or wrong-kind pointer is an error with a
// message (aclGetRecentErrMsg), never a read of freed memory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "opdev/op_errno.h"

struct aclTensor {
  std::vector<int64_t> view_dims;
  std::vector<int64_t> strides;  // one per view dim, in elements
  std::vector<int64_t> storage_dims;
  aclDataType dtype = ACL_DT_UNDEFINED;
  aclFormat format = ACL_FORMAT_UNDEFINED;
  int64_t offset = 0;  // of the view's first element in the storage, in elements
  void* data = nullptr;
  const aclTensorList* owner = nullptr;  // the list that destroys it, if any
};

struct aclScalar {
  aclDataType dtype = ACL_DT_UNDEFINED;
  uint64_t bits[2] = {0, 0};  // the value's bytes (at most 16: complex128)
  const aclScalarList* owner = nullptr;
};

struct aclIntArray {
  std::vector<int64_t> values;
};
struct aclFloatArray {
  std::vector<float> values;
};
struct aclBoolArray {
  std::vector<bool> values;
};
struct aclTensorList {
  std::vector<aclTensor*> tensors;
};
struct aclScalarList {
  std::vector<aclScalar*> scalars;
};

namespace opsim::aclnn {

enum class HandleKind {
  kTensor,
  kScalar,
  kIntArray,
  kFloatArray,
  kBoolArray,
  kTensorList,
  kScalarList,
  kExecutor
};

// "aclTensor", "aclScalar", ...
const char* KindName(HandleKind kind);

// Records a handle this library made / forgets it (before it is freed).
void AddHandle(const void* handle, HandleKind kind);
void RemoveHandle(const void* handle);
// Whether `handle` is live and of `kind`; when not, records why as the recent error of `call`
// ("<call>: <what> 0x.. is not a live aclTensor (destroyed, or not made by aclCreateTensor)").
bool IsLive(const void* handle, HandleKind kind, const char* call, const char* what);

// Records "<call>: <message>" as this thread's recent error (aclGetRecentErrMsg) and returns code.
aclnnStatus Fail(aclnnStatus code, const char* call, const std::string& message);
// A null `pointer` named `what`: ACLNN_ERR_PARAM_NULLPTR.
aclnnStatus FailNull(const char* call, const char* what);

// The address of the view's first element: the tensor's data plus its offset.
void* FirstElement(const aclTensor& t);

// Whether aclnnInit's configuration asked for the debug kernel (checked launches).
bool DebugKernelEnabled();

}  // namespace opsim::aclnn
