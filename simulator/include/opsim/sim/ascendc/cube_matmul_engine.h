// The engine under the high-level Matmul (lib/matmul_intf.h), type-erased so that its loops are
// compiled once in the simulator (cube_matmul.cc), not in every kernel: each tile is moved and
// multiplied by the cube instructions (DataCopy with Nd2NzParams, LoadData, Mmad, Fixpipe), so
// their checks and costs apply per instruction (docs/CUBE.md, "The high-level Matmul").
#pragma once

#include <cstdint>

#include "opsim/core/dtype.h"
#include "opsim/core/tcube_tiling.h"
#include "opsim/sim/ascendc/cube_matmul_config.h"
#include "opsim/sim/detail/core.h"

namespace AscendC {
// CANN's DataCopyOutParams (its matmul_utils.h): what the Matmul hands a DataCopyOut callback
// about the tile it fixes out: cBurstNum 16-column blocks of burstLen 32 B units (the tile's rows
// x 16 accumulators), dstStride the GM row pitch (elements), oriNSize the tile's columns, curM and
// curN its index in the block (docs/CUBE.md, "Callbacks").
struct DataCopyOutParams {
  DataCopyOutParams() = default;
  DataCopyOutParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn,
                    const uint32_t dstStrideIn, const uint16_t nSize, const bool unitFlag,
                    const int curMPos, const int curNPos)
      : cBurstNum(count),
        burstLen(len),
        srcStride(srcStrideIn),
        dstStride(dstStrideIn),
        oriNSize(nSize),
        enUnitFlag(unitFlag),
        curM(curMPos),
        curN(curNPos) {}
  uint8_t quantMode = 0;
  uint16_t cBurstNum = 0;
  uint16_t burstLen = 0;
  uint16_t srcStride = 0;
  uint32_t dstStride = 0;
  uint16_t oriNSize = 0;
  bool enUnitFlag = false;
  uint64_t quantScalar = 0;
  int curM = 0;
  int curN = 0;
  uint64_t cbufWorkspaceAddr = 0;
};
}  // namespace AscendC

namespace opsim::sim::detail {

// MatmulCallBackFunc's user copies, type-erased by the Matmul template (cube_matmul.h): the
// copy-in of an A or B piece into its L1 buffer (row, col: the piece's index in the block;
// height x width its elements) and the copy-out of a C tile from L0C; null: the Matmul's own.
using MatmulCopyInFn = void (*)(const UbRef& l1, const void* gm, int row, int col, int height,
                                int width, uint64_t tiling_ptr, uint64_t data_ptr);
using MatmulCopyOutFn = void (*)(const void* gm, const UbRef& co1, const void* params,
                                 uint64_t tiling_ptr, uint64_t data_ptr);
struct MatmulCallbacks {
  MatmulCopyInFn copy_a1 = nullptr, copy_b1 = nullptr;
  MatmulCopyOutFn copy_out = nullptr;
  uint64_t user_def_info = 0;     // SetUserDefInfo
  uint64_t self_define_data = 0;  // SetSelfDefineData
  bool any() const { return copy_a1 != nullptr || copy_b1 != nullptr || copy_out != nullptr; }
};

// A piece of A or B that CFG_MDL keeps in L1 across tiles: its L1 buffer and the GM it holds
// (rows x cols elements from `gm`, rows `pitch` elements apart); gm null when none is held.
struct MatmulHeldPiece {
  UbRef buf;
  UbRef idx;  // the sparse B's index fractals, a quarter of the piece's bytes
  const uint8_t* gm = nullptr;
  uint32_t rows = 0, cols = 0, pitch = 0;
};

// The queues a Matmul carves from its core's L1/L0/BT at Init, and the pieces CFG_MDL keeps in
// its A1/B1 (on a MIX block's AIC: the server's, whichever AIV asks).
struct MatmulQueues {
  int16_t a1 = -1, b1 = -1, a2 = -1, b2 = -1, c = -1, bias1 = -1, bias2 = -1;
  // With unitFlag L0C is one buffer (a TBuf, as CANN's) that the unit marks hand between the
  // Mmads and the Fixpipe: `c_buf` instead of the queue `c`.
  int16_t c_buf = -1;
  // A quantised C's L1 buffer of baseN uint64_t words for SetQuantVector's per-column scales.
  int16_t quant1 = -1;
  // The sparse B's index (SparseMatmulType): an L1 buffer per B1 buffer, a quarter of its size
  // (CANN's CubeInBuffer for sparse MDL pairs them).
  int16_t idx1 = -1;
  bool unit_flag = false;
  MatmulHeldPiece held_a1, held_b1;
};

// The element types of one Matmul instantiation.
struct MatmulTypes {
  DType a = DType::kFloat16;    // A and B (the same)
  DType l0c = DType::kFloat32;  // the accumulator: int32 for int8, float32 otherwise
  DType out = DType::kFloat32;  // C as the kernel receives it
  DType bias = DType::kFloat32;
  // int4b_t A and B (then `a` is kInt8 and `l0c` kInt32): two elements a byte, C0 = 64.
  bool s4 = false;
  // MatmulType's LayoutMode of A, B and C (the batch Matmul): 0 NONE, 1 BSNGD, 2 SBNGD,
  // 3 BNGS1S2, 4 NORMAL.
  uint8_t layout_a = 0, layout_b = 0, layout_c = 0;
};

// What MatmulType and the policy say beyond the element types, for Init's checks
// (cube_matmul_config.cc): A's, B's and C's TPosition and CubeFormat, whether C's type is one
// the Fixpipe gives without quantisation, the policy (Impl::Detail::PolicyType).
struct MatmulForm {
  uint8_t pos[3] = {0, 0, 0};
  uint8_t format[3] = {0, 0, 0};
  bool out_type_ok = true;
  // C narrower than the accumulator by the Fixpipe's quantisation (int32 to half or int8_t,
  // float to int8_t), scaled by SetQuantScalar's word.
  bool quant_out = false;
  uint8_t policy = 0;
  bool sparse_b = false;  // B is a SparseMatmulType
};

struct MatmulState {
  MatmulTypes types;
  MatmulForm form;
  MatmulConfig cfg;
  TCubeTiling tiling;
  bool inited = false;
  bool ended = false;
  int32_t object_index = -1;   // the block's n-th Matmul: its slot on a shared AIC (MIX)
  int32_t sub_block_idx = -1;  // SetSubBlockIdx's AIV index; -1: the running core's
  MatmulQueues own;            // where the Matmul runs on its own core
  // Operands and shapes (SetTensorA/B, SetBias, SetOrgShape, SetSingleShape/SetTail).
  GmRef a, b, bias;
  // A or B in TPosition::TSCM: the single-core block in L1 as NZ (SetTensorA/B's LocalTensor),
  // which the tiles load from where they lie instead of copying from GM.
  UbRef a_l1, b_l1;
  // SetSparseIndex: the sparse B's index matrix in GM (NZ of 16 x 8 B fractals).
  GmRef sparse_index;
  bool index_set = false;
  bool a_set = false, b_set = false, bias_on = false, trans_a = false, trans_b = false;
  int32_t org_m = 0, org_n = 0, org_ka = 0, org_kb = 0;
  int32_t org_kc = 0;  // C's row pitch when it is not orgN (SetOrgShape's fifth form); 0: orgN
  int32_t single_m = 0, single_n = 0, single_k = 0;
  // Iterate: the next tile and the one computed and not yet fetched.
  int32_t next_tile = 0;  // with isPartialOutput it counts (tile, base block of K) pairs
  bool tile_held = false;
  int32_t k_part = 0;  // isPartialOutput: the base block of K the tile sums over
  int32_t tile_m0 = 0, tile_n0 = 0, tile_m = 0, tile_n = 0;
  UbRef c_tile;
  // CFG_MDL (doMultiDataLoad): a tile whose A or B piece over its whole K is the one L1 holds
  // from the tile before reuses it instead of reading GM again (cube_matmul_tile.cc).
  bool mdl = false;
  // MatmulConfig::enUnitFlag: where the chip has unitFlag, each tile's last Mmad sets unitFlag 3
  // and the others 2, and GetTensorC's Fixpipe 3, as CANN's MatmulUnitFlag does.
  bool unit_flag = false;
  MatmulCallbacks cb;
  // SetQuantScalar: the Fixpipe's deqScalar word for a quantised C.
  uint64_t quant_scalar = 0;
  bool quant_set = false;
  // SetQuantVector: one word per column of C in GM (the vector modes VDEQF16, VREQ8,
  // VQF322B8_PRE), loaded into L1 for each tile's Fixpipe.
  GmRef quant_vec;
  bool quant_vector = false;
  // SetBatchNum (the pure-cube IterateBatch's batches); 0: not set.
  int32_t batch_a = 0, batch_b = 0;
  // SetWorkspace's GM, where IterateNBatch writes (null: not set); after IterateNBatch<false>,
  // GetBatchTensorC's next batch set, in bytes from its start.
  GmRef workspace;
  bool nbatch_async = false;
  uint64_t nbatch_out = 0;
};

void MatmulInit(MatmulState& s, const TCubeTiling* tiling);
void MatmulSetOrgShape(MatmulState& s, int32_t m, int32_t n, int32_t ka, int32_t kb);
void MatmulSetSingleShape(MatmulState& s, int32_t m, int32_t n, int32_t k, const char* api);
void MatmulSetTensor(MatmulState& s, bool is_b, const GmRef& gm, bool transpose);
// SetTensorA/B(LocalTensor): an operand in TPosition::TSCM, its single-core block in L1 (any
// other position is refused).
void MatmulSetTensorL1(MatmulState& s, bool is_b, const UbRef& l1, bool transpose);
void MatmulSetSparseIndex(MatmulState& s, const GmRef& index);
void MatmulSetBias(MatmulState& s, const GmRef* bias);  // null: DisableBias
// SetHF32Mode(enable) and SetHF32TransMode(trans_mode == 1) on the core that runs the Mmads
// (the block's AIC in a MIX launch); trans_mode must be 0 or 1 (cube_config.cc).
void MatmulSetHF32(bool enable, int32_t trans_mode);
bool MatmulIterate(MatmulState& s);
// C in TPosition::CO1 (docs/CUBE.md, "Matmul output forms"): the next tile computed into the
// kernel's L0C tensor `l0c` (Iterate(enPartialSum, localCmatrix)), which the kernel fixes out
// itself; IterateAll into a LocalTensor: every tile, each Up16(rows) x Up16(cols) after the last.
bool MatmulIterateInto(MatmulState& s, const UbRef& l0c);
void MatmulIterateAllInto(MatmulState& s, const UbRef& l0c);
// C's tile to GM (at its place in the singleCoreM x singleCoreN block, or packed with
// sequential) or to a Unified Buffer tensor (VECIN, packed baseM x baseN rows).
void MatmulGetTensorC(MatmulState& s, const GmRef* gm, const UbRef* ub, uint8_t atomic,
                      bool sequential);
void MatmulIterateAll(MatmulState& s, const GmRef& gm, uint8_t atomic, bool sequential);
// IterateBatch: batchC = max(batch_a, batch_b) products, the smaller batch broadcast (its matrix
// i / (batchC / batch)); each operand's matrices where its layout puts them (NORMAL: M x K, K x
// N, M x N apart, or stride_a/stride_b; BSNGD/SBNGD: D apart in rows N x G x D (B x N x G x D)
// long; BNGS1S2: whole S x D matrices), from the tiling's layout fields (cube_matmul_batch.cc).
void MatmulIterateBatch(MatmulState& s, const GmRef& gm, uint32_t batch_a, uint32_t batch_b,
                        bool sequential, uint32_t stride_a, uint32_t stride_b, bool partial_sum,
                        uint8_t atomic);
// IterateNBatch (MatmulConfig::isNBatch): `loops` IterateBatch calls of batch_a x batch_b
// into SetWorkspace's GM, each loop's A, B, bias and C moved on as CANN's server moves them
// (CalcNBatchoffset), `atomic` as IterateBatch's; GetBatchTensorC after the asynchronous form:
// the next loop's results, max(batch_a, batch_b) x singleCoreM x singleCoreN of them
// (cube_matmul_batch.cc).
void MatmulIterateNBatch(MatmulState& s, uint32_t loops, uint32_t batch_a, uint32_t batch_b,
                         bool sequential, uint32_t stride_a, uint32_t stride_b, uint8_t atomic,
                         bool async);
GmRef MatmulGetBatchTensorC(MatmulState& s, uint32_t batch_a, uint32_t batch_b);
void MatmulEnd(MatmulState& s);
// SetSelfDefineData(T) (a struct): the Ascend 950's form, refused on the chips opsim models.
[[noreturn]] void MatmulRefuseStructSelfDefineData();
// A call that only a form opsim does not model reaches (`what`: "A from a LocalTensor").
[[noreturn]] void MatmulRefuseForm(const char* api, const char* what);

// MIX kernels (docs/CUBE.md): matmul_intf.h without ASCENDC_CUBE_ONLY: the kernels of the library
// (or program) holding `in_object` use the Matmul's MIX form, which ICPU_RUN_KF's MIX_MODE and
// operator launches run as one AIC with its AIV cores. MixKernelAt: whether `kernel`'s library
// declared that.
bool DeclareMixKernels(const void* in_object) noexcept;
bool MixKernelAt(const void* kernel) noexcept;

}  // namespace opsim::sim::detail
