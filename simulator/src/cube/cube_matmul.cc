// The high-level Matmul's calls (lib/matmul_intf.h): the tiling's rules, the operands and
// shapes, Iterate's walk over the baseM x baseN tiles of the block in the tiling's order, and
// GetTensorC's Fixpipe out of L0C (docs/CUBE.md, "The high-level Matmul").
#include <algorithm>
#include <string>

#include "cube/cube_buffers.h"
#include "cube/cube_matmul_detail.h"
#include "cube/cube_matmul_tile.h"
#include "cube/mix_run.h"
#include "cube/unit_flag.h"
#include "opsim/sim/ascendc/atomic.h"
#include "opsim/sim/ascendc/cube.h"
#include "opsim/sim/ascendc/data_copy.h"
#include "opsim/sim/ascendc/pipe.h"
#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {
namespace {

[[noreturn]] void Refuse(const char* api, const std::string& why) {
  RaiseFault(FaultKind::kInvalidArgument, api, why);
}

void RequireAtLeast(const char* api, const char* field, int64_t v, int64_t min) {
  if (v < min) {
    Refuse(api, std::string("tiling ") + field + " = " + std::to_string(v) +
                    " (expected >= " + std::to_string(min) + ")");
  }
}

void RequireMultiple(const char* api, const char* field, int64_t v, int64_t of, const char* why) {
  if (v % of != 0) {
    Refuse(api, std::string("tiling ") + field + " = " + std::to_string(v) +
                    " is not a multiple of " + std::to_string(of) + " (" + why + ")");
  }
}

// What the cube instructions need of a tiling; the buffers' capacity is InitBuffer's check.
void CheckTiling(const MatmulState& s, const TCubeTiling& t, const char* api) {
  RequireAtLeast(api, "M", t.M, 1);
  RequireAtLeast(api, "N", t.N, 1);
  RequireAtLeast(api, "Ka", t.Ka, 1);
  RequireAtLeast(api, "Kb", t.Kb, 1);
  RequireAtLeast(api, "singleCoreM", t.singleCoreM, 1);
  RequireAtLeast(api, "singleCoreN", t.singleCoreN, 1);
  RequireAtLeast(api, "singleCoreK", t.singleCoreK, 1);
  RequireAtLeast(api, "baseM", t.baseM, 16);
  RequireAtLeast(api, "baseN", t.baseN, 16);
  RequireMultiple(api, "baseM", t.baseM, 16, "A and C fractals are 16 rows");
  RequireMultiple(api, "baseN", t.baseN, 16, "B and C fractals are 16 columns");
  const int64_t k0 = K0Of(s);
  RequireAtLeast(api, "baseK", t.baseK, k0);
  RequireMultiple(api, "baseK", t.baseK, k0, "whole 32 B fractal rows of K");
  RequireAtLeast(api, "stepKa", t.stepKa, 1);
  RequireAtLeast(api, "stepKb", t.stepKb, 1);
  RequireAtLeast(api, "depthA1", t.depthA1, 1);
  RequireAtLeast(api, "depthB1", t.depthB1, 1);
  if (t.iterateOrder != 0 && t.iterateOrder != 1) {
    Refuse(api, "tiling iterateOrder = " + std::to_string(t.iterateOrder) +
                    " (expected 0, M first, or 1, N first)");
  }
}

// The held tile dropped, not read out (under unitFlag its units are free again).
void DropHeldTile(MatmulState& s) {
  const MatmulQueues& q = QueuesOf(s);
  if (q.unit_flag) {
    DropUnitMarks(s.c_tile);
  } else {
    QueueFree(q.c, s.c_tile);
  }
  s.tile_held = false;
}

}  // namespace

void RequireReady(const MatmulState& s, const char* api) {
  if (!s.inited) Refuse(api, "the Matmul has no tiling (REGIST_MATMUL_OBJ or Init first)");
  if (s.ended) Refuse(api, "the Matmul was ended (End) and takes no more calls");
}

// CFG_MDL's pieces out of L1 when any is held (on a MIX block's AIC: a call there), so that no
// L1 buffer stays taken after the Matmul's tiles, and a new A or B is read again.
void DropHeldPieces(MatmulState& s, const char* api) {
  const MatmulQueues& q = QueuesOf(s);
  if (q.held_a1.gm == nullptr && q.held_b1.gm == nullptr) return;
  const CubeScope scope(api);
  ReleaseHeldPieces(s);
}

namespace {

// A second Init: the held tile and CFG_MDL's pieces are dropped, the walk starts over.
void DropForReInit(MatmulState& s, const char* api) {
  if (s.tile_held) {
    const CubeScope scope(api);
    DropHeldTile(s);
  }
  DropHeldPieces(s, api);
  s.next_tile = 0;
}

}  // namespace

void MatmulInit(MatmulState& s, const TCubeTiling* given) {
  const char* api = "Matmul::Init";
  if (given == nullptr) Refuse(api, "the tiling pointer is null");
  // CANN's Matmul double-buffers L0A and L0B together where (dbL0A - 1) & (dbL0B - 1) is not 0,
  // else neither (its TBufPoolL0 and ShapeValidCheck): any values are taken so (matmul_s4's
  // tiling has dbL0A 1, dbL0B 0).
  TCubeTiling norm = *given;
  norm.dbL0A = norm.dbL0B = ((given->dbL0A - 1) & (given->dbL0B - 1)) != 0 ? 2 : 1;
  const TCubeTiling* tiling = &norm;
  CheckTiling(s, *tiling, api);
  if (s.mdl) CheckMdlSteps(*tiling, api);
  // CANN's Init page: Init may be called again to set the tiling anew (after REGIST_MATMUL_OBJ
  // with or without one); its tiles and pieces go, and new buffers are carved when it differs.
  const TCubeTiling old = s.tiling;
  const bool again = s.inited;
  if (again) DropForReInit(s, api);
  s.tiling = *tiling;
  if (tiling->isBias == 0) s.bias_on = false;  // a tiling without bias carves no bias buffers
  ApplyMatmulConfig(s, *tiling, api);
  MatmulSetOrgShape(s, tiling->M, tiling->N, tiling->Ka, tiling->Kb);
  s.single_m = tiling->singleCoreM;
  s.single_n = tiling->singleCoreN;
  s.single_k = tiling->singleCoreK;
  const CubeScope scope(api);
  if (s.cb.any() && !IsA2GenerationCube(Cur())) {
    RaiseFault(FaultKind::kUnsupported, api,
               "MatmulCallBackFunc's callbacks on " + Cur().device->name +
                   ": CANN's Matmul takes them on Atlas A2/A3 only (not on the 910A or 310P)");
  }
  if (again) {
    RebindQueues(s, old);
  } else {
    BindQueues(s, api);
  }
  s.inited = true;
  s.ended = false;
}

void MatmulRefuseStructSelfDefineData() {
  RaiseFault(FaultKind::kUnsupported, "Matmul::SetSelfDefineData",
             "the SetSelfDefineData(T) form (a struct) is the Ascend 950's; on Atlas A2/A3 CANN "
             "takes SetSelfDefineData(uint64_t dataPtr) only");
}

void MatmulSetOrgShape(MatmulState& s, int32_t m, int32_t n, int32_t ka, int32_t kb) {
  const char* api = "Matmul::SetOrgShape";
  for (const auto& [name, v] : {std::pair{"orgM", m}, std::pair{"orgN", n}, std::pair{"orgKa", ka},
                                std::pair{"orgKb", kb}}) {
    if (v < 1 || v > 65535) {
      Refuse(api, std::string(name) + " = " + std::to_string(v) +
                      " (expected 1..65535: a GM row pitch of Nd2NzParams' 16-bit srcDValue)");
    }
  }
  s.org_m = m;
  s.org_n = n;
  s.org_ka = ka;
  s.org_kb = kb;
}

// CANN's pages set no upper bound: the buffers are per base block, so a single-core shape above
// the tiling's (matmul_constant_tiling's N over its constant singleCoreN) runs as well.
void MatmulSetSingleShape(MatmulState& s, int32_t m, int32_t n, int32_t k, const char* api) {
  RequireReady(s, api);
  const int32_t v[3] = {m, n, k};
  const char* names[3] = {"M", "N", "K"};
  int32_t* out[3] = {&s.single_m, &s.single_n, &s.single_k};
  for (int i = 0; i < 3; ++i) {
    if (v[i] == -1) continue;  // SetTail's default: this dimension keeps its size
    if (v[i] < 1) {
      Refuse(api, std::string("single ") + names[i] + " = " + std::to_string(v[i]) +
                      " (expected >= 1, or -1 to keep it)");
    }
    *out[i] = v[i];
  }
  s.next_tile = 0;
}

void MatmulSetTensor(MatmulState& s, bool is_b, const GmRef& gm, bool transpose) {
  const char* api = is_b ? "Matmul::SetTensorB" : "Matmul::SetTensorA";
  RequireReady(s, api);
  if (InL1(s, is_b)) {  // CANN's FROM_L1 copy-in loads from its LocalTensor only
    Refuse(api, std::string(is_b ? "B" : "A") +
                    "'s MatmulType position is TPosition::TSCM: pass the LocalTensor in TSCM "
                    "(a GlobalTensor is never read)");
  }
  CheckOperandLayout(s, is_b, transpose, api);
  DropHeldPieces(s, api);
  (is_b ? s.b : s.a) = gm;
  (is_b ? s.trans_b : s.trans_a) = transpose;
  (is_b ? s.b_set : s.a_set) = true;
  s.next_tile = 0;
}

void MatmulSetTensorL1(MatmulState& s, bool is_b, const UbRef& l1, bool transpose) {
  const char* api = is_b ? "Matmul::SetTensorB" : "Matmul::SetTensorA";
  if (!InL1(s, is_b)) MatmulRefuseForm(api, is_b ? "B from a LocalTensor" : "A from a LocalTensor");
  RequireReady(s, api);
  CheckOperandLayout(s, is_b, transpose, api);
  UbRef own = l1;
  {
    const CubeScope scope(api);  // the L1 is the cube core's (a MIX AIV has none)
    own = AicL1Ref(l1, api);     // a MIX AIV's TSCM view of it
    RequireL1Block(s, is_b, own, transpose, api);
  }
  (is_b ? s.b_l1 : s.a_l1) = own;
  (is_b ? s.trans_b : s.trans_a) = transpose;
  (is_b ? s.b_set : s.a_set) = true;
  s.next_tile = 0;
}

void MatmulSetSparseIndex(MatmulState& s, const GmRef& index) {
  RequireReady(s, "Matmul::SetSparseIndex");
  DropHeldPieces(s, "Matmul::SetSparseIndex");  // a held B piece's index is the old one's
  s.sparse_index = index;
  s.index_set = true;
}

void MatmulSetBias(MatmulState& s, const GmRef* bias) {
  const char* api = bias != nullptr ? "Matmul::SetBias" : "Matmul::DisableBias";
  RequireReady(s, api);
  if (bias != nullptr && s.tiling.isBias == 0) {
    Refuse(api,
           "the tiling was made without a bias (isBias = 0: SetBias(true) on the host), so "
           "no bias buffers were carved");
  }
  s.bias_on = bias != nullptr;
  if (bias != nullptr) s.bias = *bias;
}

namespace {

// Picks the next tile of the block in the tiling's order; false (and the walk starts over) when
// every tile was computed.
bool NextTile(MatmulState& s, const char* api) {
  RequireReady(s, api);
  if (!s.a_set || !s.b_set) Refuse(api, "SetTensorA and SetTensorB come before Iterate");
  if (s.tile_held) {
    Refuse(api,
           "the tile of the previous Iterate was not fetched (GetTensorC after each "
           "Iterate)");
  }
  const auto bm = static_cast<uint32_t>(s.tiling.baseM);
  const auto bn = static_cast<uint32_t>(s.tiling.baseN);
  const uint32_t m_tiles = (static_cast<uint32_t>(s.single_m) + bm - 1) / bm;
  const uint32_t n_tiles = (static_cast<uint32_t>(s.single_n) + bn - 1) / bn;
  const uint32_t parts = KParts(s);
  const auto t = static_cast<uint32_t>(s.next_tile) / parts;
  if (t >= m_tiles * n_tiles) {
    s.next_tile = 0;
    return false;
  }
  s.k_part = static_cast<int32_t>(static_cast<uint32_t>(s.next_tile) % parts);
  const TileIndex at = TileAt(s.tiling, s.mdl, t, m_tiles, n_tiles);
  s.tile_m0 = static_cast<int32_t>(at.mi * bm);
  s.tile_n0 = static_cast<int32_t>(at.ni * bn);
  s.tile_m = std::min<int32_t>(static_cast<int32_t>(bm), s.single_m - s.tile_m0);
  s.tile_n = std::min<int32_t>(static_cast<int32_t>(bn), s.single_n - s.tile_n0);
  ++s.next_tile;
  return true;
}

void Compute(MatmulState& s, const UbRef* into = nullptr) {
  const UbRef tile =
      s.cfg.isPartialOutput
          ? ComputePartialTile(s)
          : ComputeTile(s, static_cast<uint32_t>(s.tile_m0), static_cast<uint32_t>(s.tile_n0),
                        static_cast<uint32_t>(s.tile_m), static_cast<uint32_t>(s.tile_n), into);
  if (into == nullptr) s.c_tile = tile;
  s.tile_held = into == nullptr;  // in the kernel's L0C the tile is the kernel's
  // After the block's last tile CFG_MDL's pieces have no use: out of L1 now, so a kernel that
  // never calls Iterate again (nor End) holds no L1 buffer at its end.
  const auto bm = static_cast<uint32_t>(s.tiling.baseM);
  const auto bn = static_cast<uint32_t>(s.tiling.baseN);
  const uint32_t tiles = (static_cast<uint32_t>(s.single_m) + bm - 1) / bm *
                         ((static_cast<uint32_t>(s.single_n) + bn - 1) / bn) * KParts(s);
  if (static_cast<uint32_t>(s.next_tile) >= tiles) ReleaseHeldPieces(s);
}

// MatmulCallBackFunc's DataCopyOut takes the tile out instead of the Matmul's Fixpipe: it gets
// GM at the tile's place and CANN's DataCopyOutParams (GetCBCopyOutParams' values: ND rows the
// tile's columns apart when sequential, NZ oriNSize 0).
void UserCopyOut(MatmulState& s, const GmRef& gm, bool sequential) {
  const MatmulQueues& q = QueuesOf(s);
  const auto mt = static_cast<uint32_t>(s.tile_m), nt = static_cast<uint32_t>(s.tile_n);
  const TileOut o = PlaceTile(s, sequential);
  const AscendC::DataCopyOutParams p(static_cast<uint16_t>(Up16(nt) / 16),
                                     static_cast<uint16_t>(mt * 16 * DTypeSize(s.types.l0c) / 32),
                                     0, o.nd && sequential ? nt : o.f.dstStride,
                                     static_cast<uint16_t>(o.nd ? nt : 0), q.unit_flag,
                                     s.tile_m0 / s.tiling.baseM, s.tile_n0 / s.tiling.baseN);
  s.cb.copy_out(GmAt(gm, o.at).ptr, s.c_tile, &p, s.cb.user_def_info, s.cb.self_define_data);
  if (!q.unit_flag) QueueFree(q.c, s.c_tile);
  s.tile_held = false;
}

// The held tile out of L0C to GM at its place in C (PlaceTile: ND, ND_ALIGN or NZ), or packed
// with sequential writes.
void FixTile(MatmulState& s, const GmRef& gm, bool sequential, const char* api, bool user_copy) {
  if (user_copy && s.cb.copy_out != nullptr) {
    UserCopyOut(s, gm, sequential);
    return;
  }
  TileOut o = PlaceTile(s, sequential);
  AscendC::FixpipeParamsV220& f = o.f;
  f.quantPre = QuantFor(s);
  if (s.form.quant_out && !s.quant_set) {
    Refuse(api, "C is " + std::string(DTypeName(s.types.out)) + " from " +
                    std::string(DTypeName(s.types.l0c)) +
                    " accumulators: the quantised output needs SetQuantScalar first");
  }
  f.deqScalar = s.quant_scalar;
  const MatmulQueues& q = QueuesOf(s);
  if (q.unit_flag) f.unitFlag = 3;  // reads the tile unit by unit behind its last Mmad
  if (s.form.quant_out && s.quant_vector) {
    FixpipeByQuantVector(s, GmAt(gm, o.at), f);
  } else {
    CubeFixpipe(GmAt(gm, o.at), s.c_tile, s.types.out, s.types.l0c, o.nd, f);
  }
  if (!q.unit_flag) QueueFree(q.c, s.c_tile);
  s.tile_held = false;
}

// FixTile under GetTensorC/IterateAll's enAtomic, as CANN's scheduler sets it around the copy
// out (SetAtomic, ClearAtomic): 1 accumulates into GM (SetAtomicAdd<C>), 2 and 3 take the max
// and min on Atlas A2/A3 (the 910A and 310P have the add only); other values copy plainly.
void FixpipeOut(MatmulState& s, const GmRef& gm, uint8_t atomic, bool sequential, const char* api,
                bool user_copy = true) {
  const bool op_ok = atomic == 1 || ((atomic == 2 || atomic == 3) && IsA2GenerationCube(Cur()));
  if (op_ok) SetAtomicImpl(atomic, s.types.out, api);
  FixTile(s, gm, sequential, api, user_copy);
  if (atomic != 0) SetAtomicImpl(0, s.types.out, api);
}

// C's tile into an AIV's Unified Buffer as baseM rows of baseN (the tile's mt x nt in its
// corner). On split cores the AIC cannot reach the UB: it writes the tile to its GM scratch
// (Fixpipe) and the AIV copies it in (MTE2), waiting for the copy before it goes on, as the
// library's synchronous GetTensorC does.
void TileToUb(MatmulState& s, const UbRef& ub, uint8_t atomic, const char* api) {
  if (tls_mix == nullptr || tls_mix->member->aic) {
    RaiseFault(FaultKind::kUnsupported, api,
               "C to a LocalTensor is modelled in MIX launches on split cores (through GM); "
               "Fixpipe into the Unified Buffer (coupled cores) is not");
  }
  if (atomic != 0) {
    RaiseFault(FaultKind::kUnsupported, api,
               "enAtomic = " + std::to_string(atomic) +
                   " with C into a LocalTensor: the accumulation through the AIC's GM scratch is "
                   "not modelled");
  }
  const uint64_t bytes = PlaceTile(s, true).bytes;  // ND rows baseN apart, NZ whole columns
  GmRef scratch = BindGm(tls_mix->c_scratch, tls_mix->c_scratch_bytes, false);
  {
    const CubeScope scope(api);
    FixpipeOut(s, scratch, 0, true, api, false);  // CANN's callback takes GM results only
  }
  CopyBlocks(CopyDir::kGmToUb, &ub, nullptr, &scratch, 1, bytes, 0, 0, api);
  BarrierPipes(AscendC::PIPE_ALL);
}

// The triangular policies (session 38): CANN's GetResultImpl computes every tile and frees,
// without copying out, one outside the triangle (upper: its M index above its N index; lower:
// below), so C keeps what it held there. Inside the caller's CubeScope.
bool DropTileOutsideTriangle(MatmulState& s) {
  if (!TileOutsideTriangle(s)) return false;
  DropHeldTile(s);
  return true;
}

}  // namespace

bool MatmulIterate(MatmulState& s) {
  const char* api = "Matmul::Iterate";
  RefuseDualMasterIterate(s, api);
  if (!NextTile(s, api)) {
    DropHeldPieces(s, api);
    return false;
  }
  const CubeScope scope(api);
  Compute(s);
  return true;
}

bool MatmulIterateInto(MatmulState& s, const UbRef& l0c) {
  const char* api = "Matmul::Iterate";
  RefuseDualMasterIterate(s, api);
  if (tls_mix != nullptr && !tls_mix->member->aic) {
    RaiseFault(FaultKind::kUnsupported, api,
               "C in TPosition::CO1 in a MIX launch: the kernel's L0C tensor is the AIC's "
               "(launch the kernel on the cube cores, __cube__)");
  }
  if (s.cfg.isPartialOutput) {
    RaiseFault(FaultKind::kUnsupported, api,
               "MatmulConfig::isPartialOutput = true with C in TPosition::CO1 (not modelled)");
  }
  if (!NextTile(s, api)) {
    DropHeldPieces(s, api);
    return false;
  }
  const uint64_t need =
      uint64_t{Up16(static_cast<uint32_t>(s.tile_m))} * Up16(static_cast<uint32_t>(s.tile_n)) * 4;
  if (l0c.bytes < need) {
    Refuse(api, "localCmatrix has " + std::to_string(l0c.bytes) + " B to its buffer's end; the " +
                    std::to_string(s.tile_m) + " x " + std::to_string(s.tile_n) + " tile takes " +
                    std::to_string(need) + " B (whole 16 x 16 fractals of 4 B accumulators)");
  }
  const CubeScope scope(api);
  Compute(s, &l0c);
  return true;
}

// CANN's IterateAll into CO1: each tile Up16(rows) x Up16(cols) accumulators after the last.
void MatmulIterateAllInto(MatmulState& s, const UbRef& l0c) {
  RequireReady(s, "Matmul::IterateAll");
  s.next_tile = 0;
  uint64_t at = 0;
  while (MatmulIterateInto(s, UbAt(l0c, at))) {
    at +=
        uint64_t{Up16(static_cast<uint32_t>(s.tile_m))} * Up16(static_cast<uint32_t>(s.tile_n)) * 4;
  }
}

void MatmulGetTensorC(MatmulState& s, const GmRef* gm, const UbRef* ub, uint8_t atomic,
                      bool sequential) {
  const char* api = "Matmul::GetTensorC";
  RequireReady(s, api);
  if (CInCo1(s)) {
    Refuse(api,
           "C in TPosition::CO1: each tile is in the kernel's L0C tensor (Iterate(enPartialSum, "
           "localCmatrix)), which the kernel fixes out itself");
  }
  if (!s.tile_held) Refuse(api, "no tile to fetch (Iterate returned false or was not called)");
  if (TileOutsideTriangle(s)) {
    const CubeScope scope(api);
    DropHeldTile(s);
    return;
  }
  if (ub != nullptr) {
    TileToUb(s, *ub, atomic, api);
    return;
  }
  const CubeScope scope(api);
  FixpipeOut(s, *gm, atomic, sequential, api);
}

void MatmulIterateAll(MatmulState& s, const GmRef& gm, uint8_t atomic, bool sequential) {
  const char* api = "Matmul::IterateAll";
  RequireReady(s, api);
  RefusePartialOutput(s, api);
  // One request: the AIC walks every tile of the block before it answers.
  const CubeScope scope(api);
  RunBlock(s, gm, atomic, sequential, api);
}

void RunBlock(MatmulState& s, const GmRef& gm, uint8_t atomic, bool sequential, const char* api) {
  s.next_tile = 0;
  while (NextTile(s, api)) {
    Compute(s);
    if (!DropTileOutsideTriangle(s)) FixpipeOut(s, gm, atomic, sequential, api);
  }
  ReleaseHeldPieces(s);
}

void MatmulEnd(MatmulState& s) {
  const char* api = "Matmul::End";
  RequireReady(s, api);
  if (s.tile_held) {
    const CubeScope scope(api);
    DropHeldTile(s);
  }
  DropHeldPieces(s, api);
  s.ended = true;
}

}  // namespace opsim::sim::detail
