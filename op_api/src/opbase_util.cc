// The exported functions of CANN's op-base host utilities: math_util.h (LastPow2, MurmurHash,
// the equal splits), shape_util.h, tiling_base_util.h and the three infershape_*_util.h.
#include <cstring>
#include <string>
#include <vector>

#include "op_common/log/log.h"
#include "op_common/op_host/infershape_broadcast_util.h"
#include "op_common/op_host/infershape_elewise_util.h"
#include "op_common/op_host/infershape_reduce_util.h"
#include "op_common/op_host/tiling_base_util.h"
#include "op_common/op_host/util/math_util.h"
#include "op_common/op_host/util/shape_util.h"
#include "tiling/platform/platform_ascendc.h"

namespace Ops::Base {
namespace {

uint32_t RotateLeft(uint32_t v, int bits) { return (v << bits) | (v >> (32 - bits)); }

uint32_t MurmurScramble(uint32_t k) { return RotateLeft(k * 0xcc9e2d51u, 15) * 0x1b873593u; }

// Broadcasts one pair of aligned dims into `out` (see infershape_broadcast_util.h).
bool BroadcastDim(int64_t& out, int64_t dim) {
  if (out == dim || dim == 1) return true;
  if (out == 1) {
    out = dim;
    return true;
  }
  if (out == kOpsimUnknownDim || dim == kOpsimUnknownDim) {
    out = out == kOpsimUnknownDim ? dim : out;
    return true;
  }
  return false;
}

// out := broadcast(out, shape), aligning the last dims.
bool BroadcastInto(const gert::Shape& shape, gert::Shape* out) {
  if (IsUnknownRank(shape) || IsUnknownRank(*out)) {
    SetUnknownRank(*out);
    return true;
  }
  const size_t rank = std::max(shape.GetDimNum(), out->GetDimNum());
  gert::Shape result;
  result.SetDimNum(rank);
  for (size_t i = 0; i < rank; ++i) {  // i-th dim from the end
    const size_t a = out->GetDimNum(), b = shape.GetDimNum();
    int64_t dim = i < a ? out->GetDim(a - 1 - i) : 1;
    const int64_t other = i < b ? shape.GetDim(b - 1 - i) : 1;
    if (!BroadcastDim(dim, other)) {
      OP_LOGE("BroadcastShape", "%lld and %lld cannot broadcast!", static_cast<long long>(dim),
              static_cast<long long>(other));
      return false;
    }
    result.SetDim(rank - 1 - i, dim);
  }
  *out = result;
  return true;
}

}  // namespace

uint64_t LastPow2(uint64_t n) {
  if (n == 0) return 1;
  uint64_t p = 1;
  while (p <= n / 2) p <<= 1;
  return p;
}

// MurmurHash3 (x86, 32-bit) with CANN's tail: the len % 4 trailing bytes are taken from the
// start of the buffer, not its end, as CANN's implementation does, so hashes equal CANN's.
uint32_t MurmurHash(const void* src, uint32_t srcLen, uint32_t seed) {
  const auto* bytes = static_cast<const uint8_t*>(src);
  uint32_t h = seed;
  for (uint32_t i = 0; i < srcLen / 4; ++i) {
    uint32_t k = 0;
    std::memcpy(&k, bytes + 4 * i, sizeof k);
    h = RotateLeft(h ^ MurmurScramble(k), 13) * 5 + 0xe6546b64u;
  }
  uint32_t tail = 0;
  for (uint32_t i = srcLen % 4; i > 0; --i) tail = (tail << 8) | bytes[i - 1];
  h ^= MurmurScramble(tail);
  h ^= srcLen;
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

bool SplitIntoEqualByParts(int64_t splitLen, int32_t parts, SplitResult& splitResult) {
  if (splitLen <= 0 || parts <= 0) return false;
  const int64_t pieces = std::min<int64_t>(splitLen, parts);
  const int64_t factor = CeilDiv(splitLen, pieces);
  splitResult.splitFactor = factor;
  splitResult.splitCount = static_cast<int32_t>(CeilDiv(splitLen, factor));
  splitResult.splitTailFactor = splitLen % factor == 0 ? factor : splitLen % factor;
  return true;
}

bool SplitIntoEqualByFactor(int64_t splitLen, int32_t factor, SplitResult& splitResult) {
  if (splitLen <= 0 || factor <= 0) return false;
  const int64_t piece = std::min<int64_t>(splitLen, factor);
  splitResult.splitCount = static_cast<int32_t>(CeilDiv(splitLen, piece));
  splitResult.splitTailFactor = splitLen % piece == 0 ? piece : splitLen % piece;
  splitResult.splitFactor = splitResult.splitCount == 1 ? 0 : piece;
  return true;
}

void SetUnknownRank(gert::Shape& shape) {
  shape.SetDimNum(0);
  shape.AppendDim(kOpsimUnknownRankDim);
}

bool IsUnknownRank(const gert::Shape& shape) {
  return shape.GetDimNum() == 1 && shape.GetDim(0) == kOpsimUnknownRankDim;
}

void SetUnknownShape(int64_t rank, gert::Shape& shape) {
  shape.SetDimNum(0);
  for (int64_t i = 0; i < rank; ++i) shape.AppendDim(kOpsimUnknownDim);
}

// CANN's opbase answers for -1 dims only: [-2] is an unknown rank, not an unknown shape, so
// operators test IsUnknownShape first and IsUnknownRank after (ops-nn's MaxPoolWithArgmax).
bool IsUnknownShape(const gert::Shape& shape) {
  for (size_t i = 0; i < shape.GetDimNum(); ++i) {
    if (shape.GetDim(i) == kOpsimUnknownDim) return true;
  }
  return false;
}

NpuArch GetNpuArch(const gert::TilingContext* context) {
  fe::PlatFormInfos* platform = context == nullptr ? nullptr : context->GetPlatformInfo();
  if (platform == nullptr) return NpuArch::DAV_RESV;
  return platform_ascendc::PlatformAscendC(platform).GetCurNpuArch();
}

namespace {
bool IsRegbaseArch(NpuArch arch) { return arch == NpuArch::DAV_3510 || arch == NpuArch::DAV_5102; }
}  // namespace

bool IsRegbaseSocVersion(const gert::TilingContext* context) {
  return IsRegbaseArch(GetNpuArch(context));
}

bool IsRegbaseSocVersion(const gert::TilingParseContext* context) {
  fe::PlatFormInfos* platform = context == nullptr ? nullptr : context->GetPlatformInfo();
  return platform != nullptr &&
         IsRegbaseArch(platform_ascendc::PlatformAscendC(platform).GetCurNpuArch());
}

ge::graphStatus InferShape4Elewise(gert::InferShapeContext* context) {
  const gert::Shape* in = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, in);
  gert::Shape* out = context->GetOutputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, out);
  *out = *in;
  return ge::GRAPH_SUCCESS;
}

bool BroadcastShape(const gert::Shape* in1Shape, const gert::Shape* in2Shape,
                    gert::Shape* outShape) {
  *outShape = *in1Shape;
  OP_CHECK_IF(!BroadcastInto(*in2Shape, outShape),
              OP_LOGE("BroadcastShape", "shapes %s and %s cannot broadcast!",
                      ToString(*in1Shape).c_str(), ToString(*in2Shape).c_str()),
              return false);
  return true;
}

bool BroadcastShape(const std::vector<const gert::Shape*>& inShapes, gert::Shape* outShape) {
  OP_CHECK_IF(inShapes.empty(), OP_LOGE("BroadcastShape", "inShapes is empty!"), return false);
  *outShape = *inShapes[0];
  for (size_t i = 1; i < inShapes.size(); ++i) {
    OP_CHECK_IF(
        !BroadcastInto(*inShapes[i], outShape),
        OP_LOGE("BroadcastShape", "input shapes %s cannot broadcast!", ToString(inShapes).c_str()),
        return false);
  }
  return true;
}

ge::graphStatus InferShape4Broadcast(gert::InferShapeContext* context) {
  return InferShape4Broadcast(context, 2);
}

ge::graphStatus InferShape4Broadcast(gert::InferShapeContext* context, size_t inputNum) {
  OP_CHECK_IF(inputNum == 0, OP_LOGE(context, "InferShape4Broadcast input num 0 is invalid!"),
              return ge::GRAPH_FAILED);
  std::vector<const gert::Shape*> shapes(inputNum);
  for (size_t i = 0; i < inputNum; ++i) {
    shapes[i] = context->GetInputShape(i);
    OP_CHECK_NULL_WITH_CONTEXT(context, shapes[i]);
  }
  gert::Shape* out = context->GetOutputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, out);
  OP_CHECK_IF(!BroadcastShape(shapes, out), OP_LOGE(context, "BroadcastShape failed!"),
              return ge::GRAPH_FAILED);
  return ge::GRAPH_SUCCESS;
}

ge::graphStatus InferShape4Reduce(gert::InferShapeContext* context) {
  const gert::Shape* in = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, in);
  const gert::Tensor* axes = context->GetInputTensor(1);
  OP_CHECK_NULL_WITH_CONTEXT(context, axes);
  gert::Shape* out = context->GetOutputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, out);
  const bool* keep_dims = context->GetAttrs()->GetBool(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, keep_dims);
  const int64_t count = axes->GetShapeSize();
  OP_CHECK_IF(count < 0, OP_LOGE(context->GetNodeName(), "axes num cannot be less than 0!"),
              return ge::GRAPH_FAILED);
  if (count == 0) {
    *out = *in;
    return ge::GRAPH_SUCCESS;
  }
  const void* data = axes->GetAddr();
  OP_CHECK_NULL_WITH_CONTEXT(context, data);
  const ge::DataType dtype = axes->GetDataType();
  OP_CHECK_IF(dtype != ge::DT_INT32 && dtype != ge::DT_INT64,
              OP_LOGE(context->GetNodeName(), "axes datatype %s must in (int32, int64)",
                      ToString(dtype).c_str()),
              return ge::GRAPH_FAILED);
  const auto n = static_cast<int32_t>(count);
  return dtype == ge::DT_INT32 ? ReduceDims<int32_t>(in, axes, n, *keep_dims, out)
                               : ReduceDims<int64_t>(in, axes, n, *keep_dims, out);
}

}  // namespace Ops::Base
