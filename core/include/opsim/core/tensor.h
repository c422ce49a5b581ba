// Tensors as ATB describes them: TensorDesc, Tensor, VariantPack over ACL's dtype and format.
//
// Type and member names (aclDataType, dimNum, deviceData, inTensors, ...) are spelled exactly as
// ATB and ACL spell them, a deliberate exception to the project's naming rules: the atb:: facade
// (framework/atb) is then a set of plain aliases and code written against ATB compiles unchanged.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "acl/acl_base.h"
#include "opsim/core/dtype.h"
#include "opsim/core/shape.h"
#include "opsim/core/status.h"
#include "opsim/core/svector.h"

namespace opsim {

// ACL's aclDataType and aclFormat, declared once (acl/acl_base.h, as CANN declares them); the
// dtypes opsim::DType knows carry the same numbers. Only ND (plain row-major) is meaningful to
// opsim's operators.
using ::aclDataType;
using ::aclFormat;

inline constexpr uint64_t MAX_DIM = kMaxRank;  // ATB's name for the rank limit

struct Dims {
  int64_t dims[MAX_DIM] = {0};
  uint64_t dimNum = 0;
};

struct TensorDesc {
  aclDataType dtype = ACL_DT_UNDEFINED;
  aclFormat format = ACL_FORMAT_UNDEFINED;
  Dims shape;
};

// Device memory is plain host memory in the simulator: deviceData is what operators read and
// write; hostData is carried for ATB compatibility and never touched.
struct Tensor {
  TensorDesc desc;
  void* deviceData = nullptr;
  void* hostData = nullptr;
  uint64_t dataSize = 0;  // bytes
};

struct VariantPack {
  SVector<Tensor> inTensors;
  SVector<Tensor> outTensors;
};

// Equal dtype, format, rank and the first dimNum dims (entries past dimNum are ignored).
bool operator==(const Dims& a, const Dims& b);
bool operator==(const TensorDesc& a, const TensorDesc& b);

// The DType of an ACL dtype opsim knows; nullopt for the rest (undefined, int16, string, ...).
std::optional<DType> DTypeFromAcl(aclDataType dtype);
aclDataType AclFromDType(DType dtype);
// "ND", "NCHW", ...; "format(<n>)" for a value outside the enum.
std::string FormatName(aclFormat format);

// Checks dimNum <= MAX_DIM, every dim >= 0 and no int64 overflow (kInvalidTensorDimNum,
// kInvalidTensorDim); `what` names the tensor in the message, e.g. "ReduceOperation: inTensors[0]".
Status ShapeFromDims(const Dims& dims, Shape* out, const std::string& what);
Dims DimsFromShape(const Shape& shape);

// "float16 ND [2,3]" for messages.
std::string ToString(const TensorDesc& desc);
// Bytes the data of `desc` occupies: elements * dtype size; nullopt for an unknown dtype,
// a bad shape or int64 overflow.
std::optional<uint64_t> TensorDescBytes(const TensorDesc& desc);

}  // namespace opsim
