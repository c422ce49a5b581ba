// aclScalar, the int/float/bool arrays and the tensor and scalar lists: copies of the caller's
// values (a list takes its members over), every handle checked when used.
#include <cstring>
#include <string>
#include <unordered_set>
#include <vector>

#include "aclnn_objects.h"

namespace opsim::aclnn {
namespace {

// The bytes of one scalar of `t`, or 0 for a type a scalar cannot hold.
size_t ScalarBytes(aclDataType t) {
  switch (t) {
    case ACL_COMPLEX32: return 4;
    case ACL_COMPLEX64: return 8;
    case ACL_COMPLEX128: return 16;
    case ACL_INT4:
    case ACL_UINT1:
    case ACL_STRING: return 0;
    default: return aclDataTypeSize(t);
  }
}

template <typename Array, typename T>
Array* MakeArray(const T* value, uint64_t size, HandleKind kind, const char* call) {
  if (value == nullptr && size > 0) {
    FailNull(call, "value");
    return nullptr;
  }
  auto* array = new Array;
  array->values.assign(value, value + size);
  AddHandle(array, kind);
  return array;
}

template <typename Handle>
aclnnStatus DestroyPlain(const Handle* handle, HandleKind kind, const char* call) {
  if (handle == nullptr) return ACLNN_SUCCESS;  // as delete of null: nothing to do
  if (!IsLive(handle, kind, call, "the argument")) return ACLNN_ERR_PARAM_INVALID;
  RemoveHandle(handle);
  delete handle;
  return ACLNN_SUCCESS;
}

template <typename Handle>
aclnnStatus GetSize(const Handle* handle, uint64_t* size, HandleKind kind, const char* call,
                    uint64_t count_of_handle(const Handle&)) {
  if (handle == nullptr) return FailNull(call, KindName(kind));
  if (size == nullptr) return FailNull(call, "size");
  if (!IsLive(handle, kind, call, "the argument")) return ACLNN_ERR_PARAM_INVALID;
  *size = count_of_handle(*handle);
  return ACLNN_SUCCESS;
}

// The members of a new list: each live, in no other list and given once. False, with the
// recent error, when one is not.
template <typename Member>
bool MembersFit(const Member* const* value, uint64_t size, HandleKind kind, const char* call) {
  std::unordered_set<const Member*> seen;
  for (uint64_t i = 0; i < size; ++i) {
    const std::string what = "value[" + std::to_string(i) + "]";
    if (value[i] == nullptr) return FailNull(call, what.c_str()) == ACLNN_SUCCESS;
    if (!IsLive(value[i], kind, call, what.c_str())) return false;
    std::string broken;
    if (value[i]->owner != nullptr) broken = what + " belongs to another list already";
    if (!seen.insert(value[i]).second) broken = what + " is in the list twice";
    if (!broken.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, call, broken) == ACLNN_SUCCESS;
  }
  return true;
}

template <typename List, typename Member>
List* MakeList(const Member* const* value, uint64_t size, HandleKind list_kind,
               HandleKind member_kind, std::vector<Member*> List::*members, const char* call) {
  if (value == nullptr && size > 0) {
    FailNull(call, "value");
    return nullptr;
  }
  if (!MembersFit(value, size, member_kind, call)) return nullptr;
  auto* list = new List;
  for (uint64_t i = 0; i < size; ++i) {
    auto* member = const_cast<Member*>(value[i]);  // the list owns its members from now on
    member->owner = list;
    (list->*members).push_back(member);
  }
  AddHandle(list, list_kind);
  return list;
}

template <typename List, typename Member>
aclnnStatus DestroyList(const List* list, HandleKind kind, std::vector<Member*> List::*members,
                        const char* call) {
  if (list == nullptr) return ACLNN_SUCCESS;
  if (!IsLive(list, kind, call, "the argument")) return ACLNN_ERR_PARAM_INVALID;
  for (Member* member : list->*members) {
    RemoveHandle(member);
    delete member;
  }
  RemoveHandle(list);
  delete list;
  return ACLNN_SUCCESS;
}

}  // namespace
}  // namespace opsim::aclnn

using opsim::aclnn::HandleKind;
namespace aclnn = opsim::aclnn;

aclScalar* aclCreateScalar(void* value, aclDataType dataType) {
  const char* call = "aclCreateScalar";
  if (value == nullptr) {
    aclnn::FailNull(call, "value");
    return nullptr;
  }
  const size_t bytes = aclnn::ScalarBytes(dataType);
  if (bytes == 0) {
    aclnn::Fail(ACLNN_ERR_PARAM_INVALID, call,
                "dataType " + std::to_string(static_cast<int>(dataType)) +
                    " is not a data type a scalar can hold");
    return nullptr;
  }
  auto* scalar = new aclScalar;
  scalar->dtype = dataType;
  std::memcpy(scalar->bits, value, bytes);
  aclnn::AddHandle(scalar, HandleKind::kScalar);
  return scalar;
}

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
  return aclnn::MakeArray<aclIntArray>(value, size, HandleKind::kIntArray, "aclCreateIntArray");
}
aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size) {
  return aclnn::MakeArray<aclFloatArray>(value, size, HandleKind::kFloatArray,
                                         "aclCreateFloatArray");
}
aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size) {
  return aclnn::MakeArray<aclBoolArray>(value, size, HandleKind::kBoolArray, "aclCreateBoolArray");
}

aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size) {
  return aclnn::MakeList(value, size, HandleKind::kTensorList, HandleKind::kTensor,
                         &aclTensorList::tensors, "aclCreateTensorList");
}
aclScalarList* aclCreateScalarList(const aclScalar* const* value, uint64_t size) {
  return aclnn::MakeList(value, size, HandleKind::kScalarList, HandleKind::kScalar,
                         &aclScalarList::scalars, "aclCreateScalarList");
}

aclnnStatus aclDestroyScalar(const aclScalar* scalar) {
  const char* call = "aclDestroyScalar";
  if (scalar != nullptr && aclnn::IsLive(scalar, HandleKind::kScalar, call, "the argument") &&
      scalar->owner != nullptr) {
    return aclnn::Fail(ACLNN_ERR_PARAM_INVALID, call,
                       "the scalar belongs to an aclScalarList, which destroys it "
                       "(aclDestroyScalarList)");
  }
  return aclnn::DestroyPlain(scalar, HandleKind::kScalar, call);
}
aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
  return aclnn::DestroyPlain(array, HandleKind::kIntArray, "aclDestroyIntArray");
}
aclnnStatus aclDestroyFloatArray(const aclFloatArray* array) {
  return aclnn::DestroyPlain(array, HandleKind::kFloatArray, "aclDestroyFloatArray");
}
aclnnStatus aclDestroyBoolArray(const aclBoolArray* array) {
  return aclnn::DestroyPlain(array, HandleKind::kBoolArray, "aclDestroyBoolArray");
}
aclnnStatus aclDestroyTensorList(const aclTensorList* array) {
  return aclnn::DestroyList(array, HandleKind::kTensorList, &aclTensorList::tensors,
                            "aclDestroyTensorList");
}
aclnnStatus aclDestroyScalarList(const aclScalarList* array) {
  return aclnn::DestroyList(array, HandleKind::kScalarList, &aclScalarList::scalars,
                            "aclDestroyScalarList");
}

aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size) {
  return aclnn::GetSize<aclIntArray>(
      array, size, HandleKind::kIntArray, "aclGetIntArraySize",
      [](const aclIntArray& a) -> uint64_t { return a.values.size(); });
}
aclnnStatus aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size) {
  return aclnn::GetSize<aclFloatArray>(
      array, size, HandleKind::kFloatArray, "aclGetFloatArraySize",
      [](const aclFloatArray& a) -> uint64_t { return a.values.size(); });
}
aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size) {
  return aclnn::GetSize<aclBoolArray>(
      array, size, HandleKind::kBoolArray, "aclGetBoolArraySize",
      [](const aclBoolArray& a) -> uint64_t { return a.values.size(); });
}
aclnnStatus aclGetTensorListSize(const aclTensorList* tensorList, uint64_t* size) {
  return aclnn::GetSize<aclTensorList>(
      tensorList, size, HandleKind::kTensorList, "aclGetTensorListSize",
      [](const aclTensorList& l) -> uint64_t { return l.tensors.size(); });
}
aclnnStatus aclGetScalarListSize(const aclScalarList* scalarList, uint64_t* size) {
  return aclnn::GetSize<aclScalarList>(
      scalarList, size, HandleKind::kScalarList, "aclGetScalarListSize",
      [](const aclScalarList& l) -> uint64_t { return l.scalars.size(); });
}
