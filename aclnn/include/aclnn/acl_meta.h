// The single-operator API's (aclnn's) objects, as CANN's nnopbase declares them in
// aclnn/acl_meta.h: opaque handles for tensors, scalars, arrays, lists and the operator executor,
// their create, destroy and query functions, and the executor's address setters. Documented in
// CANN's "aclnn common APIs"; docs/ACLNN.md says what opsim checks beyond that (every handle is
// checked to be live and of its kind, so a destroyed or foreign one is an error, not a crash).
// C linkage; C++11 and later (the header, like CANN's, uses C++ constructs).
#ifndef OPSIM_ACLNN_ACL_META_H_
#define OPSIM_ACLNN_ACL_META_H_

#include <cstdint>
#include <cstdlib>

#include "acl/acl_base.h"
#include "acl/acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef ACL_FUNC_VISIBILITY
#define ACL_FUNC_VISIBILITY __attribute__((visibility("default")))
#endif
#ifndef ACL_DEPRECATED
#define ACL_DEPRECATED __attribute__((deprecated))
#define ACL_DEPRECATED_MESSAGE(message) __attribute__((deprecated(message)))
#endif

#ifndef ACLNN_META
#define ACLNN_META
typedef struct aclOpExecutor aclOpExecutor;
typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
typedef struct aclIntArray aclIntArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclBoolArray aclBoolArray;
typedef struct aclTensorList aclTensorList;
typedef struct aclScalarList aclScalarList;

// 0 on success, else a code of opdev/op_errno.h (ACLNN_ERR_*).
typedef int32_t aclnnStatus;
constexpr aclnnStatus OK = 0;
#endif

// Objects. A create function returns null when refused (aclGetRecentErrMsg says why); a list
// takes ownership of the tensors or scalars it is made of, and destroying it destroys them.
ACL_FUNC_VISIBILITY aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum,
                                               aclDataType dataType, const int64_t* stride,
                                               int64_t offset, aclFormat format,
                                               const int64_t* storageDims, uint64_t storageDimsNum,
                                               void* tensorData);
ACL_FUNC_VISIBILITY aclScalar* aclCreateScalar(void* value, aclDataType dataType);
ACL_FUNC_VISIBILITY aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size);
ACL_FUNC_VISIBILITY aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size);
ACL_FUNC_VISIBILITY aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size);
ACL_FUNC_VISIBILITY aclTensorList* aclCreateTensorList(const aclTensor* const* value,
                                                       uint64_t size);
ACL_FUNC_VISIBILITY aclScalarList* aclCreateScalarList(const aclScalar* const* value,
                                                       uint64_t size);

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensor(const aclTensor* tensor);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalar(const aclScalar* scalar);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyIntArray(const aclIntArray* array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyFloatArray(const aclFloatArray* array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyBoolArray(const aclBoolArray* array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensorList(const aclTensorList* array);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalarList(const aclScalarList* array);

// Queries. The shape and stride arrays are allocated with new[]; the caller delete[]s them.
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims,
                                                uint64_t* viewDimsNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims,
                                                   uint64_t* storageDimsNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue,
                                                  uint64_t* stridesNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset);
ACL_FUNC_VISIBILITY aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format);
ACL_FUNC_VISIBILITY aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType);
ACL_FUNC_VISIBILITY aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetTensorListSize(const aclTensorList* tensorList,
                                                     uint64_t* size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetScalarListSize(const aclScalarList* scalarList,
                                                     uint64_t* size);

// Re-describes a live tensor, with aclCreateTensor's parameters and rules.
ACL_FUNC_VISIBILITY aclnnStatus aclInitTensor(aclTensor* tensor, const int64_t* viewDims,
                                              uint64_t viewDimsNum, aclDataType dataType,
                                              const int64_t* stride, int64_t offset,
                                              aclFormat format, const int64_t* storageDims,
                                              uint64_t storageDimsNum, void* tensorDataAddr);

// The executor a first stage (aclnn<Op>GetWorkspaceSize) returns: single use unless made
// repeatable; the address setters point a repeatable executor's tensors at new memory.
ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor);
ACL_FUNC_VISIBILITY aclnnStatus aclSetInputTensorAddr(aclOpExecutor* executor, const size_t index,
                                                      aclTensor* tensor, void* addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetOutputTensorAddr(aclOpExecutor* executor, const size_t index,
                                                       aclTensor* tensor, void* addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor* executor,
                                                             size_t irIndex,
                                                             const size_t relativeIndex,
                                                             aclTensorList* tensors, void* addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor* executor,
                                                              size_t irIndex,
                                                              const size_t relativeIndex,
                                                              aclTensorList* tensors, void* addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetTensorAddr(aclOpExecutor* executor, const size_t index,
                                                 aclTensor* tensor, void* addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                                        const size_t relativeIndex,
                                                        aclTensorList* tensors, void* addr);
// The same setters under their older capitalised names.
ACL_FUNC_VISIBILITY aclnnStatus AclSetInputTensorAddr(aclOpExecutor* executor, const size_t index,
                                                      aclTensor* tensor, void* addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetOutputTensorAddr(aclOpExecutor* executor, const size_t index,
                                                       aclTensor* tensor, void* addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicInputTensorAddr(aclOpExecutor* executor,
                                                             size_t irIndex,
                                                             const size_t relativeIndex,
                                                             aclTensorList* tensors, void* addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicOutputTensorAddr(aclOpExecutor* executor,
                                                              size_t irIndex,
                                                              const size_t relativeIndex,
                                                              aclTensorList* tensors, void* addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetTensorAddr(aclOpExecutor* executor, const size_t index,
                                                 aclTensor* tensor, void* addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                                        const size_t relativeIndex,
                                                        aclTensorList* tensors, void* addr);

// A tensor's device address, read or replaced without an executor.
ACL_FUNC_VISIBILITY aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr);
ACL_FUNC_VISIBILITY aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr);

#ifdef __cplusplus
}
#endif

#endif  // OPSIM_ACLNN_ACL_META_H_
