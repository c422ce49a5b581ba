// CANN's host Matmul tiling (matmul_tiling::MatmulApiTiling, MultiCoreMatmulTiling): from the
// operand types, shapes and the platform's L1/L0/UB sizes to a TCubeTiling a real chip accepts,
// or -1 with a message on stderr naming the figure that does not fit (docs/CUBE.md, "Tiling").
#pragma once

#include <cstdint>
#include <string>

#include "lib/matmul/matmul_tilingdata.h"
#include "opsim/core/tcube_tiling.h"
#include "tiling/platform/platform_ascendc.h"

namespace matmul_tiling {

enum class TPosition : int32_t {
  GM,
  A1,
  A2,
  B1,
  B2,
  C1,
  C2,
  CO1,
  CO2,
  VECIN,
  VECOUT,
  VECCALC,
  LCM = VECCALC,
  SPM,
  SHM = SPM,
  TSCM,
  MAX,
};

enum class CubeFormat : int32_t { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR };
// The order of the base blocks of C a core walks (TCubeTiling::iterateOrder): FIRSTM moves
// along M first (iterateOrder 0, the default), FIRSTN along N (1).
enum class MatrixTraverse : int32_t { NOSET = 0, FIRSTM = 1, FIRSTN = 2 };

// How the kernel's Matmul moves data into L0 (MatmulConfig::scheduleType, the NBuffer33 policy):
// a schedule that leaves the results as they are. N_BUFFER_33 over several cores has CANN's own
// split (3 x 3 base blocks a core, matmul_tiling_nbuffer33.cc); the others share one tiling.
enum class ScheduleType : int32_t { INNER_PRODUCT = 0, OUTER_PRODUCT = 1, N_BUFFER_33 = 2 };

// SetMatmulConfigParams' arguments: the kernel's template (0 Norm, 1 MDL), L1 caching of UB
// blocks, the schedule, the traverse order (as SetTraverse) and the vector ND2NZ.
struct MatmulConfigParams {
  int32_t mmConfigType;
  bool enableL1CacheUB;
  ScheduleType scheduleType;
  MatrixTraverse traverse;
  bool enVecND2NZ;
  MatmulConfigParams(int32_t mmConfigTypeIn = 1, bool enableL1CacheUBIn = false,
                     ScheduleType scheduleTypeIn = ScheduleType::INNER_PRODUCT,
                     MatrixTraverse traverseIn = MatrixTraverse::NOSET, bool enVecND2NZIn = false)
      : mmConfigType(mmConfigTypeIn),
        enableL1CacheUB(enableL1CacheUBIn),
        scheduleType(scheduleTypeIn),
        traverse(traverseIn),
        enVecND2NZ(enVecND2NZIn) {}
};

// How a quantised Matmul's scale comes (SetDequantType): one scalar or a vector of N.
enum class DequantType : int32_t { SCALAR = 0, TENSOR = 1 };

// CANN's matmul_tiling::DataType, the whole enum (ge::DataType's numbering): the cube multiplies
// FLOAT16, BF16 (or its other name DT_BFLOAT16), FLOAT, INT8 and INT4; the tiling refuses the
// others by name.
enum class DataType : int32_t {
  DT_FLOAT = 0,
  DT_FLOAT16 = 1,
  DT_INT8 = 2,
  DT_INT32 = 3,
  DT_UINT8 = 4,
  DT_INT16 = 6,
  DT_UINT16 = 7,
  DT_UINT32 = 8,
  DT_INT64 = 9,
  DT_UINT64 = 10,
  DT_DOUBLE = 11,
  DT_BOOL = 12,
  DT_STRING = 13,
  DT_DUAL_SUB_INT8 = 14,
  DT_DUAL_SUB_UINT8 = 15,
  DT_COMPLEX64 = 16,
  DT_COMPLEX128 = 17,
  DT_QINT8 = 18,
  DT_QINT16 = 19,
  DT_QINT32 = 20,
  DT_QUINT8 = 21,
  DT_QUINT16 = 22,
  DT_RESOURCE = 23,
  DT_STRING_REF = 24,
  DT_DUAL = 25,
  DT_VARIANT = 26,
  DT_BF16 = 27,
  DT_UNDEFINED = 28,
  DT_INT4 = 29,
  DT_UINT1 = 30,
  DT_INT2 = 31,
  DT_UINT2 = 32,
  DT_BFLOAT16 = 33,
  DT_HIFLOAT8 = 34,
  DT_FLOAT8_E4M3FN = 35,
  DT_FLOAT8_E5M2 = 36,
  DT_FLOAT4_E2M1 = 37,
  DT_FLOAT8_E8M0 = 38,
  DT_FLOAT4_E1M2 = 39,
  DT_MAX = 40,
};

struct MatmulOperand {
  TPosition pos = TPosition::GM;
  CubeFormat type = CubeFormat::ND;
  DataType dataType = DataType::DT_FLOAT16;
  bool isTrans = false;
  bool set = false;
};

class MatmulApiTiling {
 public:
  MatmulApiTiling() = default;
  explicit MatmulApiTiling(const platform_ascendc::PlatformAscendC& ascendcPlatform);
  virtual ~MatmulApiTiling() = default;

  int32_t SetAType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans = false);
  int32_t SetBType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans = false);
  int32_t SetCType(TPosition pos, CubeFormat type, DataType dataType);
  int32_t SetBiasType(TPosition pos, CubeFormat type, DataType dataType);
  int32_t SetShape(int32_t m, int32_t n, int32_t k);
  int32_t SetOrgShape(int32_t orgMIn, int32_t orgNIn, int32_t orgKIn);
  int32_t SetOrgShape(int32_t orgMIn, int32_t orgNIn, int32_t orgKaIn, int32_t orgKbIn);
  int32_t SetFixSplit(int32_t baseMIn = -1, int32_t baseNIn = -1, int32_t baseKIn = -1);
  int32_t SetBufferSpace(int32_t l1Size = -1, int32_t l0CSize = -1, int32_t ubSize = -1,
                         int32_t btSize = -1);
  int32_t SetBias(bool isBiasIn = false);
  // CANN's other name for SetBias (matmul_tiling_base.h).
  int32_t EnableBias(bool isBiasIn = false) { return SetBias(isBiasIn); }
  // -1 for a value outside the enum; NOSET keeps the default (FIRSTM).
  int32_t SetTraverse(MatrixTraverse traverse);
  // B of the 4:2 sparse Matmul: kept; opsim's kernel-side sparse Matmul is `unsupported`.
  int32_t SetSparse(bool isSparseIn = false) {
    isSparse_ = isSparseIn;
    return 0;
  }
  // The quantised output's scale form: kept; it changes no buffer of opsim's tiling (the
  // kernel's vector form, SetQuantVector, is `unsupported`).
  int32_t SetDequantType(DequantType dequantType) {
    deqType_ = dequantType;
    return 0;
  }
  // The kernel's configuration as the tiling should assume it: `traverse` (SetTraverse) and the
  // N_BUFFER_33 schedule change opsim's tiling; the template, L1 caching and vector ND2NZ leave
  // it valid.
  void SetMatmulConfigParams(int32_t mmConfigTypeIn = 1, bool enableL1CacheUBIn = false,
                             ScheduleType scheduleTypeIn = ScheduleType::INNER_PRODUCT,
                             MatrixTraverse traverseIn = MatrixTraverse::NOSET,
                             bool enVecND2NZIn = false) {
    SetMatmulConfigParams(MatmulConfigParams(mmConfigTypeIn, enableL1CacheUBIn, scheduleTypeIn,
                                             traverseIn, enVecND2NZIn));
  }
  void SetMatmulConfigParams(const MatmulConfigParams& configParams) {
    configParams_ = configParams;
    SetTraverse(configParams.traverse);
  }
  // The batch Matmul's layouts (CANN's matmul_tiling_base.h): A's and B's B, S, N, G, D axes, C's
  // B, S1, N, G, S2; SetBatchInfoForNormal the NORMAL (BMNK) layout's batches and M, N, K;
  // SetBatchNum the most batches one IterateBatch takes. -1 for a value below 1.
  int32_t SetALayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d);
  int32_t SetBLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d);
  int32_t SetCLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d);
  int32_t SetBatchInfoForNormal(int32_t batchA, int32_t batchB, int32_t m, int32_t n, int32_t k);
  int32_t SetBatchNum(int32_t batch);
  // 0 with `tiling` filled, or -1 (the reason on stderr and in opsim's GetLastError()).
  int64_t GetTiling(optiling::TCubeTiling& tiling);
  int64_t GetTiling(AscendC::tiling::TCubeTiling& tiling);
  // The base block: the last tiling's, before one SetFixSplit's (-1 unset), as CANN's.
  int32_t GetBaseM() const { return last_.baseM > 0 ? last_.baseM : fixM_; }
  int32_t GetBaseN() const { return last_.baseN > 0 ? last_.baseN : fixN_; }
  int32_t GetBaseK() const { return last_.baseK > 0 ? last_.baseK : fixK_; }
  // opsim: why the last GetTiling failed (empty after a success).
  const std::string& GetLastError() const { return error_; }

 protected:
  // Splits the shape over the cores (MultiCoreMatmulTiling); one core here.
  virtual bool SplitCores(AscendC::tiling::TCubeTiling& t);
  // The cores CANN's split may spread the shape over: 1 here and after SetSingleShape (CANN's
  // numOfBlock_), else SetDim's or the platform's.
  virtual int64_t CoreBudget() const { return 1; }
  // Records a split made outside SplitCores (GetCoreNum, GetSingleShape answer it).
  virtual void NoteSplit(const AscendC::tiling::TCubeTiling& /*t*/, int32_t /*mDim*/,
                         int32_t /*nDim*/) {}
  // N_BUFFER_33 over `cores` cores: the split, base blocks and L1 steps
  // (matmul_tiling_nbuffer33.cc).
  bool PlanNBuffer33(AscendC::tiling::TCubeTiling& t, int64_t cores);
  // SetFixSplit's baseM/baseN: whole fractals within L0C and the bias table (CheckBaseMN).
  bool CheckFixedBase(int64_t l0c);
  // Every other schedule: SplitCores, then base blocks that fit L0, K steps that fit L1.
  bool PlanBlocks(AscendC::tiling::TCubeTiling& t);
  // CANN's base block for the core's block coreFrac_ (matmul_tiling_l0.cc).
  bool PlanCannBase(int64_t* bm, int64_t* bn, int64_t* bk, int64_t* db_a, int64_t* db_b);
  // CANN's L1 steps and depths and iterate order on CANN's base block (matmul_tiling_l1.cc).
  bool PlanCannL1(AscendC::tiling::TCubeTiling& t);
  // CANN's L1 factors: K of A and B in L1 (fractals of 32 B), base blocks of M and N, buffers.
  struct CannL1 {
    int64_t ka, kb, ma, nb, dba, dbb;
  };
  // The tiling's order, steps and depths from the factors, or Fail where no L1 steps fit.
  bool SetCannL1(AscendC::tiling::TCubeTiling& t, const CannL1& s);
  // A base block in elements.
  struct CannBlock {
    int64_t m, n, k;
  };
  // CANN's multi-core base block (GetMultiCoreBasicBlock): 128 (256 with a 256 KiB L0C) x 256 x
  // 128 B of K, 256 x 128 with A and B transposed, SetFixSplit's baseM/baseN where given.
  CannBlock CannMultiCoreBase(int64_t l0c) const;
  // CANN's SPLIT_MN (1) or SPLIT_SMALL_MN (2) scenario over `cores`, else 0
  // (matmul_tiling_splitmn.cc).
  int SplitMnScenario(int64_t cores) const;
  bool PlanSplitMn(AscendC::tiling::TCubeTiling& t, int64_t cores, int scenario);
  bool FinishSplitMn(AscendC::tiling::TCubeTiling& t, int64_t md, int64_t nd,
                     const CannBlock& base);
  int64_t BiasL1Bytes(int64_t base_n) const;
  // The UB CANN's tiling counts for the ND2NZ padding and C's way out (GetUsedSize).
  int64_t CannUbBytes(const AscendC::tiling::TCubeTiling& t) const;
  // One core's block of m x n x k as CANN's single-core tiling counts it (matmul_tiling_dims.cc).
  void NoteCannCore(int64_t m, int64_t n, int64_t k);
  bool Fail(const std::string& why);
  int64_t Compute(AscendC::tiling::TCubeTiling& t);
  // The layouts and BatchNum into the tiling (matmul_tiling_batch.cc).
  void FillBatch(AscendC::tiling::TCubeTiling& t) const;
  // BatchNum blocks of A and B within `l1` bytes (CANN's CheckFinalParams), else Fail.
  bool CheckBatchL1(const AscendC::tiling::TCubeTiling& t, int64_t l1);

  MatmulOperand a_, b_, c_, bias_;
  int32_t m_ = -1, n_ = -1, k_ = -1;
  int32_t setM_ = -1, setN_ = -1;  // SetShape's M and N as given (CANN's singleM, singleN)
  int32_t orgM_ = -1, orgN_ = -1, orgKa_ = -1, orgKb_ = -1;
  int32_t fixM_ = -1, fixN_ = -1, fixK_ = -1;
  bool isBias_ = false;
  MatrixTraverse traverse_ = MatrixTraverse::NOSET;
  // The platform's memories (bytes) and cube cores; SetBufferSpace lowers the budgets.
  uint64_t l1_ = 524288, l0a_ = 65536, l0b_ = 65536, l0c_ = 131072, ub_ = 196608;
  uint32_t aicCores_ = 1;
  bool biasTable_ = false;  // 910B/310B: a bias passes through the 1 KiB bias table
  bool soc910b_ = false;    // the 910B, where CANN's SPLIT_MN tilings apply
  // EnableMultiCoreSplitK (MultiCoreMatmulTiling's); CANN's base class keeps it.
  bool enableSplitK_ = false;
  // 910/310P/310B: unaligned ND rows of A and B are padded in UB; 910/310P: C leaves through UB.
  bool ubTails_ = false, ubOutput_ = false;
  // The core's M, N (16 rows) and K (32 B) as CANN's split counts them, which its base block
  // divides; 0 for the N_BUFFER_33 split, which has its own.
  int64_t coreFrac_[3] = {0, 0, 0};
  int64_t l1Budget_ = -1, l0cBudget_ = -1, ubBudget_ = -1;
  std::string error_;
  int32_t aLayout_[5] = {0, 0, 0, 0, 0}, bLayout_[5] = {0, 0, 0, 0, 0};
  int32_t cLayout_[5] = {0, 0, 0, 0, 0};
  int32_t batchNum_ = 0;
  // SetBatchInfoForNormal was called (CANN's isBMNKBmm, which later layouts do not reset).
  bool normalBatch_ = false;
  AscendC::tiling::TCubeTiling last_{};  // the last successful tiling (GetCoreNum)
  MatmulConfigParams configParams_;
  DequantType deqType_ = DequantType::SCALAR;
  bool isSparse_ = false;
};

class MultiCoreMatmulTiling : public MatmulApiTiling {
 public:
  MultiCoreMatmulTiling() = default;
  explicit MultiCoreMatmulTiling(const platform_ascendc::PlatformAscendC& ascendcPlatform)
      : MatmulApiTiling(ascendcPlatform) {}
  int32_t SetDim(int32_t dim);
  int32_t SetSingleShape(int32_t singleMIn = -1, int32_t singleNIn = -1, int32_t singleKIn = -1);
  int32_t GetSingleShape(int32_t& shapeM, int32_t& shapeN, int32_t& shapeK) const;
  int32_t GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim) const;
  // Allows the split of K over cores (the kernel then adds its partial C into GM with
  // enAtomic). opsim's split is over M and N only, a valid tiling either way: the flag is kept
  // and splits nothing (docs/CUBE.md, "Matmul configuration (BC10)").
  void EnableMultiCoreSplitK(bool flag) { enableSplitK_ = flag; }
  void SetSplitK(bool flag) { EnableMultiCoreSplitK(flag); }

 protected:
  bool SplitCores(AscendC::tiling::TCubeTiling& t) override;
  int64_t CoreBudget() const override;
  void NoteSplit(const AscendC::tiling::TCubeTiling& t, int32_t mDim, int32_t nDim) override;

 private:
  int32_t dim_ = -1;
  int32_t singleM_ = -1, singleN_ = -1, singleK_ = -1;
  int32_t usedDim_ = 0, mDim_ = 0, nDim_ = 0;
  int32_t outSingle_[3] = {0, 0, 0};  // the single-core M, N, K of the last split
};

// The batch Matmul's tiling (CANN's bmm_tiling.h): CANN's one-core tiling of one batch's
// M x N x K with the layouts and BatchNum; for layouts other than NORMAL's, BatchNum batches of
// the core's A and B must fit L1 (CheckBatchL1), else GetTiling fails (-1).
class BatchMatmulTiling : public MatmulApiTiling {
 public:
  BatchMatmulTiling() = default;
  explicit BatchMatmulTiling(const platform_ascendc::PlatformAscendC& ascendcPlatform)
      : MatmulApiTiling(ascendcPlatform) {}
  // The last tiling's cores, M and N pieces (one core), and one batch piece each way.
  int32_t GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim, int32_t& batchCoreM,
                     int32_t& batchCoreN);
};

}  // namespace matmul_tiling
