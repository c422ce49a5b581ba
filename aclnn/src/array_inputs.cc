// ValueDepend inputs passed as arrays (StageTensor::int_array, ...): CANN's generated first
// stage makes each a 1-D tensor and matches it, with the other inputs, against the operator's
// supported type combinations; opsim does the same with the OpDef's columns.
#include <algorithm>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "aclnn_executor.h"
#include "opsim/core/float16.h"
#include "opsim/op_api/op_registry.h"

namespace opsim::aclnn {
namespace {

const aclTensor* GivenTensor(const StageTensor& s) {
  if (s.tensor != nullptr) return s.tensor;
  if (s.list != nullptr && !s.list->tensors.empty()) return s.list->tensors[0];
  return nullptr;
}

bool IsArray(const StageTensor& s) {
  return s.int_array != nullptr || s.float_array != nullptr || s.bool_array != nullptr;
}

// Whether input `p` takes `dtype` in column `column` (a DataTypeList input: in any).
bool Takes(const ops::OpParamDef& p, size_t column, ::aclDataType dtype) {
  const auto want = static_cast<ge::DataType>(static_cast<int32_t>(dtype));
  if (p.GetDataTypes().empty()) {
    for (ge::DataType t : p.GetDataTypeList()) {
      if (t == want) return true;
    }
    return false;
  }
  return column < p.GetDataTypes().size() && p.GetDataTypes()[column] == want;
}

// The first column every given tensor fits; false when none does.
bool MatchColumn(const ops::OpDef& def, const std::vector<StageTensor>& inputs, size_t* column) {
  size_t columns = 1;
  for (const ops::OpParamDef& p : def.GetInputs()) {
    columns = std::max(columns, p.GetDataTypes().size());
  }
  for (size_t j = 0; j < columns; ++j) {
    bool fits = true;
    for (size_t k = 0; k < inputs.size() && fits; ++k) {
      const aclTensor* t = IsArray(inputs[k]) ? nullptr : GivenTensor(inputs[k]);
      if (t != nullptr && IsLive(t, HandleKind::kTensor, "", "")) {
        fits = Takes(def.GetInputs()[k], j, t->dtype);
      }
    }
    if (fits) {
      *column = j;
      return true;
    }
  }
  return false;
}

::aclDataType ColumnType(const ops::OpParamDef& p, size_t column) {
  const std::vector<ge::DataType>& types =
      p.GetDataTypes().empty() ? p.GetDataTypeList() : p.GetDataTypes();
  const size_t j = p.GetDataTypes().empty() ? 0 : column;
  return j < types.size() ? static_cast<::aclDataType>(static_cast<int32_t>(types[j]))
                          : ::ACL_DT_UNDEFINED;
}

template <typename T>
void Append(T value, std::vector<uint8_t>* bytes) {
  const size_t at = bytes->size();
  bytes->resize(at + sizeof(T));
  std::memcpy(bytes->data() + at, &value, sizeof(T));
}

template <typename T>
bool AppendInteger(int64_t v, std::vector<uint8_t>* bytes) {
  if (std::is_unsigned_v<T> ? v < 0 || static_cast<uint64_t>(v) > std::numeric_limits<T>::max()
                            : v < static_cast<int64_t>(std::numeric_limits<T>::lowest()) ||
                                  v > static_cast<int64_t>(std::numeric_limits<T>::max())) {
    return false;
  }
  Append(static_cast<T>(v), bytes);
  return true;
}

}  // namespace

bool AppendIntAs(int64_t v, ::aclDataType dtype, std::vector<uint8_t>* bytes) {
  switch (dtype) {
    case ::ACL_BOOL: Append(static_cast<uint8_t>(v != 0 ? 1 : 0), bytes); return true;
    case ::ACL_INT8: return AppendInteger<int8_t>(v, bytes);
    case ::ACL_UINT8: return AppendInteger<uint8_t>(v, bytes);
    case ::ACL_INT16: return AppendInteger<int16_t>(v, bytes);
    case ::ACL_UINT16: return AppendInteger<uint16_t>(v, bytes);
    case ::ACL_INT32: return AppendInteger<int32_t>(v, bytes);
    case ::ACL_UINT32: return AppendInteger<uint32_t>(v, bytes);
    case ::ACL_INT64: return AppendInteger<int64_t>(v, bytes);
    case ::ACL_UINT64: return AppendInteger<uint64_t>(v, bytes);
    default: return false;
  }
}

// 16-bit floats from the value rounded to float first (opsim's one conversion to them).
bool AppendFloatAs(double v, ::aclDataType dtype, std::vector<uint8_t>* bytes) {
  const float f = static_cast<float>(v);
  switch (dtype) {
    case ::ACL_FLOAT: Append(f, bytes); return true;
    case ::ACL_DOUBLE: Append(v, bytes); return true;
    case ::ACL_FLOAT16: Append(FloatToHalfBits(f), bytes); return true;
    case ::ACL_BF16: Append(FloatToBFloat16Bits(f), bytes); return true;
    default: return false;
  }
}

namespace {

// The array's values into s->constant as `dtype`; the message names the first that does not fit.
aclnnStatus Fill(const char* api, ::aclDataType dtype, StageTensor* s) {
  std::vector<uint8_t> bytes;
  size_t n = 0;
  bool fits = true;
  std::string value;
  if (s->int_array != nullptr) {
    n = s->int_array->values.size();
    for (size_t i = 0; i < n && fits; ++i) {
      fits = AppendIntAs(s->int_array->values[i], dtype, &bytes);
      value = std::to_string(s->int_array->values[i]);
    }
  } else if (s->float_array != nullptr) {
    n = s->float_array->values.size();
    for (size_t i = 0; i < n && fits; ++i)
      fits = AppendFloatAs(s->float_array->values[i], dtype, &bytes);
  } else {
    n = s->bool_array->values.size();
    for (size_t i = 0; i < n && fits; ++i) {
      fits = dtype == ::ACL_BOOL;
      Append(static_cast<uint8_t>(s->bool_array->values[i] ? 1 : 0), &bytes);
    }
  }
  if (!fits) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api,
                std::string(s->name) + ": " +
                    (value.empty() ? std::string("the array") : "the value " + value) +
                    " does not fit " + ge::DataTypeName(static_cast<ge::DataType>(dtype)) +
                    ", the OpDef's data type for it with the other inputs' types");
  }
  s->constant = std::move(bytes);
  s->constant_dtype = dtype;
  s->constant_shape = {static_cast<int64_t>(n)};
  s->int_array = nullptr;
  s->float_array = nullptr;
  s->bool_array = nullptr;
  return ACLNN_SUCCESS;
}

// A live handle of the array's kind, or the recent error set.
bool LiveArray(const char* api, const StageTensor& s) {
  if (s.int_array != nullptr) return IsLive(s.int_array, HandleKind::kIntArray, api, s.name);
  if (s.float_array != nullptr) return IsLive(s.float_array, HandleKind::kFloatArray, api, s.name);
  return IsLive(s.bool_array, HandleKind::kBoolArray, api, s.name);
}

}  // namespace

aclnnStatus ResolveArrayInputs(const char* api, const std::string& op_type,
                               std::vector<StageTensor>* inputs) {
  bool any = false;
  for (const StageTensor& s : *inputs) any = any || IsArray(s);
  if (!any) return ACLNN_SUCCESS;
  const ops::OpDef* def = op_api::FindOpDef(op_type);
  if (def == nullptr || def->GetInputs().size() != inputs->size()) {
    return Fail(ACLNN_ERR_INNER, api,
                op_type +
                    " has no OpDef whose inputs are the first stage's, which an array "
                    "input needs for its data type");
  }
  for (const StageTensor& s : *inputs) {
    if (IsArray(s) && !LiveArray(api, s)) return ACLNN_ERR_PARAM_INVALID;
  }
  size_t column = 0;
  if (!MatchColumn(*def, *inputs, &column)) {
    return Fail(ACLNN_ERR_PARAM_INVALID, api,
                "the inputs' data types match none of " + op_type +
                    "'s supported combinations (its OpDef's columns)");
  }
  for (size_t k = 0; k < inputs->size(); ++k) {
    StageTensor& s = (*inputs)[k];
    if (!IsArray(s)) continue;
    if (const aclnnStatus st = Fill(api, ColumnType(def->GetInputs()[k], column), &s);
        st != ACLNN_SUCCESS) {
      return st;
    }
  }
  return ACLNN_SUCCESS;
}

}  // namespace opsim::aclnn
