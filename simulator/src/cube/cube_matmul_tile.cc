// A Matmul tile on the cube, instruction by instruction (docs/CUBE.md, "The high-level Matmul"):
// A and B pieces of stepKa / stepKb base blocks of K go GM -> L1 (DataCopy with Nd2NzParams),
// each base block of K L1 -> L0A/L0B (LoadData, transposing 16 x 16 fractals where the layout
// needs it) and into the L0C tile (Mmad, the first one from zero or from the bias row).
#include <algorithm>
#include <cstdint>
#include <string>

#include "cube/cube_buffers.h"
#include "cube/cube_matmul_detail.h"
#include "cube/cube_matmul_tile.h"
#include "cube/mix_run.h"
#include "cube/unit_flag.h"
#include "opsim/sim/ascendc/cube.h"
#include "opsim/sim/ascendc/cube_load3d.h"
#include "opsim/sim/ascendc/cube_sparse.h"
#include "opsim/sim/ascendc/data_copy.h"
#include "opsim/sim/ascendc/pipe.h"
#include "opsim/sim/fault.h"

namespace opsim::sim::detail {

GmRef GmAt(const GmRef& g, uint64_t off) {
  GmRef r = g;
  r.ptr += off;
  r.bytes = off < g.bytes ? g.bytes - off : 0;
  r.limit = off < g.limit ? g.limit - off : 0;
  return r;
}

UbRef UbAt(const UbRef& r, uint64_t off) {
  UbRef v = r;
  v.ptr += off;
  v.bytes = off < r.bytes ? static_cast<uint32_t>(r.bytes - off) : 0;
  return v;
}

void ReleaseHeld(int16_t queue, MatmulHeldPiece& held, int16_t idx_queue) {
  if (held.gm == nullptr) return;
  QueueFree(queue, held.buf);
  if (held.idx.ptr != nullptr) QueueFree(idx_queue, held.idx);
  held = {};
}

void ReleaseHeldPieces(MatmulState& s) {
  MatmulQueues& q = QueuesOf(s);
  ReleaseHeld(q.a1, q.held_a1);
  ReleaseHeld(q.b1, q.held_b1, q.idx1);
}

MatmulQueues& QueuesOf(MatmulState& s) {
  if (tls_mix == nullptr || tls_mix->member->aic) return s.own;
  return (*tls_mix->slots)[static_cast<size_t>(s.object_index)].queues;
}

namespace {

// The instructions' 16-bit fields: a Matmul whose tiling needs more is refused, not wrapped.
uint16_t Field16(uint64_t v, const char* what) {
  if (v > 65535) {
    RaiseFault(FaultKind::kUnsupported, "Matmul",
               std::string(what) + " = " + std::to_string(v) +
                   " does not fit the 16-bit field of the cube instruction that takes it");
  }
  return static_cast<uint16_t>(v);
}

void Load2D(const UbRef& dst, const UbRef& src, uint32_t eb, uint64_t start, uint64_t repeat,
            uint64_t stride, bool transpose) {
  AscendC::LoadData2DParams p;
  p.startIndex = Field16(start, "LoadData startIndex");
  if (repeat > 255) {
    RaiseFault(FaultKind::kUnsupported, "Matmul",
               "LoadData repeatTimes = " + std::to_string(repeat) +
                   " does not fit its 8-bit field (at most 255 fractals per load)");
  }
  p.repeatTimes = static_cast<uint8_t>(repeat);
  p.srcStride = Field16(stride, "LoadData srcStride");
  p.ifTranspose = transpose;
  CubeLoad2D(dst, src, eb, p);
}

// Where a piece of A or B lies in GM: rows x cols elements from `gm`, rows `pitch` apart.
struct GmPiece {
  GmRef gm;
  uint32_t rows, cols, pitch;
  uint32_t row_align = 16;  // rows padded in L1 to (L1KRowAlign)
  bool vector = false;      // GEMV's A: one row, copied as it lies (whole 32 B blocks)
};

// MatmulCallBackFunc's CopyA1/CopyB1 for a piece: the user's function, the GM SetTensorA/B
// gave, the piece's index (row, col) in the block and its height x width elements.
struct UserCopyIn {
  MatmulCopyInFn fn;
  const void* gm;
  int row, col, height, width;
  uint64_t tiling_ptr, data_ptr;
};

// GM rows x cols (row pitch `pitch` elements) -> an L1 buffer as NZ with rows padded to 16, or
// the user's copy into the buffer (which must leave that layout there). int4b_t (s4): Nd2Nz in
// bytes, as CANN's copy casts to int8_t (a row's odd last element takes its whole byte).
UbRef LoadL1(int16_t queue, const GmPiece& g, const MatmulState& s, const UserCopyIn* user) {
  const uint32_t eb = static_cast<uint32_t>(DTypeSize(s.types.a));
  const bool s4 = s.types.s4;
  UbRef l1 = QueueAlloc(queue);
  if (user != nullptr) {
    user->fn(l1, user->gm, user->row, user->col, user->height, user->width, user->tiling_ptr,
             user->data_ptr);
    QueueEnQue(queue, l1);
    return QueueDeQue(queue);
  }
  if (g.vector) {  // CANN's CopyVector2A1: one DataCopy of the row's 32 B blocks
    const uint64_t bytes = (InBytes(s, g.cols) + 31) / 32 * 32;
    CopyBlocks(CopyDir::kGmToUb, &l1, nullptr, &g.gm, 1, bytes, 0, 0, "DataCopy");
    QueueEnQue(queue, l1);
    return QueueDeQue(queue);
  }
  AscendC::Nd2NzParams p;
  p.ndNum = 1;
  p.nValue = Field16(g.rows, "Nd2NzParams.nValue");
  p.dValue = Field16(s4 ? (g.cols + 1) / 2 : g.cols, "Nd2NzParams.dValue");
  p.srcDValue = Field16(s4 ? g.pitch / 2 : g.pitch, "Nd2NzParams.srcDValue (the GM row pitch)");
  p.dstNzC0Stride = Field16((uint64_t{g.rows} + g.row_align - 1) / g.row_align * g.row_align,
                            "Nd2NzParams.dstNzC0Stride");
  p.dstNzNStride = 1;
  CubeNd2Nz(l1, g.gm, eb, p);
  QueueEnQue(queue, l1);
  return QueueDeQue(queue);
}

// The piece of A for rows [m0, m0 + mt) and K [k0, k0 + len).
GmPiece PieceA(const MatmulState& s, uint32_t m0, uint32_t mt, uint32_t k0, uint32_t len) {
  if (!s.trans_a) {
    return {GmAt(s.a, InBytes(s, uint64_t{m0} * s.org_ka + k0)),
            mt,
            len,
            static_cast<uint32_t>(s.org_ka),
            16,
            IsGemv(s)};
  }
  return {GmAt(s.a, InBytes(s, uint64_t{k0} * s.org_m + m0)), len, mt,
          static_cast<uint32_t>(s.org_m)};
}

GmPiece PieceB(const MatmulState& s, uint32_t n0, uint32_t nt, uint32_t k0, uint32_t len) {
  if (s.form.sparse_b) {  // the dense B, N x K/2 (SetTensorB requires it transposed)
    const auto pitch = static_cast<uint32_t>(s.org_kb / 2);
    return {GmAt(s.b, InBytes(s, uint64_t{n0} * pitch + k0 / 2)), nt, len / 2, pitch};
  }
  if (!s.trans_b) {
    return {GmAt(s.b, InBytes(s, uint64_t{k0} * s.org_n + n0)), len, nt,
            static_cast<uint32_t>(s.org_n), L1KRowAlign(s, true)};
  }
  return {GmAt(s.b, InBytes(s, uint64_t{n0} * s.org_kb + k0)), nt, len,
          static_cast<uint32_t>(s.org_kb)};
}

bool Holds(const MatmulHeldPiece& h, const GmPiece& g) {
  return h.gm == g.gm.ptr && h.rows == g.rows && h.cols == g.cols && h.pitch == g.pitch;
}

// A piece into L1. With `keep` (CFG_MDL, the piece spans the tile's whole K) it stays in L1 as
// `held` for the next tile, which takes it from there if it needs the same GM: CANN's MDL
// reuses an L1 piece across the tiles of one row (A) or column (B) that way.
// The sparse B's piece: where its index goes, and the piece's first row of N and K (full K).
struct SparseAt {
  UbRef* idx;
  uint32_t n0, k0;
};

// `sp` (the sparse B): the piece's index fractals come with it, kept and freed with it.
UbRef PieceToL1(MatmulState& s, int16_t queue, MatmulHeldPiece& held, const GmPiece& g, bool keep,
                const UserCopyIn* user, const SparseAt* sp) {
  if (held.gm != nullptr && keep && Holds(held, g)) {
    if (sp != nullptr) *sp->idx = held.idx;
    return held.buf;
  }
  const MatmulQueues& q = QueuesOf(s);
  ReleaseHeld(queue, held, q.idx1);
  UbRef l1 = LoadL1(queue, g, s, user);
  if (sp != nullptr) *sp->idx = LoadSparseIndex(s, q.idx1, sp->n0, g.rows, sp->k0, g.cols);
  if (keep) held = {l1, sp != nullptr ? *sp->idx : UbRef{}, g.gm.ptr, g.rows, g.cols, g.pitch};
  return l1;
}

// Float A transposed (A1 holds A^T: `len` K rows of g.len), as CANN's 910B Matmul loads it
// (its LoadToL0A for LOAD3DV2): LoadData3DV2 with enTranspose over a 1 x K16 "map" of the M
// columns as channels, M and K aligned to 16, into L0A as ZZ with K aligned to 16, which Mmad
// reads with kDirectionAlign.
void LoadA2FloatTransposed(const UbRef& a2, const UbRef& a1, uint32_t mt, const MdlGroup& g,
                           uint32_t kc, uint32_t ks, uint32_t len) {
  const uint8_t pad[4] = {0, 0, 0, 0};
  CubeSetFmatrix(1, Field16(Up16(len), "SetFmatrix l1W"), pad, 0);
  Load3dArgs a{};
  // The piece's channels are its M (a CFG_MDL group's); the tile's start at g.offset.
  a.channel_size = Field16(Up16(g.len), "LoadData3DV2 channelSize");
  a.k_ext = Field16(Up16(mt), "LoadData3DV2 kExtension");
  a.k_start = Field16(g.offset, "LoadData3DV2 kStartPt");
  a.m_ext = Field16(Load3dKRows(kc, ks, len), "LoadData3DV2 mExtension");
  a.m_start = Field16(kc, "LoadData3DV2 mStartPt");
  a.stride_w = a.stride_h = a.filter_w = a.filter_h = a.dilation_w = a.dilation_h = 1;
  a.transpose = true;
  CubeLoad3DV2(a2, a1, 32, a, false, false, 0);
}

// A2 (ZZ: mb rows of kb fractals) from the A1 piece of `len` K, at K offset kc in it; the piece
// holds g.len rows of M (a CFG_MDL group), the tile's from g.offset.
void LoadA2(const MatmulState& s, const UbRef& a2, const UbRef& a1, uint32_t mt, const MdlGroup& g,
            uint32_t kc, uint32_t ks, uint32_t len) {
  const uint32_t eb = static_cast<uint32_t>(DTypeSize(s.types.a));
  if (s.trans_a && eb == 4) {
    LoadA2FloatTransposed(a2, a1, mt, g, kc, ks, len);
    return;
  }
  if (IsGemv(s)) {  // CANN's GEMV LoadToL0A: the row's 512 B fractals as they lie
    Load2D(a2, UbAt(a1, InBytes(s, kc)), eb, 0,
           (InBytes(s, ks) + kCubeFractalBytes - 1) / kCubeFractalBytes, 1, false);
    return;
  }
  const uint32_t k0 = K0Of(s);
  const uint32_t mb = Up16(mt) / 16, kb = (ks + k0 - 1) / k0;
  const uint32_t gb = Up16(g.len) / 16, ro = g.offset / 16;
  for (uint32_t r = 0; r < mb; ++r) {
    const UbRef row = UbAt(a2, uint64_t{r} * kb * kCubeFractalBytes);
    if (!s.trans_a) {
      Load2D(row, a1, eb, uint64_t{kc / k0} * gb + ro + r, kb, gb, false);
    } else {  // A1 holds A's transpose (K rows): 16 x 16 fractals turn over
      Load2D(row, a1, eb, uint64_t{ro + r} * (Up16(len) / 16) + kc / 16, kb, 1, true);
    }
  }
}

// B2 (ZN: kb rows of nb fractals) from the B1 piece (g.len columns of N, the tile's at g.offset).
void LoadB2(const MatmulState& s, const UbRef& b2, const UbRef& b1, uint32_t nt, const MdlGroup& g,
            uint32_t kc, uint32_t ks, uint32_t len) {
  const uint32_t eb = static_cast<uint32_t>(DTypeSize(s.types.a));
  if (!s.trans_b && eb != 2) {
    LoadB2AsStored(s, b2, b1, nt, g, kc, ks, len);
    return;
  }
  const uint32_t k0 = K0Of(s);
  const uint32_t nb = Up16(nt) / 16, kb = (ks + k0 - 1) / k0;
  const uint32_t gb = Up16(g.len) / 16, co = g.offset / 16;
  for (uint32_t q = 0; q < kb; ++q) {
    const UbRef row = UbAt(b2, uint64_t{q} * nb * kCubeFractalBytes);
    if (!s.trans_b) {  // B1 holds K rows: its fractals turn over into ZN
      Load2D(row, b1, eb, uint64_t{co} * (Up16(len) / 16) + kc / 16 + q, nb, Up16(len) / 16, true);
    } else {
      Load2D(row, b1, eb, (uint64_t{kc / k0} + q) * gb + co, nb, 1, false);
    }
  }
}

// The bias row of the tile: GM -> C1 (L1) -> C2 (the bias table), float32 in the table.
UbRef LoadBias(const MatmulState& s, const MatmulQueues& q, uint32_t n0, uint32_t nt) {
  const uint32_t eb = static_cast<uint32_t>(DTypeSize(s.types.bias));
  UbRef c1 = QueueAlloc(q.bias1);
  AscendC::Nd2NzParams p;
  p.ndNum = 1;
  p.nValue = 1;
  p.dValue = Field16(nt, "bias Nd2NzParams.dValue");
  p.srcDValue = p.dValue;
  p.dstNzC0Stride = 1;
  p.dstNzNStride = 1;
  CubeNd2Nz(c1, GmAt(s.bias, uint64_t{n0} * eb), eb, p);
  QueueEnQue(q.bias1, c1);
  c1 = QueueDeQue(q.bias1);
  UbRef bt = QueueAlloc(q.bias2);
  const uint32_t bursts64 = (nt * 4 + 63) / 64;
  // The last 64 B burst may take L1 bytes past nt: padding the Mmad never reads.
  CubeL1ToBt(bt, c1, eb == 2, 1, static_cast<uint16_t>(bursts64), 0, 0);
  QueueFree(q.bias1, c1);
  QueueEnQue(q.bias2, bt);
  return QueueDeQue(q.bias2);
}

// One operand's L1 load plan for a tile: K per load, whether CFG_MDL keeps the piece for the
// next tile (it spans K), the rows (A) or columns (B) a piece holds and the group's size along
// M (N) in base blocks.
struct OperandPlan {
  bool is_b;
  uint32_t step_k;
  bool keep;
  MdlGroup g;
  uint32_t group_span;
};
// The piece of K an operand has in L1 during a tile.
struct L1Piece {
  UbRef buf;
  UbRef idx;  // the sparse B's index fractals
  uint32_t k = 0, len = 0;
};

OperandPlan PlanOf(const MatmulState& s, bool is_b, uint32_t at, uint32_t tile) {
  const TCubeTiling& t = s.tiling;
  const auto K = static_cast<uint32_t>(s.single_k), bk = static_cast<uint32_t>(t.baseK);
  if (InL1(s, is_b)) {  // TSCM: one piece, the whole block, the tile's rows (columns) at `at`
    const auto single = static_cast<uint32_t>(is_b ? s.single_n : s.single_m);
    return {is_b, K, true, {0, single, at}, single};
  }
  // A user copy-in gets what CANN's copies load: one base block of K under NORM (its KLoop), the
  // stepKa (stepKb) blocks under MDL, opsim's piece for both without callbacks.
  const bool user = (is_b ? s.cb.copy_b1 : s.cb.copy_a1) != nullptr;
  const uint32_t step_k =
      bk * (user && !s.mdl ? 1 : static_cast<uint32_t>(is_b ? t.stepKb : t.stepKa));
  const bool keep = s.mdl && step_k >= K;
  const auto base = static_cast<uint32_t>(is_b ? t.baseN : t.baseM);
  const int32_t step = s.mdl ? (is_b ? t.stepN : t.stepM) : 1;
  const auto single = static_cast<uint32_t>(is_b ? s.single_n : s.single_m);
  return {is_b, step_k, keep, MdlGroupOf(at, tile, base, step, single, keep),
          keep ? base * static_cast<uint32_t>(step) : base};
}

// The operand's piece of K from kk into L1 (one DataCopy for its whole group), the previous one
// freed; CFG_MDL's kept piece comes from L1 when the tile before left the same one there.
void NextPiece(MatmulState& s, const OperandPlan& o, L1Piece& p, uint32_t kk) {
  MatmulQueues& q = QueuesOf(s);
  const int16_t queue = o.is_b ? q.b1 : q.a1;
  if (p.len != 0) QueueFree(queue, p.buf);
  if (p.len != 0 && p.idx.ptr != nullptr) QueueFree(q.idx1, p.idx);
  p.k = kk;
  p.len = std::min(o.step_k, static_cast<uint32_t>(s.single_k) - kk);
  const int idx = static_cast<int>(o.g.start / o.group_span);
  const int kidx = static_cast<int>(kk / o.step_k);
  const int len = static_cast<int>(p.len), width = static_cast<int>(o.g.len);
  const MatmulCopyInFn fn = o.is_b ? s.cb.copy_b1 : s.cb.copy_a1;
  const UserCopyIn u =
      o.is_b ? UserCopyIn{fn,
                          s.b.ptr,
                          kidx,
                          idx,
                          len,
                          width,
                          s.cb.user_def_info,
                          s.cb.self_define_data}
             : UserCopyIn{
                   fn, s.a.ptr, idx, kidx, width, len, s.cb.user_def_info, s.cb.self_define_data};
  const GmPiece g =
      o.is_b ? PieceB(s, o.g.start, o.g.len, kk, p.len) : PieceA(s, o.g.start, o.g.len, kk, p.len);
  const SparseAt sp{&p.idx, o.g.start, kk};
  p.buf = PieceToL1(s, queue, o.is_b ? q.held_b1 : q.held_a1, g, o.keep,
                    fn != nullptr ? &u : nullptr, o.is_b && s.form.sparse_b ? &sp : nullptr);
}

}  // namespace

UbRef ComputeTile(MatmulState& s, uint32_t m0, uint32_t n0, uint32_t mt, uint32_t nt,
                  const UbRef* into) {
  if (into == nullptr && CInCo1(s)) {
    RaiseFault(FaultKind::kInvalidArgument, "Matmul",
               "C in TPosition::CO1 has no L0C buffer of the Matmul's: Iterate(enPartialSum, "
               "localCmatrix) or IterateAll(localCmatrix) computes into the kernel's");
  }
  // A as stored has rows of Ka in GM, B transposed rows of Kb, B as stored rows of N.
  const int32_t b_row = s.trans_b ? s.org_kb : s.org_n;
  if (s.types.s4 && (s.org_ka % 2 != 0 || b_row % 2 != 0)) {
    RaiseFault(FaultKind::kInvalidArgument, "Matmul",
               "int4b_t rows of A " + std::to_string(s.org_ka) + " and B " + std::to_string(b_row) +
                   (s.trans_b ? " (Kb)" : " (N)") +
                   " elements: an odd row length starts every other row mid-byte (rows of "
                   "packed int4b_t are whole bytes)");
  }
  if (s.form.sparse_b && !s.index_set) {
    RaiseFault(FaultKind::kInvalidArgument, "Matmul",
               "B is a SparseMatmulType and SetSparseIndex was not called (MmadWithSparse needs "
               "the index of every dense element)");
  }
  if (IsGemv(s) && mt != 1) {
    RaiseFault(FaultKind::kInvalidArgument, "Matmul",
               "A in CubeFormat::VECTOR (GEMV) is one row, but the tile has " + std::to_string(mt) +
                   " rows of M (singleCoreM and the tail must be 1: the chip's m = 1 Mmad "
                   "computes one row)");
  }
  MatmulQueues& q = QueuesOf(s);
  const auto K = static_cast<uint32_t>(s.single_k), bk = static_cast<uint32_t>(s.tiling.baseK);
  UbRef c = into != nullptr ? *into
            : q.unit_flag   ? ScratchGet(q.c_buf, 0, 0, "Matmul")
                            : QueueAlloc(q.c);
  UbRef bt;
  if (s.bias_on) bt = LoadBias(s, q, n0, nt);
  const uint32_t eb = static_cast<uint32_t>(DTypeSize(s.types.a));
  const OperandPlan pa = PlanOf(s, false, m0, mt), pb = PlanOf(s, true, n0, nt);
  L1Piece a1, b1;
  if (InL1(s, false)) a1 = {s.a_l1, {}, 0, K};
  if (InL1(s, true)) b1 = {s.b_l1, {}, 0, K};
  for (uint32_t kk = 0; kk < K; kk += bk) {
    const uint32_t ks = std::min(bk, K - kk);
    if (a1.len == 0 || kk >= a1.k + a1.len) NextPiece(s, pa, a1, kk);
    if (b1.len == 0 || kk >= b1.k + b1.len) NextPiece(s, pb, b1, kk);
    UbRef a2 = QueueAlloc(q.a2), b2 = QueueAlloc(q.b2);
    LoadA2(s, a2, a1.buf, mt, pa.g, kk - a1.k, ks, a1.len);
    if (s.form.sparse_b) {
      LoadB2Sparse(b2, b1.buf, b1.idx, nt, pb.g, kk - b1.k, ks);
    } else {
      LoadB2(s, b2, b1.buf, nt, pb.g, kk - b1.k, ks, b1.len);
    }
    QueueEnQue(q.a2, a2);
    QueueEnQue(q.b2, b2);
    a2 = QueueDeQue(q.a2);
    b2 = QueueDeQue(q.b2);
    AscendC::MmadParams mm;
    mm.m = static_cast<uint16_t>(mt);
    mm.n = static_cast<uint16_t>(nt);
    mm.k = static_cast<uint16_t>(ks);
    const bool first = kk == 0;
    mm.cmatrixInitVal = first && !s.bias_on;
    mm.cmatrixSource = first && s.bias_on;
    // LoadData3DV2's transposed float A leaves K aligned to 16 in L0A (LoadA2FloatTransposed).
    mm.kDirectionAlign = s.trans_a && eb == 4;
    // CANN's MatmulUnitFlag: 3 (set) on the tile's last Mmad, 2 (check) on the others.
    if (q.unit_flag) mm.unitFlag = kk + bk >= K ? 3 : 2;
    if (s.form.sparse_b) {  // CANN's MmadWithSparse: k is the full K
      CubeMmadSparse(c, a2, b2, mm);
    } else if (s.types.s4) {  // the bias: CANN's Mmad with cmatrixSource, from the bias table
      CubeMmadS4(c, a2, b2, mm, first && s.bias_on ? &bt : nullptr, IsGemv(s));
    } else {
      CubeMmad(c, a2, b2, first && s.bias_on ? &bt : nullptr, s.types.l0c, s.types.a, s.types.l0c,
               mm, IsGemv(s));
    }
    QueueFree(q.a2, a2);
    QueueFree(q.b2, b2);
  }
  if (a1.len != 0 && !pa.keep) QueueFree(q.a1, a1.buf);
  if (b1.len != 0 && !pb.keep) QueueFree(q.b1, b1.buf);
  if (b1.len != 0 && !pb.keep && b1.idx.ptr != nullptr) QueueFree(q.idx1, b1.idx);
  if (s.bias_on) QueueFree(q.bias2, bt);
  MarkTilePadding(s, c, mt, nt);
  if (q.unit_flag || into != nullptr) return c;
  QueueEnQue(q.c, c);
  return QueueDeQue(q.c);
}

}  // namespace opsim::sim::detail
