// The batch Matmul: IterateBatch's products where the MatmulType layouts put them, and
// IterateNBatch's loops of them into SetWorkspace's GM with GetBatchTensorC fetching each loop's
// results (docs/CUBE.md, "Batch" and "IterateNBatch").
#include <algorithm>
#include <string>

#include "cube/cube_matmul_detail.h"
#include "cube/cube_matmul_tile.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {
namespace {

[[noreturn]] void RefuseBatch(const char* api, const std::string& why) {
  RaiseFault(FaultKind::kInvalidArgument, api, why);
}

// MatmulTypes::layout_*: 1 BSNGD, 2 SBNGD, 3 BNGS1S2, 4 NORMAL.
constexpr uint8_t kBsngd = 1, kSbngd = 2, kBngs1s2 = 3, kNormal = 4;

void CheckBatches(const MatmulState& s, uint32_t batch_a, uint32_t batch_b, bool sequential,
                  bool partial_sum, const char* api) {
  if (batch_a < 1 || batch_b < 1) {
    RefuseBatch(api, "batchA = " + std::to_string(batch_a) +
                         ", batchB = " + std::to_string(batch_b) +
                         " (expected >= 1 each; the pure-cube form takes them from SetBatchNum)");
  }
  const uint32_t hi = std::max(batch_a, batch_b), lo = std::min(batch_a, batch_b);
  if (hi % lo != 0) {
    RefuseBatch(api, "batchA = " + std::to_string(batch_a) +
                         " and batchB = " + std::to_string(batch_b) +
                         ": one must be a multiple of the other (the smaller is broadcast)");
  }
  if (s.tiling.BatchNum > 0 && hi > static_cast<uint32_t>(s.tiling.BatchNum)) {
    RefuseBatch(api, "max(batchA, batchB) = " + std::to_string(hi) +
                         " exceeds the tiling's BatchNum " + std::to_string(s.tiling.BatchNum) +
                         " (SetBatchNum on the host)");
  }
  if (sequential || partial_sum) {
    RaiseFault(FaultKind::kUnsupported, api,
               std::string(sequential ? "enSequentialWrite" : "enPartialSum") +
                   " = true: IterateBatch's packed output and L0C accumulation are not modelled");
  }
}

// The tiling's five layout axes of one operand (A, B: B S N G D; C: B S1 N G S2) must be set.
void RequireAxes(const int32_t info[5], const char* name, const char* const axes[5],
                 const char* api) {
  for (int i = 0; i < 5; ++i) {
    if (info[i] < 1) {
      RefuseBatch(api, std::string("the tiling's ") + name + "LayoutInfo" + axes[i] + " = " +
                           std::to_string(info[i]) + " (expected >= 1: Set" + name +
                           "Layout on the host)");
    }
  }
}
constexpr const char* kInAxes[5] = {"B", "S", "N", "G", "D"};
constexpr const char* kOutAxes[5] = {"B", "S1", "N", "G", "S2"};

struct Axes {
  int32_t a[5], b[5], c[5];
};
Axes AxesOf(const TCubeTiling& t) {
  return {{t.ALayoutInfoB, t.ALayoutInfoS, t.ALayoutInfoN, t.ALayoutInfoG, t.ALayoutInfoD},
          {t.BLayoutInfoB, t.BLayoutInfoS, t.BLayoutInfoN, t.BLayoutInfoG, t.BLayoutInfoD},
          {t.CLayoutInfoB, t.CLayoutInfoS1, t.CLayoutInfoN, t.CLayoutInfoG, t.CLayoutInfoS2}};
}

// Where one operand's batch j lies: `offset` elements from its GM start, rows `pitch` elements
// apart (0: the Matmul's own pitch).
struct BatchPlace {
  uint64_t offset;
  int32_t pitch;
};

// A or B: `normal` elements apart in NORMAL (or `stride`); info = the operand's B, S, N, G, D.
BatchPlace OperandBatch(uint8_t layout, const int32_t info[5], uint64_t j, uint64_t normal,
                        uint32_t stride, const char* name, const char* api) {
  if (stride != 0) return {j * stride, 0};
  if (layout < kBsngd || layout > kBngs1s2) return {j * normal, 0};
  RequireAxes(info, name, kInAxes, api);
  const auto d = static_cast<uint64_t>(info[4]);
  if (layout == kBsngd) return {j * d, info[2] * info[3] * info[4]};
  if (layout == kSbngd) return {j * d, info[0] * info[2] * info[3] * info[4]};
  return {j * static_cast<uint64_t>(info[1]) * d, info[4]};
}

// C's batch j: NORMAL whole M x N matrices; BNGS1S2 whole S1 x S2 ones (rows S2); BSNGD and
// SBNGD the (n, g) slices of a row, singleCoreN apart, rows N x G x S2 (B x N x G x S2) long, as
// CANN's batch copy-out places them (its GetDstBNGStride).
BatchPlace OutputBatch(const MatmulState& s, const int32_t info[5], uint64_t j, const char* api) {
  const TCubeTiling& t = s.tiling;
  const uint8_t layout = s.types.layout_c;
  const uint8_t fmt = s.form.format[2];
  const bool align = fmt == static_cast<uint8_t>(CubeFormat::ND_ALIGN);
  if (fmt != static_cast<uint8_t>(CubeFormat::ND) && (layout == kBsngd || layout == kSbngd)) {
    // CANN's GetBatchResult: batch j singleCoreN results on within C's rows (ND_ALIGN: aligned
    // to 32 B), rows GetDstBNGStride apart (ND_ALIGN: S2 aligned to 32 B); an NZ C's fractal
    // columns are S1 (SBNGD: B x S1) rows high (GetOrgM, PlaceTile), its row pitch unused.
    RequireAxes(info, "C", kOutAxes, api);
    const auto c0 = static_cast<int32_t>(32 / DTypeSize(s.types.out));
    const auto up = [&](int32_t v) { return align ? (v + c0 - 1) / c0 * c0 : v; };
    const int32_t row = info[2] * info[3] * up(info[4]) * (layout == kSbngd ? info[0] : 1);
    return {j * static_cast<uint64_t>(up(s.single_n)), align ? row : 0};
  }
  if (fmt != static_cast<uint8_t>(CubeFormat::ND)) {
    // NZ and ND_ALIGN (NORMAL, BNGS1S2): CANN's GetBatchResult puts batch j singleCoreM x
    // singleCoreN results on (an NZ C of 4-byte results: N aligned to 16), whatever the matrix's
    // padded size; each batch lands as IterateAll's C in that format.
    const bool nz4 = fmt == static_cast<uint8_t>(CubeFormat::NZ) && DTypeSize(s.types.out) == 4;
    const auto n = static_cast<uint64_t>(nz4 ? (s.single_n + 15) / 16 * 16 : s.single_n);
    return {j * static_cast<uint64_t>(s.single_m) * n, layout == kBngs1s2 ? t.CLayoutInfoS2 : 0};
  }
  if (layout == kBngs1s2) {
    if (t.CLayoutInfoS1 < 1 || t.CLayoutInfoS2 < 1) {
      RefuseBatch(
          api, "C in BNGS1S2 with the tiling's CLayoutInfoS1 = " + std::to_string(t.CLayoutInfoS1) +
                   ", CLayoutInfoS2 = " + std::to_string(t.CLayoutInfoS2) +
                   " (expected >= 1: SetCLayout on the host)");
    }
    return {j * t.CLayoutInfoS1 * t.CLayoutInfoS2, t.CLayoutInfoS2};
  }
  if (layout == kBsngd || layout == kSbngd) {
    RequireAxes(info, "C", kOutAxes, api);
    const int32_t row = info[2] * info[3] * info[4];
    return {j * static_cast<uint64_t>(s.single_n), layout == kSbngd ? row * info[0] : row};
  }
  const uint64_t pitch = static_cast<uint64_t>(s.org_kc > 0 ? s.org_kc : s.org_n);
  return {j * static_cast<uint64_t>(s.org_m) * pitch, 0};
}

// CANN reduces A's and B's G axis into C when C's G is 1 and theirs is not (atomic adds of the
// batches into one C): not modelled.
void RefuseReduceG(const MatmulState& s, const Axes& x, const char* api) {
  if (s.types.layout_a == kNormal || x.c[3] != 1 || (x.a[3] <= 1 && x.b[3] <= 1)) return;
  RaiseFault(FaultKind::kUnsupported, api,
             "the tiling's CLayoutInfoG = 1 with ALayoutInfoG = " + std::to_string(x.a[3]) +
                 ", BLayoutInfoG = " + std::to_string(x.b[3]) +
                 ": the batch Matmul's reduce over the G axis is not modelled");
}

// The batches of one IterateBatch into `gm`, inside the caller's CubeScope.
void RunBatches(MatmulState& s, const GmRef& gm, uint32_t batch_a, uint32_t batch_b,
                uint32_t stride_a, uint32_t stride_b, uint8_t atomic, const char* api) {
  const Axes x = AxesOf(s.tiling);
  RefuseReduceG(s, x, api);
  const uint32_t batches = std::max(batch_a, batch_b);
  const uint64_t ec = DTypeSize(s.types.out);
  const GmRef a0 = s.a, b0 = s.b, bias0 = s.bias;
  // The pitches SetOrgShape set, which a layout's batches override.
  const int32_t org_ka = s.org_ka, org_m = s.org_m, org_n = s.org_n, org_kb = s.org_kb;
  const int32_t org_kc = s.org_kc;
  for (uint32_t i = 0; i < batches; ++i) {
    const BatchPlace pa = OperandBatch(s.types.layout_a, x.a, i / (batches / batch_a),
                                       uint64_t(s.org_m) * s.org_ka, stride_a, "A", api);
    const BatchPlace pb = OperandBatch(s.types.layout_b, x.b, i / (batches / batch_b),
                                       uint64_t(s.org_kb) * s.org_n, stride_b, "B", api);
    const BatchPlace pc = OutputBatch(s, x.c, i, api);
    s.a = GmAt(a0, InBytes(s, pa.offset));
    s.b = GmAt(b0, InBytes(s, pb.offset));
    if (pa.pitch > 0) (s.trans_a ? s.org_m : s.org_ka) = pa.pitch;
    if (pb.pitch > 0) (s.trans_b ? s.org_kb : s.org_n) = pb.pitch;
    if (pc.pitch > 0) s.org_kc = pc.pitch;
    // MatmulConfig::isBiasBatch (the default): a bias row of N per batch; else one row for all.
    if (s.bias_on && s.cfg.isBiasBatch) {
      s.bias = GmAt(bias0, uint64_t(i) * uint64_t(s.single_n) * DTypeSize(s.types.bias));
    }
    RunBlock(s, GmAt(gm, pc.offset * ec), atomic, false, api);
    s.org_ka = org_ka, s.org_m = org_m, s.org_n = org_n, s.org_kb = org_kb, s.org_kc = org_kc;
  }
  s.a = a0;
  s.b = b0;
  s.bias = bias0;
}

void RequireOperands(const MatmulState& s, const char* api) {
  RequireReady(s, api);
  RefusePartialOutput(s, api);
  if (!s.a_set || !s.b_set) RefuseBatch(api, "SetTensorA and SetTensorB come before it");
}

// CANN's CalcNBatchoffset: where loop `loop` of IterateNBatch starts in an operand (elements),
// `batch` matrices a loop; info = its B, S (S1), N, G, D (S2).
uint64_t NBatchOffset(uint8_t layout, const int32_t info[5], uint32_t batch, uint32_t loop) {
  const auto d = static_cast<uint64_t>(info[4]), rows = static_cast<uint64_t>(info[1]);
  const uint64_t first = uint64_t{loop} * batch;
  if (layout == kSbngd) return d * first;
  if (layout == kBsngd) {
    const uint64_t ng = static_cast<uint64_t>(info[2]) * static_cast<uint64_t>(info[3]);
    return first / ng * d * rows * ng + first % ng * d;
  }
  return d * rows * first;  // BNGS1S2: whole S x D matrices
}

void RequireNBatch(const MatmulState& s, const char* api) {
  if (!s.cfg.isNBatch) {
    RefuseBatch(api,
                "MatmulConfig::isNBatch is false: CANN's IterateNBatch and GetBatchTensorC then "
                "return without computing (GetMMConfig's MatmulBatchParams sets isNBatch)");
  }
  if (s.workspace.ptr == nullptr) {
    RefuseBatch(api, "no workspace: IterateNBatch writes its results to SetWorkspace's GM");
  }
}

}  // namespace

void MatmulIterateBatch(MatmulState& s, const GmRef& gm, uint32_t batch_a, uint32_t batch_b,
                        bool sequential, uint32_t stride_a, uint32_t stride_b, bool partial_sum,
                        uint8_t atomic) {
  const char* api = "Matmul::IterateBatch";
  RequireOperands(s, api);
  CheckBatches(s, batch_a, batch_b, sequential, partial_sum, api);
  const CubeScope scope(api);
  RunBatches(s, gm, batch_a, batch_b, stride_a, stride_b, atomic, api);
}

void MatmulIterateNBatch(MatmulState& s, uint32_t loops, uint32_t batch_a, uint32_t batch_b,
                         bool sequential, uint32_t stride_a, uint32_t stride_b, uint8_t atomic,
                         bool async) {
  const char* api = "Matmul::IterateNBatch";
  RequireOperands(s, api);
  RequireNBatch(s, api);
  CheckBatches(s, batch_a, batch_b, sequential, false, api);
  const Axes x = AxesOf(s.tiling);
  RequireAxes(x.a, "A", kInAxes, api);
  RequireAxes(x.b, "B", kInAxes, api);
  RequireAxes(x.c, "C", kOutAxes, api);
  const uint32_t batch_c = std::max(batch_a, batch_b);
  const GmRef a0 = s.a, b0 = s.b, bias0 = s.bias;
  const CubeScope scope(api);
  for (uint32_t loop = 0; loop < loops; ++loop) {
    s.a = GmAt(a0, InBytes(s, NBatchOffset(s.types.layout_a, x.a, batch_a, loop)));
    s.b = GmAt(b0, InBytes(s, NBatchOffset(s.types.layout_b, x.b, batch_b, loop)));
    // CANN's server moves the bias on by S2 x batchC elements a loop, whatever isBiasBatch.
    if (s.bias_on) {
      s.bias = GmAt(bias0, uint64_t{loop} * batch_c * static_cast<uint64_t>(x.c[4]) *
                               DTypeSize(s.types.bias));
    }
    const uint64_t c_at = NBatchOffset(s.types.layout_c, x.c, batch_c, loop);
    RunBatches(s, GmAt(s.workspace, c_at * DTypeSize(s.types.out)), batch_a, batch_b, stride_a,
               stride_b, atomic, api);
  }
  s.a = a0;
  s.b = b0;
  s.bias = bias0;
  s.nbatch_async = async;
  s.nbatch_out = 0;
}

GmRef MatmulGetBatchTensorC(MatmulState& s, uint32_t batch_a, uint32_t batch_b) {
  const char* api = "Matmul::GetBatchTensorC";
  RequireReady(s, api);
  RequireNBatch(s, api);
  if (!s.nbatch_async) {
    RefuseBatch(api,
                "no IterateNBatch<false> before it: GetBatchTensorC fetches the asynchronous "
                "IterateNBatch's results (CANN asserts !isSyncGetC)");
  }
  // CANN's client hands out max(batchA, batchB) x singleCoreM x singleCoreN results a call,
  // one after another from the workspace's start.
  const uint64_t bytes = uint64_t{std::max(batch_a, batch_b)} * static_cast<uint64_t>(s.single_m) *
                         static_cast<uint64_t>(s.single_n) * DTypeSize(s.types.out);
  GmRef r = GmAt(s.workspace, s.nbatch_out);
  r.bytes = std::min(r.bytes, bytes);
  s.nbatch_out += bytes;
  return r;
}

}  // namespace opsim::sim::detail
