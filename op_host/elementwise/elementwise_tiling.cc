#include "elementwise/elementwise_tiling.h"

#include <algorithm>

#include "elementwise/cast_routes.h"

namespace opsim::elementwise {
namespace {

using ::op_kernel::ElementwiseOp;
using ::op_kernel::ElementwiseTiling;
using ::op_kernel::kElementwiseMaxRank;

// The kernels (Elementwise, Sign, ArgMax) read dtype numbers as op_kernel::DataType, spelled out
// on their side because a device build has no opsim::DType: the two must agree.
constexpr bool SameNumber(::op_kernel::DataType k, DType h) {
  return static_cast<int64_t>(k) == static_cast<int64_t>(h);
}
static_assert(SameNumber(::op_kernel::DataType::kFloat32, DType::kFloat32) &&
                  SameNumber(::op_kernel::DataType::kFloat16, DType::kFloat16) &&
                  SameNumber(::op_kernel::DataType::kInt8, DType::kInt8) &&
                  SameNumber(::op_kernel::DataType::kInt32, DType::kInt32) &&
                  SameNumber(::op_kernel::DataType::kUInt8, DType::kUInt8) &&
                  SameNumber(::op_kernel::DataType::kUInt32, DType::kUInt32) &&
                  SameNumber(::op_kernel::DataType::kInt64, DType::kInt64) &&
                  SameNumber(::op_kernel::DataType::kUInt64, DType::kUInt64) &&
                  SameNumber(::op_kernel::DataType::kFloat64, DType::kFloat64) &&
                  SameNumber(::op_kernel::DataType::kBool, DType::kBool) &&
                  SameNumber(::op_kernel::DataType::kBFloat16, DType::kBFloat16),
              "op_kernel::DataType and opsim::DType number the dtypes differently");

// A block takes at least this many elements: below it, the launch cost of another core is more
// than the work it would take over.
constexpr uint64_t kMinPerCore = 4096;
// Bytes of one UB tile of the widest type. Binary ops hold 3 queues x 2 buffers of it:
// 96 KiB, inside the UB of every profile (the smallest, 910B's, is 192 KiB).
constexpr uint64_t kTileBytes = 16 * 1024;

std::string DimsText(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i > 0) s += ',';
    s += std::to_string(dims[i]);
  }
  s += ']';
  return s;
}

bool IsBinary(ElementwiseOp op) {
  return op == ElementwiseOp::kAdd || op == ElementwiseOp::kSub || op == ElementwiseOp::kMul ||
         op == ElementwiseOp::kDiv;
}

// Output dims with a's and b's element strides (0 on a broadcast dim), adjacent dims merged
// where both operands step through them the same way; dims of extent 1 dropped.
Status Coalesce(const std::string& op, const std::vector<int64_t>& out,
                const std::vector<int64_t>& a, const std::vector<int64_t>& b,
                ElementwiseTiling* t) {
  const size_t rank = out.size();
  std::vector<uint64_t> dims, sa, sb;
  uint64_t stride_a = 1, stride_b = 1;
  std::vector<uint64_t> full_a(rank), full_b(rank);
  for (size_t k = rank; k-- > 0;) {
    const size_t off_a = rank - a.size(), off_b = rank - b.size();
    const int64_t da = k >= off_a ? a[k - off_a] : 1;
    const int64_t db = k >= off_b ? b[k - off_b] : 1;
    full_a[k] = da == 1 ? 0 : stride_a;
    full_b[k] = db == 1 ? 0 : stride_b;
    stride_a *= static_cast<uint64_t>(da);
    stride_b *= static_cast<uint64_t>(db);
  }
  for (size_t k = 0; k < rank; ++k) {
    const auto d = static_cast<uint64_t>(out[k]);
    if (d == 1) continue;
    if (!dims.empty()) {
      // Merge with the previous dim when each operand's previous stride continues this one.
      const uint64_t last = dims.back();
      if (sa.back() == full_a[k] * d && sb.back() == full_b[k] * d) {
        dims.back() = last * d;
        sa.back() = full_a[k];
        sb.back() = full_b[k];
        continue;
      }
    }
    dims.push_back(d);
    sa.push_back(full_a[k]);
    sb.push_back(full_b[k]);
  }
  if (dims.empty()) {  // rank 0, or every dim 1: one element
    dims.push_back(1);
    sa.push_back(0);
    sb.push_back(0);
  }
  if (dims.size() > kElementwiseMaxRank) {
    return {ErrorCode::kInvalidTensorDimNum,
            op + ": the broadcast of " + DimsText(a) + " and " + DimsText(b) + " needs " +
                std::to_string(dims.size()) + " dims after merging (at most " +
                std::to_string(kElementwiseMaxRank) + ")"};
  }
  t->rank = static_cast<uint32_t>(dims.size());
  for (size_t k = 0; k < dims.size(); ++k) {
    t->dims[k] = dims[k];
    t->a_strides[k] = sa[k];
    t->b_strides[k] = sb[k];
  }
  return Status::Ok();
}

uint64_t Product(const std::vector<int64_t>& dims) {
  uint64_t n = 1;
  for (int64_t d : dims) n *= static_cast<uint64_t>(d);
  return n;
}

}  // namespace

Status BroadcastShape(const std::string& op, const std::vector<int64_t>& a,
                      const std::vector<int64_t>& b, std::vector<int64_t>* out) {
  const size_t rank = std::max(a.size(), b.size());
  out->assign(rank, 1);
  for (size_t k = 0; k < rank; ++k) {
    const int64_t da = k < rank - a.size() ? 1 : a[k - (rank - a.size())];
    const int64_t db = k < rank - b.size() ? 1 : b[k - (rank - b.size())];
    if (da != db && da != 1 && db != 1) {
      return {ErrorCode::kInvalidTensorDim,
              op + ": shapes " + DimsText(a) + " and " + DimsText(b) +
                  " do not broadcast (output dim " + std::to_string(k) + ": " + std::to_string(da) +
                  " vs " + std::to_string(db) + "; numpy rule: equal, or one of them 1)"};
    }
    (*out)[k] = da == 1 ? db : da;
  }
  return Status::Ok();
}

namespace {

// Cast's AI Core kernel computes the pairs of cast_routes.h; its OpDef's columns send no other
// pair here (they run on the AI CPU), so another is a caller's mistake, refused by name.
Status CheckCastPair(const ElementwiseRequest& request) {
  const auto src = static_cast<::op_kernel::DataType>(request.src);
  const auto dst = static_cast<::op_kernel::DataType>(request.dst);
  if (::op_kernel::elementwise::CastOnAiCore(src, dst)) return Status::Ok();
  return {ErrorCode::kInvalidTensorDtype,
          request.op_name + ": " + std::string(DTypeName(request.src)) + " -> " +
              std::string(DTypeName(request.dst)) +
              " is not a pair the AI Core's Cast kernel computes (the 910B's Cast row and its "
              "exact chains, op_kernel/elementwise/cast_routes.h); it runs on the AI CPU"};
}

// UB bytes a tiling's kernel holds: binary ops 3 queues x 2 tiles of the widest type (bfloat16
// ones 2 float32 tiles more); Cast 2 x 2 tiles, its route's intermediate tiles and the range
// check of a float source.
uint64_t UbNeed(const ElementwiseRequest& request, uint32_t tile) {
  if (request.op == ElementwiseOp::kCast) {
    const auto route =
        ::op_kernel::elementwise::CastRouteOf(static_cast<::op_kernel::DataType>(request.src),
                                              static_cast<::op_kernel::DataType>(request.dst));
    const bool float_source = request.src == DType::kFloat32 || request.src == DType::kFloat16 ||
                              request.src == DType::kBFloat16;
    return kTileBytes * 4 + ::op_kernel::elementwise::CastHalfTempBytes(route, tile) +
           ::op_kernel::elementwise::CastFloatTempBytes(route, tile) +
           (float_source ? ::op_kernel::elementwise::CastRangeCheckBytes(tile) : 0);
  }
  // bfloat16 Add ... Reciprocal widen a tile or two to float32 in the UB first (the kernels'
  // kComputesInFloat): 64 KiB more, 160 KiB in all.
  const bool widened = request.src == DType::kBFloat16 && request.dst == DType::kBFloat16;
  return kTileBytes * 6 + (widened ? 2 * uint64_t{tile} * sizeof(float) : 0);
}

}  // namespace

Status MakeElementwiseTiling(const ElementwiseRequest& request, const ElementwiseDevice& device,
                             ElementwiseTiling* tiling, uint32_t* block_dim) {
  if (request.op == ElementwiseOp::kCast) OPSIM_RETURN_IF_ERROR(CheckCastPair(request));
  ElementwiseTiling t;
  t.op = static_cast<uint32_t>(request.op);
  t.src_dtype = static_cast<uint32_t>(request.src);
  t.dst_dtype = static_cast<uint32_t>(request.dst);
  t.has_pad = device.has_data_copy_pad ? 1 : 0;
  if (IsBinary(request.op)) {
    std::vector<int64_t> out;
    OPSIM_RETURN_IF_ERROR(BroadcastShape(request.op_name, request.a, request.b, &out));
    t.total = Product(out);
    OPSIM_RETURN_IF_ERROR(Coalesce(request.op_name, out, request.a, request.b, &t));
  } else {
    t.total = Product(request.a);
    t.rank = 1;
    t.dims[0] = std::max<uint64_t>(t.total, 1);
    t.a_strides[0] = 1;
  }
  const uint64_t widest = std::max(DTypeSize(request.src), DTypeSize(request.dst));
  t.tile = static_cast<uint32_t>(kTileBytes / widest);
  const uint64_t ub_need = UbNeed(request, t.tile);
  if (device.ub_bytes != 0 && device.ub_bytes < ub_need) {
    return {ErrorCode::kUnsupported, request.op_name + ": the device's UB of " +
                                         std::to_string(device.ub_bytes) + " B is under the " +
                                         std::to_string(ub_need) + " B the tiles need"};
  }
  // Split the flat output evenly over the cores, in whole tiles' worth of 32 B blocks so that no
  // two cores write the same 32 B block of the output.
  const uint64_t cores = std::max<uint32_t>(device.cores, 1);
  const uint64_t by_work = std::max<uint64_t>(1, (t.total + kMinPerCore - 1) / kMinPerCore);
  const uint64_t used = std::min(cores, by_work);
  const uint64_t per_block = 32;  // elements: a whole number of 32 B blocks of any type
  uint64_t per_core = (t.total + used - 1) / used;
  per_core = std::max<uint64_t>(per_block, (per_core + per_block - 1) / per_block * per_block);
  t.per_core = per_core;
  *block_dim = static_cast<uint32_t>(std::max<uint64_t>(1, (t.total + per_core - 1) / per_core));
  *tiling = t;
  return Status::Ok();
}

}  // namespace opsim::elementwise
