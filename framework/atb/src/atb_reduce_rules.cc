#include "atb_reduce_rules.h"

#include <limits>
#include <string>

#include "reduce/reduce_dtype_support.h"
#include "reduce/reduce_request.h"

namespace opsim {

Status AtbReduceError(ErrorCode code, const std::string& what) {
  return {code, std::string(kReduceOperationName) + ": " + what};
}

namespace {

// ATB's TensorCheck: no tensor above 256 GiB.
constexpr uint64_t kMaxTensorBytes = 256ull << 30;

std::string DTypeText(aclDataType dtype) {
  if (const std::optional<DType> d = DTypeFromAcl(dtype)) return std::string(DTypeName(*d));
  return "dtype(" + std::to_string(static_cast<int32_t>(dtype)) + ")";
}

// ATB's element sizes (Utils::GetTensorSize): ACL_DT_UNDEFINED counts as one byte there.
uint64_t AtbElementSize(aclDataType dtype) {
  switch (static_cast<int32_t>(dtype)) {
    case -1: return 1;  // ACL_DT_UNDEFINED
    case ACL_BOOL:
    case ACL_INT8:
    case ACL_UINT8: return 1;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
    case ACL_UINT16: return 2;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32: return 4;
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_DOUBLE:
    case ACL_COMPLEX64: return 8;
    case ACL_COMPLEX128: return 16;
    case ACL_STRING: return sizeof(std::string);
    case 34:            // ACL_HIFLOAT8
    case 35:            // ACL_FLOAT8_E5M2
    case 36:            // ACL_FLOAT8_E4M3FN
    case 37: return 1;  // ACL_FLOAT8_E8M0
    default: return 0;
  }
}

std::optional<ReduceKind> KindOf(int reduce_type) {
  switch (reduce_type) {
    case infer::ReduceParam::REDUCE_MAX: return ReduceKind::kMax;
    case infer::ReduceParam::REDUCE_MIN: return ReduceKind::kMin;
    case infer::ReduceParam::REDUCE_SUM: return ReduceKind::kSum;
    case infer::ReduceParam::REDUCE_PROD: return ReduceKind::kProd;
    default: return std::nullopt;
  }
}

// ATB picks its table by reduceType: [ReduceOperationSUM] for REDUCE_SUM, [ReduceOperation]
// (the MAX/MIN one) for every other value, even one outside the enum.
ReduceKind AtbTableKind(int reduce_type) {
  return reduce_type == infer::ReduceParam::REDUCE_SUM ? ReduceKind::kSum : ReduceKind::kMax;
}

bool InTable(int reduce_type, aclDataType acl, bool extended) {
  const std::optional<DType> dtype = DTypeFromAcl(acl);
  if (!dtype) return false;
  if (!extended) return AtbShipsReduce(AtbTableKind(reduce_type), *dtype);
  if (const std::optional<ReduceKind> kind = KindOf(reduce_type)) {
    return PackageSupportsReduce(*kind, *dtype);
  }
  // No reducer to ask: any dtype the package reduces; the reduceType check refuses next.
  for (ReduceKind k : {ReduceKind::kSum, ReduceKind::kMax, ReduceKind::kMin, ReduceKind::kProd}) {
    if (PackageSupportsReduce(k, *dtype)) return true;
  }
  return false;
}

std::string TableText(int reduce_type, bool extended) {
  const std::optional<ReduceKind> kind = KindOf(reduce_type);
  if (!extended) {
    const ReduceKind table = AtbTableKind(reduce_type);
    return std::string(table == ReduceKind::kSum ? "ATB's [ReduceOperationSUM]"
                                                 : "ATB's [ReduceOperation]") +
           " table: " + ReduceDTypeList(table, true) + ", format ND";
  }
  return "opsim's extended table" +
         (kind ? " for REDUCE_" + std::string(ReduceKindName(*kind)) + ": " +
                     ReduceDTypeList(*kind, false)
               : std::string()) +
         ", format ND";
}

// ATB's TensorCheck::CheckTensorShape: 0 < dimNum <= 8 (ERROR_INVALID_TENSOR_DIM), then
// 0 < bytes <= 256 GiB (ERROR_INVALID_TENSOR_SIZE). Extended: rank 0 and zero-sized dims are
// legal (docs/SPEC.md), so only the rank limit, negative dims and overflow are refused.
Status CheckShape(const TensorDesc& desc, const std::string& name, bool extended) {
  const uint64_t rank = desc.shape.dimNum;
  if (extended) {
    Shape shape;
    OPSIM_RETURN_IF_ERROR(
        ShapeFromDims(desc.shape, &shape, std::string(kReduceOperationName) + ": " + name));
    if (!shape.NumBytes(AtbElementSize(desc.dtype) ? AtbElementSize(desc.dtype) : 1)) {
      return AtbReduceError(ErrorCode::kInvalidTensorSize,
                            name + " " + ToString(desc) + " needs more than 2^63-1 bytes");
    }
    return Status::Ok();
  }
  if (rank == 0 || rank > MAX_DIM) {
    return AtbReduceError(
        ErrorCode::kInvalidTensorDim,
        name + " dimNum = " + std::to_string(rank) +
            " is not supported by ATB (expected 0 < dimNum <= 8; rank 0 is an opsim "
            "extension)");
  }
  for (uint64_t i = 0; i < rank; ++i) {
    if (desc.shape.dims[i] <= 0) {
      return AtbReduceError(
          ErrorCode::kInvalidTensorSize,
          name + " dims[" + std::to_string(i) + "] = " + std::to_string(desc.shape.dims[i]) +
              " gives no elements (ATB expects every dim > 0; zero-sized dims are an "
              "opsim extension)");
    }
  }
  const uint64_t bytes = AtbTensorSize(desc);
  if (bytes == 0 || bytes > kMaxTensorBytes) {
    return AtbReduceError(
        ErrorCode::kInvalidTensorSize,
        name + " " + ToString(desc) + " is " +
            (bytes == 0 ? std::string("of no size ATB can compute (dtype or overflow)")
                        : std::to_string(bytes) + " B") +
            " (ATB expects 0 < size <= 256 GiB)");
  }
  return Status::Ok();
}

Status CheckReduceType(const infer::ReduceParam& param, bool extended) {
  const int type = static_cast<int>(param.reduceType);
  const int last = extended ? infer::ReduceParam::REDUCE_PROD : infer::ReduceParam::REDUCE_SUM;
  if (type >= infer::ReduceParam::REDUCE_MAX && type <= last) return Status::Ok();
  std::string value = std::to_string(type);
  if (type == infer::ReduceParam::REDUCE_UNDEFINED) value += " (REDUCE_UNDEFINED)";
  if (type == infer::ReduceParam::REDUCE_PROD) value += " (opsim's REDUCE_PROD)";
  return AtbReduceError(ErrorCode::kInvalidParam,
                        "reduceType = " + value +
                            (extended ? " is not a reducer (expected REDUCE_MAX=1, REDUCE_MIN=2, "
                                        "REDUCE_SUM=3 or REDUCE_PROD=4)"
                                      : " is outside ATB's ReduceType (expected REDUCE_MAX=1, "
                                        "REDUCE_MIN=2 or REDUCE_SUM=3; REDUCE_PROD=4 needs opsim's "
                                        "extensions)"));
}

Status IniMismatch(const std::string& what, int reduce_type, bool extended) {
  return AtbReduceError(ErrorCode::kInvalidTensorIniMatch,
                        what + " matches no row of " + TableText(reduce_type, extended));
}

}  // namespace

uint64_t AtbTensorSize(const TensorDesc& desc) {
  if (desc.shape.dimNum == 0 || desc.shape.dimNum > MAX_DIM) return 0;
  const uint64_t item = AtbElementSize(desc.dtype);
  if (item == 0) return 0;
  uint64_t count = 1;
  for (uint64_t i = 0; i < desc.shape.dimNum; ++i) {
    const int64_t d = desc.shape.dims[i];
    if (d <= 0) return 0;
    if (std::numeric_limits<uint64_t>::max() / static_cast<uint64_t>(d) < count) return 0;
    count *= static_cast<uint64_t>(d);
  }
  if (std::numeric_limits<uint64_t>::max() / count < item) return 0;
  return count * item;
}

Status CheckAtbReduceInferShape(const infer::ReduceParam& param,
                                const SVector<TensorDesc>& inTensorDescs, bool extended) {
  if (inTensorDescs.size() != 1) {
    return AtbReduceError(
        ErrorCode::kInvalidInTensorNum,
        "inTensorDescs holds " + std::to_string(inTensorDescs.size()) + " tensors (expected 1)");
  }
  const TensorDesc& in = inTensorDescs[0];
  OPSIM_RETURN_IF_ERROR(CheckShape(in, "inTensors[0]", extended));
  const int type = static_cast<int>(param.reduceType);
  if (!InTable(type, in.dtype, extended) || in.format != ACL_FORMAT_ND) {
    return IniMismatch("inTensors[0] (" + DTypeText(in.dtype) + ", " + FormatName(in.format) + ")",
                       type, extended);
  }
  return CheckReduceType(param, extended);
}

Status CheckAtbReduceSetup(const infer::ReduceParam& param, const VariantPack& pack,
                           bool has_context, bool extended) {
  if (!has_context) return AtbReduceError(ErrorCode::kInvalidParam, "Setup: context is null");
  if (pack.inTensors.size() != 1 || pack.outTensors.size() != 1) {
    return AtbReduceError(ErrorCode::kInvalidInTensorNum,
                          "Setup: the pack holds " + std::to_string(pack.inTensors.size()) +
                              " inTensors and " + std::to_string(pack.outTensors.size()) +
                              " outTensors (expected 1 and 1)");
  }
  const TensorDesc& in = pack.inTensors[0].desc;
  const TensorDesc& out = pack.outTensors[0].desc;
  OPSIM_RETURN_IF_ERROR(CheckShape(in, "inTensors[0]", extended));
  OPSIM_RETURN_IF_ERROR(CheckShape(out, "outTensors[0]", extended));
  const int type = static_cast<int>(param.reduceType);
  // Every row of the table maps a dtype to itself in format ND.
  if (!InTable(type, in.dtype, extended) || in.format != ACL_FORMAT_ND || out.dtype != in.dtype ||
      out.format != ACL_FORMAT_ND) {
    return IniMismatch("(inTensors[0] " + DTypeText(in.dtype) + " " + FormatName(in.format) +
                           ", outTensors[0] " + DTypeText(out.dtype) + " " +
                           FormatName(out.format) + ")",
                       type, extended);
  }
  return CheckReduceType(param, extended);
}

Status CheckAtbReduceExecute(const VariantPack& pack, const uint8_t* workspace,
                             uint64_t workspace_size, const AtbSetupRecord& setup) {
  if (workspace_size < setup.workspace_size) {
    return AtbReduceError(ErrorCode::kInvalidParam,
                          "Execute: workspaceSize = " + std::to_string(workspace_size) +
                              " B is smaller than the " + std::to_string(setup.workspace_size) +
                              " B Setup asked for");
  }
  if (setup.workspace_size > 0 && workspace == nullptr) {
    return AtbReduceError(ErrorCode::kInvalidParam,
                          "Execute: workspace is null but Setup asked for " +
                              std::to_string(setup.workspace_size) + " B");
  }
  if (pack.inTensors.size() != 1 || pack.outTensors.size() != 1) {
    return AtbReduceError(ErrorCode::kInvalidParam,
                          "Execute: the pack holds " + std::to_string(pack.inTensors.size()) +
                              " inTensors and " + std::to_string(pack.outTensors.size()) +
                              " outTensors (expected 1 and 1, as at Setup)");
  }
  const struct {
    const Tensor& tensor;
    const char* name;
    uint64_t bytes;
  } tensors[] = {{pack.inTensors[0], "inTensors[0]", setup.in_bytes},
                 {pack.outTensors[0], "outTensors[0]", setup.out_bytes}};
  for (const auto& t : tensors) {
    if (t.tensor.dataSize != t.bytes) {
      return AtbReduceError(
          ErrorCode::kInvalidParam,
          std::string("Execute: ") + t.name + " dataSize = " + std::to_string(t.tensor.dataSize) +
              " B but the description Setup saw needs " + std::to_string(t.bytes) + " B");
    }
    if (t.bytes > 0 && t.tensor.deviceData == nullptr) {
      return AtbReduceError(ErrorCode::kInvalidParam,
                            std::string("Execute: ") + t.name +
                                " deviceData is null (the simulator reads and writes deviceData; "
                                "hostData is never used)");
    }
  }
  return Status::Ok();
}

}  // namespace opsim
