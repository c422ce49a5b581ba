// The aclnn handles (their fields and CANN's accessors: opdev/common_types.h), and the registry
// that knows which handles are live: every call checks its handles against it, so a destroyed,
// foreign or wrong-kind pointer is an error with a message (aclGetRecentErrMsg), never a read of
// freed memory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "opdev/common_types.h"
#include "opdev/op_errno.h"

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

// Fills `t` from aclCreateTensor's parameters, checking them as it does (errors name `call`):
// ACLNN_SUCCESS or the code, with the recent error.
aclnnStatus Describe(const char* call, aclTensor* t, const int64_t* view_dims, uint64_t view_num,
                     aclDataType dtype, const int64_t* stride, int64_t offset, aclFormat format,
                     const int64_t* storage_dims, uint64_t storage_num, void* data);

// "" when the view's last element lies inside its storage, else the broken rule.
std::string ViewFitsStorage(const aclTensor& t);

// Whether aclnnInit's configuration asked for the debug kernel (checked launches).
bool DebugKernelEnabled();

}  // namespace opsim::aclnn
