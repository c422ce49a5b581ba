// The high-level Matmul API under CANN's names (lib/matmul_intf.h): MatmulType, MatmulConfig,
// Matmul<A, B, C, Bias> and REGIST_MATMUL_OBJ. The template only types the calls; the work is
// the engine's (cube_matmul_engine.h), on the cube instructions (docs/CUBE.md).
#pragma once

#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "lib/utils/init_global_memory.h"
#include "opsim/sim/ascendc/cross_core.h"
#include "opsim/sim/ascendc/cube.h"
#include "opsim/sim/ascendc/cube_matmul_config.h"
#include "opsim/sim/ascendc/cube_matmul_engine.h"
#include "opsim/sim/ascendc/cube_matmul_static.h"
#include "opsim/sim/ascendc/pipe.h"
#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"

// CANN declares the matrix formats and the configuration family (MatmulConfig, its getters,
// CFG_NORM/CFG_MDL/...) at global scope: asc-devkit's Matmul samples name them unqualified
// without a using-directive (cube_matmul_config.h).

namespace opsim::sim::detail {
struct MatmulTensorTag {};
}  // namespace opsim::sim::detail

namespace AscendC {

// CANN's MatmulCallBackFunc (its matmul_call_back.h): the user's copy of C's tile from L0C to GM
// and of A's and B's pieces from GM to L1, each called instead of the Matmul's own when not null
// (docs/CUBE.md, "Callbacks"). Atlas A2/A3 only, as CANN's page says.
template <
    void (*DataCopyOut)(const __gm__ void* gm, const LocalTensor<int8_t>& co1Local,
                        const void* dataCopyOutParams, const uint64_t tilingPtr,
                        const uint64_t dataPtr) = nullptr,
    void (*CopyA1)(const LocalTensor<int8_t>& aMatrix, const __gm__ void* gm, int row, int col,
                   int useM, int useK, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr,
    void (*CopyB1)(const LocalTensor<int8_t>& bMatrix, const __gm__ void* gm, int row, int col,
                   int useK, int useN, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr>
struct MatmulCallBackFunc {
  constexpr static void (*DataCopyOutPtr)(const __gm__ void* gm,
                                          const LocalTensor<int8_t>& co1Local,
                                          const void* dataCopyOutParams, const uint64_t tilingPtr,
                                          const uint64_t dataPtr) = DataCopyOut;
  constexpr static void (*CopyA1Ptr)(const LocalTensor<int8_t>& aMatrix, const __gm__ void* gm,
                                     int row, int col, int useM, int useK, const uint64_t tilingPtr,
                                     const uint64_t dataPtr) = CopyA1;
  constexpr static void (*CopyB1Ptr)(const LocalTensor<int8_t>& bMatrix, const __gm__ void* gm,
                                     int row, int col, int useK, int useN, const uint64_t tilingPtr,
                                     const uint64_t dataPtr) = CopyB1;
};

// The Matmul hands its callbacks LocalTensors of its own L1 and L0C buffers. LocalTensor's
// specialisations are friends of each other; this one (for a tag no kernel names) makes them.
template <>
class LocalTensor<opsim::sim::detail::MatmulTensorTag> {
 public:
  template <typename T>
  static LocalTensor<T> Of(const opsim::sim::detail::UbRef& ref) {
    LocalTensor<T> t;
    t.ref_ = ref;
    return t;
  }
};

}  // namespace AscendC

namespace matmul {

// As CANN's: kernels that say `using namespace matmul;` reach AscendC's names through it
// (GetBlockIdx, GetSysWorkSpacePtr, ...).
using namespace AscendC;

// One operand of a Matmul: where it is, its format and element type, and (A, B) whether it is
// stored transposed.
template <TPosition POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false,
          LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false,
          TPosition SRCPOS = TPosition::GM>
struct MatmulType {
  static constexpr TPosition pos = POSITION;
  static constexpr CubeFormat format = FORMAT;
  using T = TYPE;
  static constexpr bool isTrans = ISTRANS;
  static constexpr LayoutMode layout = LAYOUT;
  static constexpr bool ibShare = IBSHARE;
  static constexpr TPosition srcPos = SRCPOS;
};
// B of the 4:2 sparse Matmul (its index matrix at INDEX_POSITION, SetSparseIndex).
template <TPosition POSITION, TPosition INDEX_POSITION, CubeFormat FORMAT, typename TYPE,
          bool ISTRANS = false, LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false>
struct SparseMatmulType : MatmulType<POSITION, FORMAT, TYPE, ISTRANS, LAYOUT, IBSHARE> {
  static constexpr TPosition indexPosition = INDEX_POSITION;
};
template <class T, class = void>
inline constexpr bool kHasSparseIndex = false;
template <class T>
inline constexpr bool kHasSparseIndex<T, std::void_t<decltype(T::indexPosition)>> = true;

// CANN's config names, declared at global scope as CANN does, also reached through matmul::.
using ::CFG_IBSHARE_NORM;
using ::CFG_MDL;
using ::CFG_NORM;
using ::GetBasicConfig;
using ::GetIBShareNormConfig;
using ::GetMDLConfig;
using ::GetMMConfig;
using ::GetNormalConfig;
using ::GetSpecialMDLConfig;
using ::MatmulApiStaticTiling;
using ::MatmulConfig;
using ::MatmulConfigMode;
using ::MM_CFG_BB;

template <
    class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE,
    const auto& MM_CFG = CFG_NORM, class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>,
    template <const auto&, typename...> class MATMUL_POLICY = AscendC::Impl::Detail::MatmulPolicy>
class Matmul {
 public:
  using SrcT = typename A_TYPE::T;
  using DstT = typename C_TYPE::T;
  using BiasT = typename BIAS_TYPE::T;
  using L0cT = std::conditional_t<std::is_same_v<SrcT, int8_t> || IsHalfByteDataType<SrcT>(),
                                  int32_t, float>;
  // MM_CFG is a MatmulConfig or a constant tiling (MatmulApiStaticTiling) holding one.
  static constexpr MatmulConfig kCfg = opsim::sim::detail::ConfigOf(MM_CFG);

  static_assert(std::is_same_v<SrcT, typename B_TYPE::T>, "A and B have the same element type");
  static_assert(opsim::sim::detail::kMmadTypes<L0cT, SrcT, SrcT>,
                "Matmul takes half, bfloat16_t, float, int8_t or int4b_t inputs");
  static_assert(std::is_same_v<BiasT, L0cT> ||
                    (std::is_same_v<L0cT, float> && std::is_same_v<BiasT, half>),
                "the bias is float (or half) for float results, int32_t for int32_t");

  Matmul() {
    if constexpr (IsHalfByteDataType<SrcT>()) {  // the engine's int8 paths, two a byte
      s_.types.a = opsim::DType::kInt8;
      s_.types.s4 = true;
    } else {
      s_.types.a = AscendC::DTypeOf<SrcT>();
    }
    s_.types.l0c = AscendC::DTypeOf<L0cT>();
    s_.types.out = AscendC::DTypeOf<DstT>();
    s_.types.bias = AscendC::DTypeOf<BiasT>();
    s_.types.layout_a = static_cast<uint8_t>(A_TYPE::layout);
    s_.types.layout_b = static_cast<uint8_t>(B_TYPE::layout);
    s_.types.layout_c = static_cast<uint8_t>(C_TYPE::layout);
    // What Init refuses (cube_matmul_config.cc): kept here, not static_asserts, so that a kernel
    // naming a form opsim does not model compiles and stops at its Init with the reason.
    constexpr bool kOutTypeOk = std::is_same_v<DstT, L0cT> ||
                                (std::is_same_v<L0cT, float> &&
                                 (std::is_same_v<DstT, half> || std::is_same_v<DstT, bfloat16_t>));
    s_.form = {{static_cast<uint8_t>(A_TYPE::pos), static_cast<uint8_t>(B_TYPE::pos),
                static_cast<uint8_t>(C_TYPE::pos)},
               {static_cast<uint8_t>(A_TYPE::format), static_cast<uint8_t>(B_TYPE::format),
                static_cast<uint8_t>(C_TYPE::format)},
               kOutTypeOk,
               (std::is_same_v<L0cT, int32_t> &&
                (std::is_same_v<DstT, half> || std::is_same_v<DstT, int8_t>)) ||
                   (std::is_same_v<L0cT, float> && std::is_same_v<DstT, int8_t>),
               static_cast<uint8_t>(
                   MATMUL_POLICY<MM_CFG, void, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE>::POLICY_TYPE),
               kHasSparseIndex<B_TYPE>};
    s_.cfg = kCfg;
    s_.mdl = kCfg.doMultiDataLoad;
    s_.unit_flag = kCfg.enUnitFlag;
    if constexpr (MM_CB::CopyA1Ptr != nullptr) s_.cb.copy_a1 = &CopyInThunk<MM_CB::CopyA1Ptr>;
    if constexpr (MM_CB::CopyB1Ptr != nullptr) s_.cb.copy_b1 = &CopyInThunk<MM_CB::CopyB1Ptr>;
    if constexpr (MM_CB::DataCopyOutPtr != nullptr) s_.cb.copy_out = &CopyOutThunk;
  }

  void Init(const TCubeTiling* cubeTiling, AscendC::TPipe* tpipe = nullptr) {
    (void)tpipe;  // the buffers come from the running core's (or its AIC's) current pipe
    if constexpr (std::is_same_v<std::decay_t<decltype(MM_CFG)>, MatmulApiStaticTiling>) {
      // A constant tiling's fields replace the runtime one's; with none, they are the tiling.
      TCubeTiling merged = cubeTiling != nullptr ? *cubeTiling : TCubeTiling{};
      opsim::sim::detail::ApplyStaticTiling(merged, MM_CFG);
      opsim::sim::detail::MatmulInit(s_, &merged);
    } else {
      opsim::sim::detail::MatmulInit(s_, cubeTiling);
    }
  }
  // REGIST_MATMUL_OBJ without a tiling: a Matmul with a constant tiling takes that.
  void InitWithoutTiling(AscendC::TPipe* tpipe) {
    if constexpr (std::is_same_v<std::decay_t<decltype(MM_CFG)>, MatmulApiStaticTiling>) {
      Init(nullptr, tpipe);
    }
  }
  void SetOrgShape(int orgM, int orgN, int orgK) { SetOrgShape(orgM, orgN, orgK, orgK, 0); }
  void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0) {
    opsim::sim::detail::MatmulSetOrgShape(s_, orgM, orgN, orgKa, orgKb);
    s_.org_kc = orgKc;
  }
  void SetSingleShape(int singleM, int singleN, int singleK) {
    opsim::sim::detail::MatmulSetSingleShape(s_, singleM, singleN, singleK,
                                             "Matmul::SetSingleShape");
  }
  void SetTail(int tailM = -1, int tailN = -1, int tailK = -1) {
    opsim::sim::detail::MatmulSetSingleShape(s_, tailM, tailN, tailK, "Matmul::SetTail");
  }
  void SetTensorA(const GlobalTensor<SrcT>& gm, bool isTransposeA = false) {
    opsim::sim::detail::MatmulSetTensor(s_, false, gm.ref(), isTransposeA);
  }
  void SetTensorB(const GlobalTensor<SrcT>& gm, bool isTransposeB = false) {
    opsim::sim::detail::MatmulSetTensor(s_, true, gm.ref(), isTransposeB);
  }
  // A and B from a LocalTensor: TSCM's (L1) is the single-core block in NZ; any other position
  // and the scalar forms (CubeFormat::SCALAR) are refused, as Init refuses their MatmulTypes.
  void SetTensorA(const LocalTensor<SrcT>& local, bool isTransposeA = false) {
    opsim::sim::detail::MatmulSetTensorL1(s_, false, local.ref(), isTransposeA);
  }
  void SetTensorB(const LocalTensor<SrcT>& local, bool isTransposeB = false) {
    opsim::sim::detail::MatmulSetTensorL1(s_, true, local.ref(), isTransposeB);
  }
  void SetTensorA(SrcT aScalar) {
    (void)aScalar;
    opsim::sim::detail::MatmulRefuseForm("Matmul::SetTensorA", "A as a scalar");
  }
  void SetTensorB(SrcT bScalar) {
    (void)bScalar;
    opsim::sim::detail::MatmulRefuseForm("Matmul::SetTensorB", "B as a scalar");
  }
  // The quantised output's scale (C narrower than the accumulator): the Fixpipe's deqScalar word
  // (DEQF16, REQ8 or QF322B8_PRE by the types).
  void SetQuantScalar(const uint64_t quantScalar) {
    s_.quant_scalar = quantScalar;
    s_.quant_vector = false;
    s_.quant_set = true;
  }
  // One word per column of C (the vector modes), loaded into L1 for each tile's Fixpipe.
  void SetQuantVector(const GlobalTensor<uint64_t>& quantTensor) {
    s_.quant_vec = quantTensor.ref();
    s_.quant_vector = true;
    s_.quant_set = true;
  }
  // The sparse Matmul's index matrix (B a SparseMatmulType); CANN ignores it for another B.
  void SetSparseIndex(const GlobalTensor<uint8_t>& indexGlobal) {
    if constexpr (kHasSparseIndex<B_TYPE>) {
      opsim::sim::detail::MatmulSetSparseIndex(s_, indexGlobal.ref());
    } else {
      (void)indexGlobal;
    }
  }
  void SetBias(const GlobalTensor<BiasT>& biasGlobal) {
    const opsim::sim::detail::GmRef ref = biasGlobal.ref();
    opsim::sim::detail::MatmulSetBias(s_, &ref);
  }
  void DisableBias() { opsim::sim::detail::MatmulSetBias(s_, nullptr); }
  // The AIV's index within its AI Core (split chips; CANN's REGIST_MATMUL_OBJ sets it, a kernel
  // without it calls SetSubBlockIdx(0)): SetSubBlockIdx's value, else the running core's.
  void SetSubBlockIdx(uint8_t subBlockIdx) { s_.sub_block_idx = subBlockIdx; }
  uint8_t GetSubBlockIdx() const {
    return static_cast<uint8_t>(s_.sub_block_idx >= 0 ? s_.sub_block_idx
                                                      : opsim::sim::detail::MixSubBlockIdx());
  }
  // HF32 for float inputs (CANN: SetHF32Mode and SetHF32TransMode on the cube's core).
  void SetHF32(bool enableHF32 = false, int32_t transMode = 0) {
    opsim::sim::detail::MatmulSetHF32(enableHF32, transMode);
  }
  void ClearBias() { DisableBias(); }
  // What the callbacks receive as tilingPtr and dataPtr (CANN's MatmulUserDefineInfo).
  void SetUserDefInfo(const uint64_t tilingPtr) { s_.cb.user_def_info = tilingPtr; }
  void SetSelfDefineData(const uint64_t dataPtr) { s_.cb.self_define_data = dataPtr; }
  // CANN's struct form is for the Ascend 950 (its page: not on Atlas A2/A3).
  template <class T>
  void SetSelfDefineData(T dataPtr) {
    (void)dataPtr;
    opsim::sim::detail::MatmulRefuseStructSelfDefineData();
  }

  // sync = true computes one tile per call (while (Iterate()) GetTensorC(...)). sync = false, the
  // asynchronous scenario: one call starts the whole block and GetTensorC<false> then fetches
  // its tiles one per call, in the tiling's order (the Matmul guide). opsim computes each tile
  // when the previous one is fetched, so the results and checks are the chip's and the time
  // is that of the synchronous order.
  template <bool sync = true>
  bool Iterate(bool enPartialSum = false) {
    (void)enPartialSum;
    async_ = !sync;
    return opsim::sim::detail::MatmulIterate(s_);
  }
  // C in TPosition::CO1: the tile into the kernel's L0C tensor (another C ignores it, as CANN's).
  template <bool sync = true>
  bool Iterate(bool enPartialSum, const LocalTensor<L0cT>& localCmatrix) {
    if constexpr (C_TYPE::pos != TPosition::CO1) return Iterate<sync>(enPartialSum);
    static_assert(C_TYPE::pos != TPosition::CO1 || C_TYPE::format == CubeFormat::NZ,
                  "Unsupported format type for output matrix.");
    return opsim::sim::detail::MatmulIterateInto(s_, localCmatrix.ref());
  }
  template <bool sync = true>
  void GetTensorC(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0,
                  bool enSequentialWrite = false) {
    const opsim::sim::detail::GmRef ref = gm.ref();
    opsim::sim::detail::MatmulGetTensorC(s_, &ref, nullptr, enAtomic, enSequentialWrite);
    NextAsyncTile<sync>();
  }
  template <bool sync = true>
  void GetTensorC(const LocalTensor<DstT>& co2Local, uint8_t enAtomic = 0,
                  bool enSequentialWrite = false) {
    if constexpr (C_TYPE::pos == TPosition::CO1) return;  // the tile is in the kernel's L0C
    const opsim::sim::detail::UbRef ref = co2Local.ref();
    opsim::sim::detail::MatmulGetTensorC(s_, nullptr, &ref, enAtomic, enSequentialWrite);
    NextAsyncTile<sync>();
  }
  template <bool sync = true>
  void IterateAll(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0,
                  bool enSequentialWrite = false, bool waitIterateAll = false,
                  bool fakeMsg = false) {
    (void)waitIterateAll;
    (void)fakeMsg;
    opsim::sim::detail::MatmulIterateAll(s_, gm.ref(), enAtomic, enSequentialWrite);
  }
  // Into a LocalTensor: C in TPosition::CO1 only (each tile after the last in the kernel's L0C).
  template <bool sync = true>
  void IterateAll(const LocalTensor<DstT>& ubCmatrix, uint8_t enAtomic = 0) {
    using opsim::sim::detail::MatmulRefuseForm;
    if (C_TYPE::pos != TPosition::CO1) MatmulRefuseForm("Matmul::IterateAll", "C in a LocalTensor");
    (void)enAtomic, opsim::sim::detail::MatmulIterateAllInto(s_, ubCmatrix.ref());
  }
  // IterateAll<false>'s wait: opsim's IterateAll is done when it returns.
  void WaitIterateAll() {}
  void WaitIterateBatch() {}
  // The multi-batch output (MatmulConfig::isNBatch): batchLoop IterateBatch calls into
  // SetWorkspace's GM (docs/CUBE.md, "IterateNBatch"); opsim's is done when it returns.
  template <bool sync = true, bool waitIterateBatch = false>
  void IterateNBatch(const uint32_t batchLoop, uint32_t batchA, uint32_t batchB,
                     bool enSequentialWrite, const uint32_t matrixStrideA = 0,
                     const uint32_t matrixStrideB = 0, const uint32_t matrixStrideC = 0,
                     const bool enPartialSum = false, const uint8_t enAtomic = 0) {
    static_assert(!kCfg.enableMixDualMaster,
                  "IterateNBatch not support when enableMixDualMaster is enabled.");
    static_assert(A_TYPE::layout != LayoutMode::NONE && B_TYPE::layout != LayoutMode::NONE &&
                      A_TYPE::layout != LayoutMode::NORMAL &&
                      B_TYPE::layout != LayoutMode::NORMAL && C_TYPE::layout != LayoutMode::NORMAL,
                  "BMM does not support the layout being NONE or NORMAL");
    CheckBatchTypes();
    (void)matrixStrideC;  // reserved (CANN's page: keep 0)
    if (enPartialSum) {
      opsim::sim::detail::MatmulRefuseForm("Matmul::IterateNBatch", "enPartialSum = true");
    }
    opsim::sim::detail::MatmulIterateNBatch(s_, batchLoop, batchA, batchB, enSequentialWrite,
                                            matrixStrideA, matrixStrideB, enAtomic,
                                            !sync && !waitIterateBatch);
  }
  template <bool sync = true>
  GlobalTensor<DstT> GetBatchTensorC(uint32_t batchA, uint32_t batchB,
                                     bool enSequentialWrite = false) {
    (void)enSequentialWrite;  // reserved (CANN's page: keep false)
    const opsim::sim::detail::GmRef r =
        opsim::sim::detail::MatmulGetBatchTensorC(s_, batchA, batchB);
    GlobalTensor<DstT> out;
    out.SetGlobalBuffer(reinterpret_cast<__gm__ DstT*>(r.ptr), r.bytes / sizeof(DstT));
    return out;
  }
  template <bool sync = true>
  void GetBatchTensorC(const LocalTensor<DstT>& c, uint32_t batchA, uint32_t batchB,
                       bool enSequentialWrite = false) {
    (void)c, (void)batchA, (void)batchB, (void)enSequentialWrite;
    opsim::sim::detail::MatmulRefuseForm("Matmul::GetBatchTensorC",
                                         "GetBatchTensorC into a LocalTensor");
  }
  template <bool sync = true>  // CANN's client's other names for the two
  GlobalTensor<DstT> GetBatchC(uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false) {
    return GetBatchTensorC<sync>(batchA, batchB, enSequentialWrite);
  }
  template <bool sync = true>
  void GetBatchC(const LocalTensor<DstT>& c, uint32_t batchA, uint32_t batchB, bool seq = false) {
    GetBatchTensorC<sync>(c, batchA, batchB, seq);
  }
  void End() { opsim::sim::detail::MatmulEnd(s_); }

  // The batch Matmul: batchA A matrices by batchB B matrices into max(batchA, batchB) C matrices,
  // the smaller batch broadcast, where MatmulType's layouts put them (docs/CUBE.md, "Batch").
#if defined(ASCENDC_CUBE_ONLY)
  void SetBatchNum(int32_t batchA, int32_t batchB) {
    s_.batch_a = batchA;
    s_.batch_b = batchB;
  }
  void IterateBatch(const GlobalTensor<DstT>& gm, bool enPartialSum, uint8_t enAtomic,
                    bool enSequentialWrite, const uint32_t matrixStrideA = 0,
                    const uint32_t matrixStrideB = 0, const uint32_t matrixStrideC = 0) {
    CheckBatchTypes();
    (void)matrixStrideC;  // reserved (CANN's page: keep 0)
    opsim::sim::detail::MatmulIterateBatch(s_, gm.ref(), static_cast<uint32_t>(s_.batch_a),
                                           static_cast<uint32_t>(s_.batch_b), enSequentialWrite,
                                           matrixStrideA, matrixStrideB, enPartialSum, enAtomic);
  }
#else
  template <bool sync = true, bool waitIterateBatch = false>
  void IterateBatch(const GlobalTensor<DstT>& gm, uint32_t batchA, uint32_t batchB,
                    bool enSequentialWrite, const uint32_t matrixStrideA = 0,
                    const uint32_t matrixStrideB = 0, const uint32_t matrixStrideC = 0,
                    const bool enPartialSum = false, const uint8_t enAtomic = 0) {
    CheckBatchTypes();
    (void)matrixStrideC;  // reserved (CANN's page: keep 0)
    opsim::sim::detail::MatmulIterateBatch(s_, gm.ref(), batchA, batchB, enSequentialWrite,
                                           matrixStrideA, matrixStrideB, enPartialSum, enAtomic);
  }
#endif

  // Scratch the library may use on some chips (the 310P's ND <-> NZ in the UB, asynchronous
  // results in GM): opsim's engine needs none but IterateNBatch's output, which goes there.
  void SetLocalWorkspace(const LocalTensor<uint8_t>& tmpBuffer) { (void)tmpBuffer; }
  template <class T>
  void SetWorkspace(const GlobalTensor<T>& addr) {
    s_.workspace = addr.ref();
  }
  template <class T>
  void SetWorkspace(__gm__ const T* addr, int size) {
    GlobalTensor<T> g;
    g.SetGlobalBuffer(const_cast<__gm__ T*>(addr), static_cast<uint64_t>(size));
    s_.workspace = g.ref();
  }

 private:
  static constexpr void CheckBatchTypes() {
    static_assert(A_TYPE::layout != LayoutMode::NONE && A_TYPE::layout == B_TYPE::layout,
                  "IterateBatch takes A and B with one LayoutMode (MatmulType's fifth argument)");
    static_assert(C_TYPE::layout != LayoutMode::NONE,
                  "IterateBatch takes C with a LayoutMode (MatmulType's fifth argument)");
    static_assert(!kCfg.doMultiDataLoad, "IterateBatch takes the Norm template only (CANN)");
  }
  using CopyInPtr = void (*)(const LocalTensor<int8_t>&, const __gm__ void*, int, int, int, int,
                             const uint64_t, const uint64_t);
  template <CopyInPtr kFn>
  static void CopyInThunk(const opsim::sim::detail::UbRef& l1, const void* gm, int row, int col,
                          int height, int width, uint64_t tiling, uint64_t data) {
    kFn(LocalTensor<opsim::sim::detail::MatmulTensorTag>::Of<int8_t>(l1), gm, row, col, height,
        width, tiling, data);
  }
  static void CopyOutThunk(const void* gm, const opsim::sim::detail::UbRef& co1, const void* params,
                           uint64_t tiling, uint64_t data) {
    MM_CB::DataCopyOutPtr(gm, LocalTensor<opsim::sim::detail::MatmulTensorTag>::Of<int8_t>(co1),
                          params, tiling, data);
  }

  // After an asynchronous fetch, the block's next tile (none after the last: the walk is over).
  template <bool sync>
  void NextAsyncTile() {
    if (!sync && async_) async_ = opsim::sim::detail::MatmulIterate(s_);
  }

  opsim::sim::detail::MatmulState s_;
  bool async_ = false;  // an Iterate<false> whose tiles are not all fetched
};

}  // namespace matmul

namespace AscendC {
// CANN's queue into the TSCM (kernel_tpipe.h; here beside the Matmul, its one user, to keep
// kernel_operator.h's units as they are): A or B kept in L1 by the kernel for a Matmul whose
// MatmulType says TPosition::TSCM, which opsim's Matmul refuses at Init.
template <TPosition pos, int32_t depth = 1, auto mask = 0>
using TSCM = TQueBind<pos, TPosition::TSCM, depth, mask>;
// Bytes of one C0 block (a 32 B fractal row), CANN's kernel_utils_constants.h constant that
// kernels using the Matmul compute copy strides with.
constexpr int32_t DEFAULT_C0_SIZE = 32;
// CANN's TOTAL_VEC_LOCAL_SIZE, the Unified Buffer less the 8 KiB it reserves: 184 KiB on
// dav-2201 (the 910B), 248 KiB on the 310P and 910A. A per-arch constant there; here the running
// core's figure, read where the kernel uses it (kernels are compiled once for every profile).
struct TotalVecLocalSize {
  operator int32_t() const {  // NOLINT: converts like the constant it stands for
    return static_cast<int32_t>(opsim::sim::detail::Cur().ub_bytes) - 8 * 1024;
  }
};
inline constexpr TotalVecLocalSize TOTAL_VEC_LOCAL_SIZE{};
using ::MatmulConfig;
using matmul::Matmul;
using matmul::MatmulType;
using matmul::SparseMatmulType;
}  // namespace AscendC

// REGIST_MATMUL_OBJ(pipe, workspace, mm1, &tiling1, mm2, &tiling2, ...): each object takes its
// tiling (Init); an object given without one (or with null) is initialised later by Init.
// CANN's AIC runs its server loop here; opsim runs each call on the AIC when it is made
// (docs/CUBE.md, "MIX kernels").
namespace opsim::sim::detail {
template <class T>
inline constexpr bool kIsTilingArg =
    std::is_null_pointer_v<std::decay_t<T>> ||
    std::is_same_v<std::remove_cv_t<std::remove_pointer_t<std::decay_t<T>>>, TCubeTiling>;

inline void RegisterMatmuls(AscendC::TPipe*, GM_ADDR) {}
template <class M, class... Rest>
void RegisterMatmuls(AscendC::TPipe* pipe, GM_ADDR workspace, M& mm, Rest&&... rest);

template <class M, class T, class... Rest>
void RegisterWithTiling(AscendC::TPipe* pipe, GM_ADDR workspace, M& mm, T tiling, Rest&&... rest) {
  if (tiling) {
    mm.Init(tiling, pipe);
  } else {
    mm.InitWithoutTiling(pipe);
  }
  RegisterMatmuls(pipe, workspace, std::forward<Rest>(rest)...);
}

template <class M, class... Rest>
void RegisterMatmuls(AscendC::TPipe* pipe, GM_ADDR workspace, M& mm, Rest&&... rest) {
  if constexpr (sizeof...(Rest) == 0) {
    (void)mm;
  } else if constexpr (kIsTilingArg<std::tuple_element_t<0, std::tuple<Rest...>>>) {
    RegisterWithTiling(pipe, workspace, mm, std::forward<Rest>(rest)...);
  } else {
    RegisterMatmuls(pipe, workspace, std::forward<Rest>(rest)...);
  }
}
}  // namespace opsim::sim::detail

#define REGIST_MATMUL_OBJ(tpipe, workspace, ...) \
  ::opsim::sim::detail::RegisterMatmuls((tpipe), (workspace), __VA_ARGS__)
