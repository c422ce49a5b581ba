// The executor's calls for hand-written op-API layers (opdev/op_executor.h): allocations in the
// executor, and AI Core launches as steps of a chain (opsim/aclnn/stage_chain.h's executor).
#include <algorithm>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "aclnn_executor.h"
#include "opdev/format_utils.h"
#include "opsim/core/operation.h"
#include "opsim/cpudebug/acl_error.h"
#include "opsim/framework/host_run.h"
#include "opsim/op_api/op_registry.h"

namespace opsim::aclnn {
namespace {

// The tensors between steps start at multiples of this, as CANN aligns workspace parts.
constexpr uint64_t kAlign = 512;

uint8_t unplaced_intermediate;

// aclCreateTensor refused a storage whose element count overflows, so this does not.
uint64_t TensorBytes(const aclTensor& t) {
  uint64_t elements = 1;
  for (int64_t dim : t.view_dims) elements *= static_cast<uint64_t>(dim);
  return elements * aclDataTypeSize(t.dtype);
}

// A host tensor of `dims` owned by the executor, holding `bytes` (already in `dtype`) and zeros
// after them. The description is checked before any memory is taken.
aclTensor* HostTensor(aclOpExecutor* e, const std::vector<int64_t>& dims, ::aclDataType dtype,
                      ::aclFormat format, const std::vector<uint8_t>& bytes) {
  static uint8_t placeholder;
  aclTensor* t = aclCreateTensor(dims.data(), dims.size(), dtype, nullptr, 0, format, dims.data(),
                                 dims.size(), &placeholder);
  if (t == nullptr) return nullptr;
  const uint64_t size = TensorBytes(*t);
  std::unique_ptr<uint8_t[]> memory;
  try {
    memory = std::make_unique<uint8_t[]>(std::max<uint64_t>(size, 1));  // zero-filled
  } catch (const std::bad_alloc&) {
    DestroyTensor(t);
    Fail(ACLNN_ERR_INNER, "aclOpExecutor::AllocHostTensor",
         "cannot allocate " + std::to_string(size) + " B of host memory for the tensor");
    return nullptr;
  }
  if (!bytes.empty())
    std::memcpy(memory.get(), bytes.data(), std::min<uint64_t>(bytes.size(), size));
  t->data = memory.get();
  e->host_memory.push_back(std::move(memory));
  e->host_tensors.push_back(t);
  return t;
}

// `count` values as a 1-D host tensor (rank 0 for one scalar's value).
aclTensor* HostTensor(aclOpExecutor* e, const std::vector<uint8_t>& bytes, uint64_t count,
                      ::aclDataType dtype, bool rank0 = false) {
  const std::vector<int64_t> dims =
      rank0 ? std::vector<int64_t>{} : std::vector<int64_t>{static_cast<int64_t>(count)};
  return HostTensor(e, dims, dtype, ::ACL_FORMAT_ND, bytes);
}

template <typename T>
aclTensor* IntegersAs(aclOpExecutor* e, const T* value, uint64_t size, op::DataType type) {
  std::vector<uint8_t> bytes;
  const auto dtype = op::ToAclDataType(type);
  for (uint64_t i = 0; i < size; ++i) {
    if (!AppendIntAs(static_cast<int64_t>(value[i]), dtype, &bytes) &&
        !AppendFloatAs(static_cast<double>(value[i]), dtype, &bytes)) {
      Fail(ACLNN_ERR_PARAM_INVALID, "aclOpExecutor::AllocHostTensor",
           "value " + std::to_string(value[i]) + " does not fit " + ge::DataTypeName(type));
      return nullptr;
    }
  }
  return HostTensor(e, std::move(bytes), size, dtype);
}

template <typename T>
aclTensor* FloatsAs(aclOpExecutor* e, const T* value, uint64_t size, op::DataType type) {
  std::vector<uint8_t> bytes;
  const auto dtype = op::ToAclDataType(type);
  for (uint64_t i = 0; i < size; ++i) {
    if (!AppendFloatAs(static_cast<double>(value[i]), dtype, &bytes)) {
      Fail(ACLNN_ERR_PARAM_INVALID, "aclOpExecutor::AllocHostTensor",
           std::string("a floating value cannot be held by ") + ge::DataTypeName(type));
      return nullptr;
    }
  }
  return HostTensor(e, std::move(bytes), size, dtype);
}

aclTensor* StorageView(aclOpExecutor* e, const aclTensor* tensor, const op::Shape& shape,
                       const op::Shape& storage_shape, const op::Strides& strides, int64_t offset) {
  const char* call = "aclOpExecutor::CreateView";
  if (tensor == nullptr) {
    FailNull(call, "tensor");
    return nullptr;
  }
  const op::ShapeVector dims = op::ToShapeVector(shape);
  const op::ShapeVector storage = op::ToShapeVector(storage_shape);
  if (strides.size() != dims.size()) {
    Fail(ACLNN_ERR_PARAM_INVALID, call,
         std::to_string(strides.size()) + " strides for a view of rank " +
             std::to_string(dims.size()) + " (one per dim)");
    return nullptr;
  }
  int64_t storage_elements = 1, tensor_storage = 1;
  for (int64_t d : storage) storage_elements *= std::max<int64_t>(d, 0);
  for (int64_t d : tensor->storage_dims) tensor_storage *= d;
  if (storage_elements > tensor_storage) {
    Fail(ACLNN_ERR_PARAM_INVALID, call,
         "storage shape " + std::string(op::ToString(storage_shape).GetString()) + " holds " +
             std::to_string(storage_elements) + " elements, more than the tensor's storage (" +
             std::to_string(tensor_storage) + ")");
    return nullptr;
  }
  auto* view = new aclTensor;
  const std::vector<int64_t> stride_values(strides.begin(), strides.end());
  if (Describe(call, view, dims.data(), dims.size(), tensor->dtype, stride_values.data(), offset,
               tensor->format, storage.data(), storage.size(),
               tensor->data != nullptr ? tensor->data : UnplacedAddress()) != ACLNN_SUCCESS) {
    delete view;
    return nullptr;
  }
  AddHandle(view, HandleKind::kTensor);
  e->storage_views.emplace_back(view, tensor);
  return view;
}

template <typename Handle>
Handle* Own(std::vector<Handle*>* owned, Handle* made) {
  if (made != nullptr) owned->push_back(made);
  return made;
}

}  // namespace

void* UnplacedAddress() { return &unplaced_intermediate; }

void DestroyTensor(aclTensor* t) {
  RemoveHandle(t);
  delete t;
}

void PlaceIntermediate(aclOpExecutor* e, aclTensor* t) {
  e->intermediates.push_back({t, e->intermediate_bytes});
  e->intermediate_bytes += (TensorBytes(*t) + kAlign - 1) / kAlign * kAlign;
}

aclTensor* AddIntermediate(aclOpExecutor* e, const std::vector<int64_t>& dims, ::aclDataType dtype,
                           ::aclFormat format) {
  aclTensor* t = aclCreateTensor(dims.data(), dims.size(), dtype, nullptr, 0, format, dims.data(),
                                 dims.size(), UnplacedAddress());
  if (t != nullptr) PlaceIntermediate(e, t);
  return t;
}

}  // namespace opsim::aclnn

namespace aclnn = opsim::aclnn;

aclOpExecutor::aclOpExecutor() = default;

aclOpExecutor::~aclOpExecutor() {
  for (const Intermediate& i : intermediates) aclnn::DestroyTensor(i.tensor);
  for (aclTensor* t : unshaped) aclnn::DestroyTensor(t);
  for (const auto& [alias, tensor] : aliases) aclnn::DestroyTensor(alias);
  for (const auto& [view, tensor] : storage_views) aclnn::DestroyTensor(view);
  for (aclTensor* t : host_tensors) aclnn::DestroyTensor(t);
  for (aclScalar* s : scalars) aclDestroyScalar(s);
  for (aclIntArray* a : int_arrays) aclDestroyIntArray(a);
  for (aclFloatArray* a : float_arrays) aclDestroyFloatArray(a);
  for (aclBoolArray* a : bool_arrays) aclDestroyBoolArray(a);
  for (aclTensorList* l : tensor_lists) {  // not aclDestroyTensorList: the tensors are not its
    aclnn::RemoveHandle(l);
    delete l;
  }
}

aclTensor* aclOpExecutor::AllocTensor(const op::Shape& shape, op::DataType dataType,
                                      op::Format format) {
  return aclnn::AddIntermediate(this, op::ToShapeVector(shape), op::ToAclDataType(dataType),
                                op::ToAclFormat(format));
}

aclTensor* aclOpExecutor::AllocTensor(const op::Shape& storageShape, const op::Shape& originShape,
                                      op::DataType dataType, op::Format storageFormat,
                                      op::Format /*originFormat*/) {
  static_cast<void>(storageShape);  // opsim's tensors are ND: storage is the view
  return AllocTensor(originShape, dataType, storageFormat);
}

aclTensor* aclOpExecutor::AllocTensor(op::DataType dataType, op::Format storageFormat,
                                      op::Format /*originFormat*/) {
  // Rank 0 until INFER_SHAPE: not placed, so it takes no workspace yet.
  aclTensor* t =
      aclCreateTensor(nullptr, 0, op::ToAclDataType(dataType), nullptr, 0,
                      op::ToAclFormat(storageFormat), nullptr, 0, aclnn::UnplacedAddress());
  if (t != nullptr) unshaped.push_back(t);
  return t;
}

aclTensor* aclOpExecutor::AllocHostTensor(const int64_t* value, uint64_t size, op::DataType t) {
  return aclnn::IntegersAs(this, value, size, t);
}
aclTensor* aclOpExecutor::AllocHostTensor(const int32_t* value, uint64_t size, op::DataType t) {
  return aclnn::IntegersAs(this, value, size, t);
}
aclTensor* aclOpExecutor::AllocHostTensor(const bool* value, uint64_t size, op::DataType t) {
  return aclnn::IntegersAs(this, value, size, t);
}
aclTensor* aclOpExecutor::AllocHostTensor(const char* value, uint64_t size, op::DataType t) {
  return aclnn::IntegersAs(this, value, size, t);
}
aclTensor* aclOpExecutor::AllocHostTensor(const int16_t* value, uint64_t size, op::DataType t) {
  return aclnn::IntegersAs(this, value, size, t);
}
aclTensor* aclOpExecutor::AllocHostTensor(const uint16_t* value, uint64_t size, op::DataType t) {
  return aclnn::IntegersAs(this, value, size, t);
}
aclTensor* aclOpExecutor::AllocHostTensor(const int8_t* value, uint64_t size, op::DataType t) {
  return aclnn::IntegersAs(this, value, size, t);
}
aclTensor* aclOpExecutor::AllocHostTensor(const uint8_t* value, uint64_t size, op::DataType t) {
  return aclnn::IntegersAs(this, value, size, t);
}
aclTensor* aclOpExecutor::AllocHostTensor(const uint32_t* value, uint64_t size, op::DataType t) {
  return aclnn::IntegersAs(this, value, size, t);
}
aclTensor* aclOpExecutor::AllocHostTensor(const uint64_t* value, uint64_t size, op::DataType t) {
  return aclnn::IntegersAs(this, value, size, t);
}
aclTensor* aclOpExecutor::AllocHostTensor(const op::fp16_t* value, uint64_t size, op::DataType t) {
  return aclnn::FloatsAs(this, value, size, t);
}
aclTensor* aclOpExecutor::AllocHostTensor(const op::bfloat16* value, uint64_t size,
                                          op::DataType t) {
  return aclnn::FloatsAs(this, value, size, t);
}
aclTensor* aclOpExecutor::AllocHostTensor(const op::Shape& shape, op::DataType dataType,
                                          op::Format format) {
  return aclnn::HostTensor(this, op::ToShapeVector(shape), op::ToAclDataType(dataType),
                           op::ToAclFormat(format), {});
}
aclTensor* aclOpExecutor::AllocHostTensor(const op::Shape& storageShape,
                                          const op::Shape& originShape, op::DataType dataType,
                                          op::Format storageFormat, op::Format /*originFormat*/) {
  static_cast<void>(storageShape);  // opsim's tensors are ND: storage is the view
  return AllocHostTensor(originShape, dataType, storageFormat);
}

aclTensor* aclOpExecutor::CreateView(const aclTensor* tensor, const op::Shape& shape,
                                     int64_t offset) {
  op::Strides contiguous(shape.GetDimNum(), 1);
  for (size_t i = shape.GetDimNum(); i > 1; --i) {
    contiguous[i - 2] = contiguous[i - 1] * std::max<int64_t>(shape.GetDim(i - 1), 1);
  }
  return CreateView(tensor, shape, tensor ? tensor->GetStorageShape() : shape, contiguous, offset);
}

aclTensor* aclOpExecutor::CreateView(const aclTensor* tensor, const op::Shape& oriShape,
                                     const op::Shape& storageShape, const op::Strides& oriStride,
                                     int64_t offset) {
  return aclnn::StorageView(this, tensor, oriShape, storageShape, oriStride, offset);
}

aclTensor* aclOpExecutor::AllocHostTensor(const float* value, uint64_t size, op::DataType t) {
  return aclnn::FloatsAs(this, value, size, t);
}
aclTensor* aclOpExecutor::AllocHostTensor(const double* value, uint64_t size, op::DataType t) {
  return aclnn::FloatsAs(this, value, size, t);
}

const aclTensor* aclOpExecutor::ConvertToTensor(const aclIntArray* value, op::DataType t) {
  if (value == nullptr) return nullptr;
  return AllocHostTensor(value->GetData(), value->Size(), t);
}
const aclTensor* aclOpExecutor::ConvertToTensor(const aclFloatArray* value, op::DataType t) {
  if (value == nullptr) return nullptr;
  return AllocHostTensor(value->GetData(), value->Size(), t);
}
const aclTensor* aclOpExecutor::ConvertToTensor(const aclBoolArray* value, op::DataType t) {
  if (value == nullptr) return nullptr;
  return AllocHostTensor(value->GetData(), value->Size(), t);
}

const aclTensor* aclOpExecutor::ConvertToTensor(const aclScalar* value, op::DataType t) {
  if (value == nullptr) return nullptr;
  std::vector<uint8_t> bytes;
  const auto dtype = op::ToAclDataType(t);
  const bool integral = op::IsIntegralType(value->GetDataType(), true);
  const bool fits = integral ? aclnn::AppendIntAs(value->ToInt64(), dtype, &bytes) ||
                                   aclnn::AppendFloatAs(value->ToDouble(), dtype, &bytes)
                             : aclnn::AppendFloatAs(value->ToDouble(), dtype, &bytes);
  if (!fits) {
    aclnn::Fail(
        ACLNN_ERR_PARAM_INVALID, "aclOpExecutor::ConvertToTensor",
        std::string(value->ToString().GetString()) + " does not fit " + ge::DataTypeName(t));
    return nullptr;
  }
  return aclnn::HostTensor(this, std::move(bytes), 1, dtype, /*rank0=*/true);
}

aclTensorList* aclOpExecutor::AllocTensorList(const aclTensor* const* tensors, uint64_t size) {
  if (tensors == nullptr && size > 0) {
    aclnn::Fail(ACLNN_ERR_INNER_NULLPTR, "aclOpExecutor::AllocTensorList", "tensors is null");
    return nullptr;
  }
  auto* list = new aclTensorList;
  for (uint64_t i = 0; i < size; ++i) list->tensors.push_back(const_cast<aclTensor*>(tensors[i]));
  aclnn::AddHandle(list, aclnn::HandleKind::kTensorList);
  tensor_lists.push_back(list);
  return list;
}

aclIntArray* aclOpExecutor::AllocIntArray(const int64_t* value, uint64_t size) {
  return aclnn::Own(&int_arrays, aclCreateIntArray(value, size));
}
aclFloatArray* aclOpExecutor::AllocFloatArray(const float* value, uint64_t size) {
  return aclnn::Own(&float_arrays, aclCreateFloatArray(value, size));
}
aclBoolArray* aclOpExecutor::AllocBoolArray(const bool* value, uint64_t size) {
  return aclnn::Own(&bool_arrays, aclCreateBoolArray(value, size));
}
aclScalar* aclOpExecutor::AllocScalar(const void* data, op::DataType dataType) {
  return aclnn::Own(&scalars,
                    aclCreateScalar(const_cast<void*>(data), op::ToAclDataType(dataType)));
}
aclScalar* aclOpExecutor::AllocScalar(float value) {
  return AllocScalar(&value, op::DataType::DT_FLOAT);
}
aclScalar* aclOpExecutor::AllocScalar(double value) {
  return AllocScalar(&value, op::DataType::DT_DOUBLE);
}
aclScalar* aclOpExecutor::AllocScalar(int32_t value) {
  return AllocScalar(&value, op::DataType::DT_INT32);
}
aclScalar* aclOpExecutor::AllocScalar(int64_t value) {
  return AllocScalar(&value, op::DataType::DT_INT64);
}
aclScalar* aclOpExecutor::AllocScalar(int16_t value) {
  return AllocScalar(&value, op::DataType::DT_INT16);
}
aclScalar* aclOpExecutor::AllocScalar(int8_t value) {
  return AllocScalar(&value, op::DataType::DT_INT8);
}
aclScalar* aclOpExecutor::AllocScalar(uint32_t value) {
  return AllocScalar(&value, op::DataType::DT_UINT32);
}
aclScalar* aclOpExecutor::AllocScalar(uint64_t value) {
  return AllocScalar(&value, op::DataType::DT_UINT64);
}
aclScalar* aclOpExecutor::AllocScalar(uint16_t value) {
  return AllocScalar(&value, op::DataType::DT_UINT16);
}
aclScalar* aclOpExecutor::AllocScalar(op::fp16_t value) {
  return AllocScalar(&value.val, op::DataType::DT_FLOAT16);
}
aclScalar* aclOpExecutor::AllocScalar(op::bfloat16 value) {
  return AllocScalar(&value.value, op::DataType::DT_BF16);
}
aclScalar* aclOpExecutor::AllocScalar(uint8_t value) {
  return AllocScalar(&value, op::DataType::DT_UINT8);
}
aclScalar* aclOpExecutor::AllocScalar(bool value) {
  return AllocScalar(&value, op::DataType::DT_BOOL);
}

// A chain's: its intermediates, then the most any step asks for.
uint64_t aclOpExecutor::GetWorkspaceSize() const { return intermediate_bytes + steps_workspace; }

aclnnStatus aclOpExecutor::SetRepeatable() {
  repeatable = true;
  return ACLNN_SUCCESS;
}
bool aclOpExecutor::IsRepeatable() const { return repeatable; }

// A first stage starts here: its errors (OP_LOGE) are the only ones aclGetRecentErrMsg returns.
UniqueExecutor::UniqueExecutor(const char* funcName)
    : executor_(std::make_unique<aclOpExecutor>()) {
  executor_->op_type = funcName == nullptr ? "" : funcName;
  opsim::acl::LastError().clear();
}

UniqueExecutor::~UniqueExecutor() = default;

void UniqueExecutor::ReleaseTo(aclOpExecutor** executor) {
  if (executor == nullptr) return;
  *executor = executor_.release();
  aclnn::AddHandle(*executor, aclnn::HandleKind::kExecutor);
}

aclnnStatus CommonOpExecutorRun(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                aclrtStream stream) {
  return aclnn::Run("CommonOpExecutorRun", workspace, workspaceSize, executor, stream);
}
