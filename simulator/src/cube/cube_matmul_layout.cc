// The Matmul's operand layouts that need more than LoadData 2-D (docs/CUBE.md, "The high-level
// Matmul"): which layouts SetTensorA/B take, the L0 room they need, and B as stored (K x N in
// GM) with float or 8-bit elements into L0B, as CANN's 910B Matmul loads it (its LoadToL0B for
// LOAD3DV2 and LOAD2DTRANSPOSE, GetLoadL0bInstrType): float through LoadData3DV2 over a 1 x K
// "map" whose channels are N; int8_t and int4b_t through LoadDataWithTranspose, K padded in L1 to
// the square's side (CANN's Nd2Nz aligns K to c0Size where K is the height).
#include <string>

#include "cube/cube_buffers.h"
#include "cube/cube_matmul_tile.h"
#include "opsim/sim/ascendc/cube.h"
#include "opsim/sim/ascendc/cube_load3d.h"
#include "opsim/sim/ascendc/cube_load_transpose.h"
#include "opsim/sim/ascendc/cube_sparse.h"
#include "opsim/sim/ascendc/data_copy.h"
#include "opsim/sim/ascendc/pipe.h"
#include "opsim/sim/fault.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

uint32_t UpTo(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }
uint16_t Narrow(uint64_t v, const char* what) {
  if (v > 65535) {
    RaiseFault(FaultKind::kUnsupported, "Matmul",
               std::string(what) + " = " + std::to_string(v) +
                   " does not fit the 16-bit field of the cube instruction that takes it");
  }
  return static_cast<uint16_t>(v);
}
bool IsFloat(const MatmulState& s) { return DTypeSize(s.types.a) == 4; }
bool IsEightBit(const MatmulState& s) { return s.types.s4 || DTypeSize(s.types.a) == 1; }
// The side of LoadDataWithTranspose's square: 32 int8 elements, 64 int4b_t.
uint32_t SquareSide(const MatmulState& s) { return s.types.s4 ? 64 : 32; }

// Whether dbL0 buffers of `cols` x `k` elements fit the profile's L0 of `l0` bytes.
bool Fits(const MatmulState& s, int32_t db, uint32_t cols, uint32_t k, uint64_t l0) {
  return static_cast<uint64_t>(db) * InBytes(s, uint64_t{cols} * k) <= l0;
}

// B as stored into L0B (ZN, kb rows of nb fractals) by LoadDataWithTranspose: square (q, c) of
// the B1 piece (K rows q, N columns c, each SquareSide) turns into fractals 2c, 2c + 1 (int4b_t:
// 4c..4c + 3) of row q. A tile whose N is not a whole number of squares writes the last
// square's extra fractals onto the next row (rewritten by its own load) or, for the last row,
// into the room B2Bytes keeps.
void LoadB2Transposing(const MatmulState& s, const UbRef& b2, const UbRef& b1, uint32_t nt,
                       const MdlGroup& g, uint32_t kc, uint32_t ks, uint32_t len) {
  const uint32_t side = SquareSide(s), nb = Up16(nt) / 16;
  if (g.offset % side != 0) {
    RaiseFault(FaultKind::kUnsupported, "Matmul",
               "B as stored with " + std::string(s.types.s4 ? "int4b_t" : "int8_t") +
                   " elements: the tile's N starts " + std::to_string(g.offset) +
                   " columns into its CFG_MDL group, not on a " + std::to_string(side) +
                   "-column square of LoadDataWithTranspose (baseN a multiple of " +
                   std::to_string(side) + " or stepN 1)");
  }
  const uint32_t squares_per_column = UpTo(len, side) / side;
  AscendC::LoadData2dTransposeParams p;
  p.repeatTimes = static_cast<uint8_t>((nt + side - 1) / side);  // baseN <= 4095: fits
  p.srcStride = Narrow(squares_per_column, "LoadDataWithTranspose srcStride");
  p.dstGap = static_cast<uint16_t>(side / 16 - 1);  // CANN's: 1 for int8, 3 for int4b_t
  p.dstFracGap = 0;
  const uint32_t bits = s.types.s4 ? 4 : 8;
  for (uint32_t q = 0; q * side < ks; ++q) {
    p.startIndex = Narrow(uint64_t{g.offset / side} * squares_per_column + kc / side + q,
                          "LoadDataWithTranspose startIndex");
    CubeLoad2DTranspose(UbAt(b2, uint64_t{q} * nb * kCubeFractalBytes), b1, bits, p);
  }
}

// Float B as stored: B1 is an NC1HWC0 map of H 1, W the piece's K (padded to 16) and C its N;
// LoadData3DV2 takes rows (positions) kc.. of K and columns (channels) of the tile's N into L0B
// as ZN, K and N aligned to 16 (CANN's mAlign/kAlign).
void LoadB2Img2col(const UbRef& b2, const UbRef& b1, uint32_t nt, const MdlGroup& g, uint32_t kc,
                   uint32_t ks, uint32_t len) {
  const uint8_t pad[4] = {0, 0, 0, 0};
  CubeSetFmatrix(1, Narrow(Up16(len), "SetFmatrix l1W"), pad, 0);
  Load3dArgs a{};
  a.channel_size = Narrow(Up16(g.len), "LoadData3DV2 channelSize");
  a.k_ext = Narrow(Up16(nt), "LoadData3DV2 kExtension");
  a.k_start = Narrow(g.offset, "LoadData3DV2 kStartPt");
  a.m_ext = Narrow(Load3dKRows(kc, ks, len), "LoadData3DV2 mExtension");
  a.m_start = Narrow(kc, "LoadData3DV2 mStartPt");
  a.stride_w = a.stride_h = a.filter_w = a.filter_h = a.dilation_w = a.dilation_h = 1;
  CubeLoad3DV2(b2, b1, 32, a, false, false, 0);
}

}  // namespace

uint32_t L1KRowAlign(const MatmulState& s, bool is_b) {
  return is_b && !s.trans_b && IsEightBit(s) ? SquareSide(s) : 16;
}

uint32_t L1NAlign(const MatmulState& s) { return IsEightBit(s) ? SquareSide(s) : 16; }

uint32_t B2Bytes(const MatmulState& s) {
  const TCubeTiling& t = s.tiling;
  const auto bn = static_cast<uint32_t>(t.baseN), bk = static_cast<uint32_t>(t.baseK);
  const uint64_t l0b = Cur().device->l0b_bytes;
  // Float B as stored: LoadData3DV2 fills K aligned to 16. 8-bit: whole squares of N.
  if (IsFloat(s) && Fits(s, t.dbL0B, bn, Up16(bk), l0b)) {
    return static_cast<uint32_t>(InBytes(s, uint64_t{bn} * Up16(bk)));
  }
  if (IsEightBit(s) && Fits(s, t.dbL0B, UpTo(bn, SquareSide(s)), bk, l0b)) {
    return static_cast<uint32_t>(InBytes(s, uint64_t{UpTo(bn, SquareSide(s))} * bk));
  }
  return static_cast<uint32_t>(InBytes(s, uint64_t{bn} * bk));
}

void RequireL1Block(const MatmulState& s, bool is_b, const UbRef& l1, bool transpose,
                    const char* api) {
  const char* name = is_b ? "B" : "A";
  RequireCubeOperand(Cur(), l1, static_cast<int>(CubeMem::kL1), -1, 32, api, name, "TSCM (L1)");
  // NZ: rows (K for A transposed and B as stored) padded to 16 (8-bit B as stored: the square),
  // columns in C0 blocks; the whole single-core block (CANN: "must all be in L1").
  const auto mn = static_cast<uint32_t>(is_b ? s.single_n : s.single_m);
  const auto k = static_cast<uint32_t>(s.single_k);
  const bool k_rows = is_b ? !transpose : transpose;
  const uint32_t align = is_b && !transpose && IsEightBit(s) ? SquareSide(s) : 16;
  const uint64_t need =
      InBytes(s, uint64_t{UpTo(k_rows ? k : mn, align)} * UpTo(k_rows ? mn : k, K0Of(s)));
  if (l1.bytes < need) {
    RaiseFault(FaultKind::kInvalidArgument, api,
               std::string(name) + "'s TSCM tensor has " + std::to_string(l1.bytes) +
                   " B; the single-core block (" + std::to_string(k_rows ? k : mn) + " rows x " +
                   std::to_string(k_rows ? mn : k) + ", NZ: rows padded to " +
                   std::to_string(align) + ", columns to " + std::to_string(K0Of(s)) + ") needs " +
                   std::to_string(need) +
                   " B (CANN: an operand in TSCM holds all "
                   "of the single-core block)");
  }
}

void CheckOperandLayout(const MatmulState& s, bool is_b, bool transpose, const char* api) {
  const TCubeTiling& t = s.tiling;
  const auto bk = static_cast<uint32_t>(t.baseK);
  const std::string elems = s.types.s4 ? "int4b_t" : std::string(DTypeName(s.types.a));
  if (!is_b && transpose && IsGemv(s)) {  // CANN's CheckMatrixA asserts it
    RaiseFault(FaultKind::kInvalidArgument, api,
               "A transposed in CubeFormat::VECTOR (GEMV): the vector is one row of K, taken "
               "as stored (CANN: \"In GEMV mode, matrix A should not be transposed\")");
  }
  if (is_b && !transpose && s.form.sparse_b) {  // CANN's sparse index copy asserts it
    RaiseFault(FaultKind::kInvalidArgument, api,
               "B as a SparseMatmulType, not transposed: CANN's sparse Matmul takes the dense B "
               "as N x K/2 (\"SparseMatmul only support B matrix transpose is true\")");
  }
  const bool turns = is_b ? !transpose : transpose;  // K rows in L1, turned over on the way
  if (!turns || DTypeSize(s.types.a) == 2) return;   // 16-bit: LoadData's ifTranspose
  if (!is_b && IsEightBit(s)) {
    RaiseFault(FaultKind::kUnsupported, api,
               "A transposed with " + elems +
                   " elements: CANN's Matmul takes A as stored for 8-bit types (its "
                   "LoadToL0A has no transposing load into L0A for them); opsim models A as "
                   "stored only");
  }
  const uint32_t bytes = is_b ? B2Bytes(s) : 0;
  if (IsFloat(s) && bk % 16 != 0) {
    const uint64_t l0 = is_b ? Cur().device->l0b_bytes : Cur().device->l0a_bytes;
    const int32_t db = is_b ? t.dbL0B : t.dbL0A;
    const auto base = static_cast<uint32_t>(is_b ? t.baseN : t.baseM);
    if (!Fits(s, db, base, Up16(bk), l0)) {
      RaiseFault(FaultKind::kUnsupported, api,
                 std::string(is_b ? "B as stored" : "A transposed") +
                     " with float elements and tiling baseK = " + std::to_string(bk) + ": its " +
                     (is_b ? "img2col" : "transposed") +
                     " load (LoadData3DV2) leaves K aligned to 16 in " + (is_b ? "L0B" : "L0A") +
                     ", and " + std::to_string(db) + " x base" + (is_b ? "N " : "M ") +
                     std::to_string(base) + " x 16-aligned baseK x 4 B does not fit its " +
                     std::to_string(l0) + " B");
    }
  }
  const uint32_t side = IsEightBit(s) ? SquareSide(s) : 1;
  if (is_b && IsEightBit(s) && t.baseN % side != 0 &&
      bytes < InBytes(s, uint64_t{UpTo(static_cast<uint32_t>(t.baseN), side)} * bk)) {
    RaiseFault(FaultKind::kUnsupported, api,
               "B as stored with " + elems + " elements and tiling baseN = " +
                   std::to_string(t.baseN) + ": LoadDataWithTranspose writes whole " +
                   std::to_string(side) + "-column squares, and " + std::to_string(t.dbL0B) +
                   " B2 buffers with baseN rounded up to " + std::to_string(side) +
                   " do not fit L0B's " + std::to_string(Cur().device->l0b_bytes) + " B");
  }
}

void LoadB2AsStored(const MatmulState& s, const UbRef& b2, const UbRef& b1, uint32_t nt,
                    const MdlGroup& g, uint32_t kc, uint32_t ks, uint32_t len) {
  if (IsFloat(s)) {
    LoadB2Img2col(b2, b1, nt, g, kc, ks, len);
  } else {
    LoadB2Transposing(s, b2, b1, nt, g, kc, ks, len);
  }
}

uint32_t SparseIndexBytes(uint32_t rows, uint32_t dense_k) {
  return Up16(rows) * 8 * ((dense_k + 31) / 32);
}

UbRef LoadSparseIndex(const MatmulState& s, int16_t queue, uint32_t n0, uint32_t rows, uint32_t k0,
                      uint32_t dense_k) {
  UbRef idx = QueueAlloc(queue);
  // One burst per 8-byte column (32 dense K, one B fractal's): the piece's rows padded to 16.
  const uint64_t org_rows = Up16(static_cast<uint32_t>(s.org_n)), rows16 = Up16(rows);
  const GmRef from = GmAt(s.sparse_index, uint64_t{n0} * 8 + uint64_t{k0 / 8} * org_rows);
  CopyBlocks(CopyDir::kGmToUb, &idx, nullptr, &from, (dense_k + 31) / 32, rows16 * 8,
             (org_rows - rows16) * 8, 0, "DataCopy");
  QueueEnQue(queue, idx);
  return QueueDeQue(queue);
}

void LoadB2Sparse(const UbRef& b2, const UbRef& b1, const UbRef& idx, uint32_t nt,
                  const MdlGroup& g, uint32_t kc, uint32_t ks) {
  const uint32_t nb = Up16(nt) / 16, kb = (ks / 2 + 31) / 32;
  const uint32_t gb = Up16(g.len) / 16, co = g.offset / 16;
  for (uint32_t q = 0; q < kb; ++q) {
    AscendC::LoadData2DParams p;
    p.startIndex = Narrow(uint64_t{kc / 64 + q} * gb + co, "LoadDataWithSparse startIndex");
    p.repeatTimes = static_cast<uint8_t>(nb);
    CubeLoadSparse(UbAt(b2, uint64_t{q} * nb * kCubeFractalBytes), b1, idx, p);
  }
}

}  // namespace opsim::sim::detail
