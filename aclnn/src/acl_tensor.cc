// aclTensor: made from a view (dims, strides, offset) over a storage (dims) at a device address,
// checked when made so that an executor never reads outside the storage the caller described.
#include <string>
#include <vector>

#include "aclnn_objects.h"
#include "opsim/core/shape.h"

namespace opsim::aclnn {
namespace {

bool KnownDataType(aclDataType t) {
  switch (t) {
    case ACL_FLOAT:
    case ACL_FLOAT16:
    case ACL_INT8:
    case ACL_INT32:
    case ACL_UINT8:
    case ACL_INT16:
    case ACL_UINT16:
    case ACL_UINT32:
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_DOUBLE:
    case ACL_BOOL:
    case ACL_COMPLEX64:
    case ACL_COMPLEX128:
    case ACL_BF16:
    case ACL_INT4:
    case ACL_UINT1:
    case ACL_COMPLEX32:
    case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN:
    case ACL_FLOAT8_E8M0: return true;
    default: return false;  // ACL_DT_UNDEFINED, ACL_STRING (no tensor of strings) and the rest
  }
}

bool KnownFormat(aclFormat f) {
  switch (f) {
    case ACL_FORMAT_NCHW:
    case ACL_FORMAT_NHWC:
    case ACL_FORMAT_ND:
    case ACL_FORMAT_NC1HWC0:
    case ACL_FORMAT_FRACTAL_Z:
    case ACL_FORMAT_NC1HWC0_C04:
    case ACL_FORMAT_HWCN:
    case ACL_FORMAT_NDHWC:
    case ACL_FORMAT_FRACTAL_NZ:
    case ACL_FORMAT_NCDHW:
    case ACL_FORMAT_NDC1HWC0:
    case ACL_FRACTAL_Z_3D:
    case ACL_FORMAT_NC:
    case ACL_FORMAT_NCL: return true;
    default: return false;
  }
}

// Reads `count` non-negative values named `name` into out; "" or the broken rule.
std::string ReadDims(const char* name, const int64_t* values, uint64_t count,
                     std::vector<int64_t>* out) {
  if (count > static_cast<uint64_t>(kMaxRank)) {
    return std::string(name) + "Num " + std::to_string(count) + " is more than the " +
           std::to_string(kMaxRank) + " dimensions an aclnn operator takes";
  }
  out->assign(values, values + count);
  for (uint64_t i = 0; i < count; ++i) {
    if (values[i] < 0) {
      return std::string(name) + "[" + std::to_string(i) + "] = " + std::to_string(values[i]) +
             " is negative";
    }
  }
  return "";
}

// The storage's elements; false when their product overflows int64.
bool CountElements(const std::vector<int64_t>& dims, int64_t* count) {
  int64_t n = 1;
  for (int64_t d : dims) {
    if (__builtin_mul_overflow(n, d, &n)) return false;
  }
  *count = n;
  return true;
}

// The view's last element must lie inside the storage: "" or the broken rule.
std::string CheckViewFitsStorage(const aclTensor& t) {
  int64_t storage = 0;
  if (!CountElements(t.storage_dims, &storage)) return "the storage's element count overflows";
  int64_t last = t.offset;
  for (size_t i = 0; i < t.view_dims.size(); ++i) {
    if (t.view_dims[i] == 0) return "";  // an empty view reads nothing
    int64_t reach = 0;
    if (__builtin_mul_overflow(t.view_dims[i] - 1, t.strides[i], &reach) ||
        __builtin_add_overflow(last, reach, &last)) {
      return "the view's extent overflows";
    }
  }
  if (last < storage) return "";
  return "the view (offset " + std::to_string(t.offset) + ", strides and dims as given) reaches " +
         "element " + std::to_string(last) + ", past the storage's " + std::to_string(storage) +
         " elements";
}

}  // namespace

aclnnStatus Describe(const char* call, aclTensor* t, const int64_t* view_dims, uint64_t view_num,
                     aclDataType dtype, const int64_t* stride, int64_t offset, aclFormat format,
                     const int64_t* storage_dims, uint64_t storage_num, void* data) {
  if (view_dims == nullptr && view_num > 0) return FailNull(call, "viewDims");
  if (storage_dims == nullptr && storage_num > 0) return FailNull(call, "storageDims");
  aclTensor next;
  std::string broken = ReadDims("viewDims", view_dims, view_num, &next.view_dims);
  if (broken.empty())
    broken = ReadDims("storageDims", storage_dims, storage_num, &next.storage_dims);
  if (broken.empty() && stride != nullptr)
    broken = ReadDims("stride", stride, view_num, &next.strides);
  if (!broken.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, call, broken);
  if (stride == nullptr) {  // contiguous, row-major over the view
    next.strides.assign(view_num, 1);
    for (size_t i = view_num; i > 1; --i) {
      const int64_t dim = next.view_dims[i - 1] > 0 ? next.view_dims[i - 1] : 1;
      if (__builtin_mul_overflow(next.strides[i - 1], dim, &next.strides[i - 2])) {
        return Fail(ACLNN_ERR_PARAM_INVALID, call,
                    "the view's contiguous strides overflow int64 (its dims multiply past 2^63)");
      }
    }
  }
  if (offset < 0) {
    return Fail(ACLNN_ERR_PARAM_INVALID, call, "offset " + std::to_string(offset) + " is negative");
  }
  if (!KnownDataType(dtype)) {
    return Fail(ACLNN_ERR_PARAM_INVALID, call,
                "dataType " + std::to_string(static_cast<int>(dtype)) +
                    " is not a tensor data type of aclDataType");
  }
  if (!KnownFormat(format)) {
    return Fail(ACLNN_ERR_PARAM_INVALID, call,
                "format " + std::to_string(static_cast<int>(format)) + " is not an aclFormat");
  }
  next.dtype = dtype;
  next.format = format;
  next.offset = offset;
  next.data = data;
  if (broken = CheckViewFitsStorage(next); !broken.empty()) {
    return Fail(ACLNN_ERR_PARAM_INVALID, call, broken);
  }
  next.owner = t->owner;
  *t = std::move(next);
  return ACLNN_SUCCESS;
}

namespace {

// A copy of `values` the caller delete[]s, as CANN's getters hand out.
aclnnStatus HandOut(const std::vector<int64_t>& values, int64_t** out, uint64_t* count) {
  *out = new int64_t[values.size()];
  for (size_t i = 0; i < values.size(); ++i) (*out)[i] = values[i];
  *count = values.size();
  return ACLNN_SUCCESS;
}

// ACLNN_SUCCESS when `tensor` is a live aclTensor; else the code, with the recent error.
aclnnStatus CheckTensor(const aclTensor* tensor, const char* call) {
  if (tensor == nullptr) return FailNull(call, "tensor");
  return IsLive(tensor, HandleKind::kTensor, call, "tensor") ? ACLNN_SUCCESS
                                                             : ACLNN_ERR_PARAM_INVALID;
}

// A getter's arguments: the tensor, and where its answer goes (`out`, named `out_name`).
aclnnStatus CheckGetter(const aclTensor* tensor, const void* out, const char* call,
                        const char* out_name) {
  if (tensor == nullptr) return FailNull(call, "tensor");
  if (out == nullptr) return FailNull(call, out_name);
  return CheckTensor(tensor, call);
}

}  // namespace

std::string ViewFitsStorage(const aclTensor& t) { return CheckViewFitsStorage(t); }

}  // namespace opsim::aclnn

using opsim::aclnn::CheckGetter;
using opsim::aclnn::CheckTensor;
using opsim::aclnn::FailNull;
using opsim::aclnn::HandleKind;
using opsim::aclnn::HandOut;

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                           const int64_t* stride, int64_t offset, aclFormat format,
                           const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData) {
  auto* t = new aclTensor;
  if (opsim::aclnn::Describe("aclCreateTensor", t, viewDims, viewDimsNum, dataType, stride, offset,
                             format, storageDims, storageDimsNum, tensorData) != ACLNN_SUCCESS) {
    delete t;
    return nullptr;
  }
  opsim::aclnn::AddHandle(t, HandleKind::kTensor);
  return t;
}

aclnnStatus aclInitTensor(aclTensor* tensor, const int64_t* viewDims, uint64_t viewDimsNum,
                          aclDataType dataType, const int64_t* stride, int64_t offset,
                          aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                          void* tensorDataAddr) {
  const char* call = "aclInitTensor";
  if (const aclnnStatus st = CheckTensor(tensor, call); st != ACLNN_SUCCESS) return st;
  return opsim::aclnn::Describe(call, tensor, viewDims, viewDimsNum, dataType, stride, offset,
                                format, storageDims, storageDimsNum, tensorDataAddr);
}

aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
  const char* call = "aclDestroyTensor";
  if (tensor == nullptr) return ACLNN_SUCCESS;  // as delete of null: nothing to do
  if (const aclnnStatus st = CheckTensor(tensor, call); st != ACLNN_SUCCESS) return st;
  if (tensor->owner != nullptr) {
    return opsim::aclnn::Fail(ACLNN_ERR_PARAM_INVALID, call,
                              "the tensor belongs to an aclTensorList, which destroys it "
                              "(aclDestroyTensorList)");
  }
  opsim::aclnn::RemoveHandle(tensor);
  delete tensor;
  return ACLNN_SUCCESS;
}

// The getters: a null argument is ACLNN_ERR_PARAM_NULLPTR, a dead handle ACLNN_ERR_PARAM_INVALID.
aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum) {
  const char* call = "aclGetViewShape";
  if (viewDimsNum == nullptr) return FailNull(call, "viewDimsNum");
  if (const aclnnStatus st = CheckGetter(tensor, viewDims, call, "viewDims"); st != ACLNN_SUCCESS) {
    return st;
  }
  return HandOut(tensor->view_dims, viewDims, viewDimsNum);
}

aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims,
                               uint64_t* storageDimsNum) {
  const char* call = "aclGetStorageShape";
  if (storageDimsNum == nullptr) return FailNull(call, "storageDimsNum");
  if (const aclnnStatus st = CheckGetter(tensor, storageDims, call, "storageDims");
      st != ACLNN_SUCCESS) {
    return st;
  }
  return HandOut(tensor->storage_dims, storageDims, storageDimsNum);
}

aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue,
                              uint64_t* stridesNum) {
  const char* call = "aclGetViewStrides";
  if (stridesNum == nullptr) return FailNull(call, "stridesNum");
  if (const aclnnStatus st = CheckGetter(tensor, stridesValue, call, "stridesValue");
      st != ACLNN_SUCCESS) {
    return st;
  }
  return HandOut(tensor->strides, stridesValue, stridesNum);
}

aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset) {
  const aclnnStatus st = CheckGetter(tensor, offset, "aclGetViewOffset", "offset");
  if (st == ACLNN_SUCCESS) *offset = tensor->offset;
  return st;
}

aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format) {
  const aclnnStatus st = CheckGetter(tensor, format, "aclGetFormat", "format");
  if (st == ACLNN_SUCCESS) *format = tensor->format;
  return st;
}

aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType) {
  const aclnnStatus st = CheckGetter(tensor, dataType, "aclGetDataType", "dataType");
  if (st == ACLNN_SUCCESS) *dataType = tensor->dtype;
  return st;
}

aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr) {
  const aclnnStatus st = CheckGetter(tensor, addr, "aclGetRawTensorAddr", "addr");
  if (st == ACLNN_SUCCESS) *addr = tensor->data;
  return st;
}

aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr) {
  const aclnnStatus st = CheckTensor(tensor, "aclSetRawTensorAddr");
  if (st == ACLNN_SUCCESS) tensor->data = addr;
  return st;
}
