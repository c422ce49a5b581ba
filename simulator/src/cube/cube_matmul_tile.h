// One baseM x baseN tile of a Matmul: its A and B pieces through L1 and L0A/L0B, the Mmads
// accumulating it in L0C over K, and the bias row through C1 and the bias table.
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/cube_matmul_engine.h"
#include "opsim/sim/ascendc/cube_types.h"
#include "opsim/sim/ascendc/types.h"

namespace opsim::sim::detail {

inline uint32_t Up16(uint32_t v) { return (v + 15) / 16 * 16; }
// Elements of one 32 B fractal row of the inputs: 16 for 16-bit types, 8 for float, 32 for int8,
// 64 for int4b_t.
inline uint32_t K0Of(const MatmulState& s) {
  return s.types.s4 ? 64 : 32 / static_cast<uint32_t>(DTypeSize(s.types.a));
}
// Bytes of `elems` elements of A or B (int4b_t: two a byte; the callers' counts are even).
inline uint64_t InBytes(const MatmulState& s, uint64_t elems) {
  return s.types.s4 ? elems / 2 : elems * DTypeSize(s.types.a);
}
// LoadData3DV2's mExtension for K rows [kc, kc + ks) of a float piece of `len` K rows in L1 (a
// 1 x Up16(len) map): CANN's K aligned to 16, cut at the map's end where that would run into
// padding rows past it (no Mmad reads them; a load reading padding wants the register set).
inline uint32_t Load3dKRows(uint32_t kc, uint32_t ks, uint32_t len) {
  const uint32_t rows = Up16(ks), left = Up16(len) - kc;
  return rows < left ? rows : left;
}
// A in CubeFormat::VECTOR (GEMV): one row of K, a plain copy into L1, fractals of it into L0A
// as they lie, and Mmad's m = 1 reading L0A as that row (docs/CUBE.md, "Matmul input forms").
inline bool IsGemv(const MatmulState& s) {
  return s.form.format[0] == static_cast<uint8_t>(CubeFormat::VECTOR);
}
// A (B) in TPosition::TSCM: the kernel's L1 holds the single-core block as NZ (CANN's
// CopyCubeIn FROM_L1), so the Matmul carves no A1 (B1) and copies nothing from GM.
inline bool InL1(const MatmulState& s, bool is_b) {
  return s.form.pos[is_b ? 1 : 0] == static_cast<uint8_t>(AscendC::TPosition::TSCM);
}
// A view `off` bytes into a GM operand, as GlobalTensor::operator[] makes one.
GmRef GmAt(const GmRef& g, uint64_t off);
UbRef UbAt(const UbRef& r, uint64_t off);

// The Matmul is initialised and not ended (else invalid_argument naming `api`).
void RequireReady(const MatmulState& s, const char* api);
// Every tile of the block computed and fixed out to `gm` (IterateAll's walk), inside the
// caller's CubeScope; CFG_MDL's pieces leave L1 after the last (cube_matmul.cc).
void RunBlock(MatmulState& s, const GmRef& gm, uint8_t atomic, bool sequential, const char* api);
// The queues the running Matmul uses: its own, or its slot on the MIX block's AIC.
MatmulQueues& QueuesOf(MatmulState& s);
// CFG_MDL: frees a piece kept in L1 across tiles (none held: nothing), and the sparse B's index
// with it (from idx_queue).
void ReleaseHeld(int16_t queue, MatmulHeldPiece& held, int16_t idx_queue = -1);
// Frees both pieces a Matmul keeps: when its tiles are done, at End and when A or B changes.
void ReleaseHeldPieces(MatmulState& s);
// Carves the Matmul's buffers from the running core's L1, L0A, L0B, L0C (and C1/BT for bias).
void InitMatmulQueues(const MatmulState& s, MatmulQueues& q);
// The AIC-side buffers of an object at its first Init: carved, or in a MIX block the n-th
// object of the second AIV sub-block reuses the n-th of the first, which must have its tiling.
// RebindQueues, at a second Init: the same tiling (`old`) keeps them, another carves anew
// (cube_matmul_queues.cc).
void BindQueues(MatmulState& s, const char* api);
void RebindQueues(MatmulState& s, const TCubeTiling& old);
// Computes the tile at (m0, n0) of the block, mt x nt, into a CO1 buffer it returns dequeued,
// or into `into` (C in TPosition::CO1: the kernel's L0C tensor).
UbRef ComputeTile(MatmulState& s, uint32_t m0, uint32_t n0, uint32_t mt, uint32_t nt,
                  const UbRef* into = nullptr);

// C's forms (cube_matmul_out.cc). PlaceTile: the held tile's Fixpipe parameters, its byte offset
// in C (0 with sequential writes), whether it goes out as ND, and (sequential) the bytes it
// spans. CheckOutForm: Init's rules for C's position and type with its format and the channel
// split. MarkTilePadding: an NZ or ND_ALIGN tile's whole fractals in L0C count as written.
struct TileOut {
  AscendC::FixpipeParamsV220 f;
  uint64_t at = 0;
  bool nd = true;
  uint64_t bytes = 0;
};
TileOut PlaceTile(const MatmulState& s, bool sequential);
bool IsOutFormat(uint8_t format);
bool CInCo1(const MatmulState& s);
bool ChannelSplitOut(const MatmulState& s);
void CheckOutForm(const MatmulState& s, const char* api);
void MarkTilePadding(const MatmulState& s, const UbRef& c, uint32_t mt, uint32_t nt);

// The tile (mi, ni) at walk index `index` of an m_tiles x n_tiles block (cube_matmul_mdl.cc):
// CFG_NORM M (iterateOrder 0) or N first; CFG_MDL as CANN's MDL scheduler walks it, its base
// blocks in groups of stepM and stepN, iterateOrder 0 as N groups { M groups { M in group { N in
// group } } }, 1 with M and N swapped.
struct TileIndex {
  uint32_t mi, ni;
};
TileIndex TileAt(const TCubeTiling& t, bool mdl, uint32_t index, uint32_t m_tiles,
                 uint32_t n_tiles);
// The part of an operand one L1 load of CFG_MDL holds: `start` elements along M (N) from the
// block's, `len` of them, from which a tile takes its rows (columns) at `offset`.
struct MdlGroup {
  uint32_t start, len, offset;
};
// The group of stepM (stepN) base blocks around the tile at `at` in a block of `single` along M
// (N), base `base`; one base block (the tile's own) where the operand's K needs several loads.
MdlGroup MdlGroupOf(uint32_t at, uint32_t tile, uint32_t base, int32_t step, uint32_t single,
                    bool k_full);
// MDL's A1/B1 buffers: CANN's CubeInBuffer for MDL holds stepM x stepKa (stepN x stepKb) base
// blocks per buffer, two when depth / that - 1 is odd, else one.
uint32_t MdlBuffers(int32_t depth, int32_t step_mn, int32_t step_k);
// Faults of a tiling CANN's MDL cannot run: stepM/stepN below 1, or above 1 where that
// operand's K needs more than one L1 load (CANN's KLoop asserts stepM == 1 there).
void CheckMdlSteps(const TCubeTiling& t, const char* api);
// Init's reading of MatmulConfig, MatmulType's forms and the policy (cube_matmul_config.cc):
// refuses what is not modelled, checks the schedule fields against `tiling` and applies
// iterateOrder to s.tiling (which Init has set).
void ApplyMatmulConfig(MatmulState& s, const TCubeTiling& tiling, const char* api);
// TrianUpperMatmulPolicy / TrianLowerMatmulPolicy: whether the held tile lies outside the
// triangle (its M index in the block above, or below, its N index), which is not copied out.
bool TileOutsideTriangle(const MatmulState& s);
// MatmulConfig::isPartialOutput: each Iterate gives the tile's sum over one base block of K
// (s.k_part), KParts of them per tile in turn; the bias goes into the first. Without it, one.
uint32_t KParts(const MatmulState& s);
// The Fixpipe's conversion of the accumulator into C's type (a quantised C: by SetQuantScalar).
AscendC::QuantMode_t QuantFor(const MatmulState& s);
// The held tile to `gm` by the Fixpipe's vector mode, SetQuantVector's words loaded into L1.
void FixpipeByQuantVector(MatmulState& s, const GmRef& gm, const AscendC::FixpipeParamsV220& f);
UbRef ComputePartialTile(MatmulState& s);
// IterateAll and IterateBatch under isPartialOutput (each partial would overwrite the last).
void RefusePartialOutput(const MatmulState& s, const char* api);
// Iterate under enableMixDualMaster (CANN: IterateAll only).
void RefuseDualMasterIterate(const MatmulState& s, const char* api);

// Operand layouts beyond LoadData 2-D (cube_matmul_layout.cc). L1KRowAlign: what an operand's
// K rows in L1 are padded to (16; int8_t B as stored 32, int4b_t 64: LoadDataWithTranspose's
// square). B2Bytes: a B2 buffer, with room for float B as stored's K aligned to 16 and 8-bit B
// as stored's whole squares of N where dbL0B of them fit. CheckOperandLayout: SetTensorA/B's
// faults for a layout the tiling cannot load. LoadB2AsStored: float, int8_t or int4b_t B (K x N
// in L1, `len` K rows) into L0B as ZN from K offset kc.
uint32_t L1KRowAlign(const MatmulState& s, bool is_b);
// What a B1 buffer's N is padded to: 16, or for int8_t (int4b_t) 32 (64) elements, the C0
// blocks in which B as stored's N lies in L1 (the Matmul is carved before SetTensorB).
uint32_t L1NAlign(const MatmulState& s);
uint32_t B2Bytes(const MatmulState& s);
void CheckOperandLayout(const MatmulState& s, bool is_b, bool transpose, const char* api);
// A TSCM operand's LocalTensor: in L1, 32 B aligned, holding the single-core block as NZ.
void RequireL1Block(const MatmulState& s, bool is_b, const UbRef& l1, bool transpose,
                    const char* api);
// The sparse B (SparseMatmulType, cube_matmul_layout.cc): SparseIndexBytes, an index buffer for
// B1 pieces of `rows` N and `dense_k` K; LoadSparseIndex, CANN's CopySparseIdxToCubeFromGM: the
// index of N rows [n0, n0 + rows) and full K from k0 (dense_k of it) from GM (NZ, 16 x 8 B
// fractals, K blocks Up16(orgN) rows apart) into a buffer of `queue`, its fractals one per B
// fractal of the B1 piece; LoadB2Sparse: the piece's fractals for the tile into L0B with their
// index (LoadDataWithSparse), K offset kc and size ks in full K.
uint32_t SparseIndexBytes(uint32_t rows, uint32_t dense_k);
UbRef LoadSparseIndex(const MatmulState& s, int16_t queue, uint32_t n0, uint32_t rows, uint32_t k0,
                      uint32_t dense_k);
void LoadB2Sparse(const UbRef& b2, const UbRef& b1, const UbRef& idx, uint32_t nt,
                  const MdlGroup& g, uint32_t kc, uint32_t ks);
void LoadB2AsStored(const MatmulState& s, const UbRef& b2, const UbRef& b1, uint32_t nt,
                    const MdlGroup& g, uint32_t kc, uint32_t ks, uint32_t len);

}  // namespace opsim::sim::detail
