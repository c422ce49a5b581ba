// The Matmul tiling: operand checks, the split over cores, base blocks that fit L0A/L0B/L0C
// (double-buffered L0A/L0B), and K steps that fit L1 (docs/CUBE.md, "Tiling").
#include "lib/matmul/matmul_tiling.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "matmul_tiling_util.h"

namespace matmul_tiling {
namespace {

using KernelTiling = AscendC::tiling::TCubeTiling;

using detail::AlignUp;
using detail::CeilDiv;
using detail::ElemBits;

const char* TypeName(DataType t) {
  switch (t) {
    case DataType::DT_FLOAT16: return "DT_FLOAT16";
    case DataType::DT_BF16: return "DT_BF16";
    case DataType::DT_BFLOAT16: return "DT_BFLOAT16";
    case DataType::DT_FLOAT: return "DT_FLOAT";
    case DataType::DT_INT8: return "DT_INT8";
    case DataType::DT_INT4: return "DT_INT4";
    case DataType::DT_INT32: return "DT_INT32";
    default: return "an unsupported type";
  }
}

// The result types the cube and Fixpipe produce from each input type.
bool ResultTypeOk(DataType in, DataType out) {
  out = detail::Canon(out);
  switch (detail::Canon(in)) {
    case DataType::DT_FLOAT16: return out == DataType::DT_FLOAT || out == DataType::DT_FLOAT16;
    case DataType::DT_BF16: return out == DataType::DT_FLOAT || out == DataType::DT_BF16;
    case DataType::DT_FLOAT: return out == DataType::DT_FLOAT;
    case DataType::DT_INT8: return out == DataType::DT_INT32 || out == DataType::DT_FLOAT16;
    case DataType::DT_INT4: return out == DataType::DT_INT32;  // the kernel's int4b_t Matmul
    default: return false;
  }
}

uint64_t MemSize(const platform_ascendc::PlatformAscendC& p, platform_ascendc::CoreMemType t,
                 uint64_t fallback) {
  uint64_t size = 0;
  p.GetCoreMemSize(t, size);
  return size > 0 ? size : fallback;
}

// Why A x B -> C of M x N x K is no cube Matmul, or "".
std::string CheckOperands(DataType a, DataType b, DataType c, int64_t m, int64_t n, int64_t k) {
  if (ElemBits(a) == 0 || detail::Canon(a) != detail::Canon(b) || !ResultTypeOk(a, c)) {
    return std::string("A ") + TypeName(a) + " x B " + TypeName(b) + " -> C " + TypeName(c) +
           " is not a cube Matmul (FLOAT16/BF16(BFLOAT16) -> FLOAT or the same, FLOAT -> FLOAT, "
           "INT8 -> "
           "INT32 or FLOAT16, INT4 -> INT32)";
  }
  if (m <= 0 || n <= 0 || k <= 0) {
    return "SetShape(" + std::to_string(m) + ", " + std::to_string(n) + ", " + std::to_string(k) +
           "): every extent must be positive";
  }
  return "";
}

// CANN's GetTransLength, on the chips whose A and B pass the UB for ND2NZ and C for NZ2ND (910,
// 310P, 310B): the largest of A's and B's ND2NZ buffers (MDL, mmConfigType 1: its steps of base
// blocks), each with GetBankConflictSize's pad where its run of rows fills whole 512 B banks,
// C's base block, and the bias row (int8 A: at least a uint64 quantisation word per column).
int32_t TransLength(const KernelTiling& t, const MatmulOperand* ops, bool is_bias, bool mdl) {
  const MatmulOperand &a = ops[0], &b = ops[1], &c = ops[2], &bias = ops[3];
  const auto pad = [](int64_t run, int64_t bytes) {
    return CeilDiv(run, 16) * 32 % 512 == 0 ? bytes : 0;
  };
  const int64_t sa = ElemBits(a.dataType), sb = ElemBits(b.dataType);
  int64_t a1 = 0, b1 = 0, c1 = 0, bias1 = 0;
  if (a.type == CubeFormat::ND) {
    a1 = int64_t{t.baseM} * t.baseK * sa / 8 * (mdl ? int64_t{t.stepKa} * t.stepM : 1);
    a1 += a.isTrans ? pad(int64_t{t.stepM} * t.baseM, int64_t{t.baseK} * 16 * t.stepKa * sa / 8)
                    : pad(int64_t{t.stepKa} * t.baseK, int64_t{t.baseM} * 16 * t.stepM * sa / 8);
  }
  if (b.type == CubeFormat::ND || (sb == 8 && b.type == CubeFormat::NZ && !b.isTrans)) {
    b1 = int64_t{t.baseN} * t.baseK * sb / 8 * (mdl ? int64_t{t.stepKb} * t.stepN : 1);
    b1 += b.isTrans ? pad(int64_t{t.stepKb} * t.baseK, int64_t{t.baseN} * 16 * t.stepN * sb / 8)
                    : pad(int64_t{t.stepN} * t.baseN, int64_t{t.baseK} * 16 * t.stepKb * sb / 8);
  }
  if (c.type == CubeFormat::ND || c.pos == TPosition::GM) {
    const int64_t cb = c.dataType == DataType::DT_FLOAT || c.dataType == DataType::DT_INT32 ? 4
                       : c.dataType == DataType::DT_INT8                                    ? 1
                                                                                            : 2;
    c1 = int64_t{t.baseN} * t.baseM * cb;
  }
  if (is_bias && bias.pos != TPosition::VECCALC)
    bias1 = int64_t{t.baseN} * detail::BiasBytes(bias.dataType);
  if (sa == 8) bias1 = std::max<int64_t>(bias1, int64_t{t.baseN} * 8);
  return static_cast<int32_t>(std::max(std::max(a1, b1), std::max(c1, bias1)));
}

}  // namespace

MatmulApiTiling::MatmulApiTiling(const platform_ascendc::PlatformAscendC& p) {
  using platform_ascendc::CoreMemType;
  l1_ = MemSize(p, CoreMemType::L1, l1_);
  l0a_ = MemSize(p, CoreMemType::L0_A, l0a_);
  l0b_ = MemSize(p, CoreMemType::L0_B, l0b_);
  l0c_ = MemSize(p, CoreMemType::L0_C, l0c_);
  ub_ = MemSize(p, CoreMemType::UB, ub_);
  aicCores_ = std::max(1u, p.GetCoreNumAic());
  using platform_ascendc::SocVersion;
  const SocVersion soc = p.GetSocVersion();
  biasTable_ = soc == SocVersion::ASCEND910B || soc == SocVersion::ASCEND310B;
  soc910b_ = soc == SocVersion::ASCEND910B;
  ubOutput_ = soc == SocVersion::ASCEND910 || soc == SocVersion::ASCEND310P;
  ubTails_ = ubOutput_ || soc == SocVersion::ASCEND310B;
}

int32_t MatmulApiTiling::SetAType(TPosition pos, CubeFormat type, DataType dataType, bool t) {
  a_ = {pos, type, dataType, t, true};
  return 0;
}
int32_t MatmulApiTiling::SetBType(TPosition pos, CubeFormat type, DataType dataType, bool t) {
  b_ = {pos, type, dataType, t, true};
  return 0;
}
int32_t MatmulApiTiling::SetCType(TPosition pos, CubeFormat type, DataType dataType) {
  c_ = {pos, type, dataType, false, true};
  return 0;
}
int32_t MatmulApiTiling::SetBiasType(TPosition pos, CubeFormat type, DataType dataType) {
  bias_ = {pos, type, dataType, false, true};
  return 0;
}
int32_t MatmulApiTiling::SetShape(int32_t m, int32_t n, int32_t k) {
  setM_ = m;
  setN_ = n;
  m_ = m;
  n_ = n;
  k_ = k;
  return 0;
}
int32_t MatmulApiTiling::SetOrgShape(int32_t orgMIn, int32_t orgNIn, int32_t orgKIn) {
  return SetOrgShape(orgMIn, orgNIn, orgKIn, orgKIn);
}
int32_t MatmulApiTiling::SetOrgShape(int32_t orgMIn, int32_t orgNIn, int32_t orgKaIn,
                                     int32_t orgKbIn) {
  orgM_ = orgMIn;
  orgN_ = orgNIn;
  orgKa_ = orgKaIn;
  orgKb_ = orgKbIn;
  return 0;
}
int32_t MatmulApiTiling::SetFixSplit(int32_t baseMIn, int32_t baseNIn, int32_t baseKIn) {
  fixM_ = baseMIn;
  fixN_ = baseNIn;
  fixK_ = baseKIn;
  return 0;
}
int32_t MatmulApiTiling::SetBufferSpace(int32_t l1Size, int32_t l0CSize, int32_t ubSize,
                                        int32_t /*btSize*/) {
  l1Budget_ = l1Size;
  l0cBudget_ = l0CSize;
  ubBudget_ = ubSize;
  return 0;
}
int32_t MatmulApiTiling::SetBias(bool isBiasIn) {
  isBias_ = isBiasIn;
  return 0;
}

int32_t MatmulApiTiling::SetTraverse(MatrixTraverse traverse) {
  if (traverse != MatrixTraverse::NOSET && traverse != MatrixTraverse::FIRSTM &&
      traverse != MatrixTraverse::FIRSTN) {
    Fail("SetTraverse: MatrixTraverse " + std::to_string(static_cast<int32_t>(traverse)) +
         " is not NOSET (0), FIRSTM (1) or FIRSTN (2)");
    return -1;
  }
  traverse_ = traverse;
  return 0;
}

bool MatmulApiTiling::Fail(const std::string& why) {
  error_ = why;
  std::fprintf(stderr, "[ERROR] matmul_tiling: %s\n", why.c_str());
  return false;
}

bool MatmulApiTiling::SplitCores(KernelTiling& t) {
  t.usedCoreNum = 1;
  t.singleCoreM = m_;
  t.singleCoreN = n_;
  t.singleCoreK = k_;
  NoteCannCore(m_, n_, k_);
  return true;
}

int32_t MultiCoreMatmulTiling::SetDim(int32_t dim) {
  dim_ = dim;
  return 0;
}
int32_t MultiCoreMatmulTiling::SetSingleShape(int32_t m, int32_t n, int32_t k) {
  singleM_ = m;
  singleN_ = n;
  singleK_ = k;
  return 0;
}
// The single-core shape GetTiling computed (CANN's GetSingleShape page); before GetTiling,
// what SetSingleShape set.
int32_t MultiCoreMatmulTiling::GetSingleShape(int32_t& m, int32_t& n, int32_t& k) const {
  m = usedDim_ > 0 ? outSingle_[0] : singleM_;
  n = usedDim_ > 0 ? outSingle_[1] : singleN_;
  k = usedDim_ > 0 ? outSingle_[2] : singleK_;
  return 0;
}
int32_t MultiCoreMatmulTiling::GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim) const {
  dim = usedDim_;
  // CANN divides SetShape's M and N, rounding up, by the core's; unset (-1), that is 0 (-1 for
  // a core's 1).
  const auto unset = [](int64_t v, int64_t single) {
    return single > 0 ? static_cast<int32_t>((v + single - 1) / single) : 0;
  };
  mDim = setM_ > 0 ? mDim_ : unset(setM_, outSingle_[0]);
  nDim = setN_ > 0 ? nDim_ : unset(setN_, outSingle_[1]);
  return 0;
}

int64_t MultiCoreMatmulTiling::CoreBudget() const {
  if (singleM_ > 0 || singleN_ > 0 || singleK_ > 0) return 1;
  return dim_ > 0 ? dim_ : static_cast<int64_t>(aicCores_);
}

void MultiCoreMatmulTiling::NoteSplit(const KernelTiling& t, int32_t mDim, int32_t nDim) {
  mDim_ = mDim;
  nDim_ = nDim;
  usedDim_ = t.usedCoreNum;
  outSingle_[0] = t.singleCoreM, outSingle_[1] = t.singleCoreN, outSingle_[2] = t.singleCoreK;
}

// The bias row's L1 bytes in shareL1Size: CANN counts it where the bias table takes it (910B,
// 310B) at the bias type's size; the N_BUFFER_33 split (coreFrac_ unset) a float row.
int64_t MatmulApiTiling::BiasL1Bytes(int64_t base_n) const {
  if (!isBias_) return 0;
  if (coreFrac_[0] == 0) return base_n * 4;
  return biasTable_ ? base_n * detail::BiasBytes(bias_.dataType) : 0;
}

int64_t MatmulApiTiling::Compute(KernelTiling& t) {
  error_.clear();
  if (!a_.set || !b_.set || !c_.set) {
    Fail("SetAType, SetBType and SetCType must all be called before GetTiling");
    return -1;
  }
  // SetShape's -1: that extent is SetOrgShape's (CANN's SetShape page), resolved here so that
  // SetOrgShape may come after SetShape.
  if (m_ == -1 && orgM_ > 0) m_ = orgM_;
  if (n_ == -1 && orgN_ > 0) n_ = orgN_;
  if (k_ == -1 && orgKa_ > 0) k_ = orgKa_;
  if (std::string why = CheckOperands(a_.dataType, b_.dataType, c_.dataType, m_, n_, k_);
      !why.empty()) {
    Fail(why);
    return -1;
  }
  t.iterateOrder = traverse_ == MatrixTraverse::FIRSTN ? 1 : 0;
  coreFrac_[0] = 0;  // set by SplitCores where CANN's base block and L1 steps apply
  const int64_t cores = CoreBudget();
  const bool n_buffer33 = configParams_.scheduleType == ScheduleType::N_BUFFER_33 && cores > 1;
  const int split_mn = n_buffer33 ? 0 : SplitMnScenario(cores);
  const bool planned = n_buffer33 ? PlanNBuffer33(t, cores)
                       : split_mn ? PlanSplitMn(t, cores, split_mn)
                                  : PlanBlocks(t);
  if (!planned) return -1;
  // CANN's SPLIT_MN tilings skip CheckFinalParams, its batch rule with it.
  if (!split_mn && !CheckBatchL1(t, l1Budget_ > 0 ? std::min<int64_t>(l1Budget_, l1_) : l1_)) {
    return -1;
  }
  const int64_t sa = ElemBits(a_.dataType), sb = ElemBits(b_.dataType);
  t.M = orgM_ > 0 ? orgM_ : m_;
  t.N = orgN_ > 0 ? orgN_ : n_;
  t.Ka = orgKa_ > 0 ? orgKa_ : k_;
  t.Kb = orgKb_ > 0 ? orgKb_ : k_;
  t.isBias = isBias_ ? 1 : 0;
  t.dbL0C = 1;
  t.shareL1Size = static_cast<int32_t>(
      (int64_t{t.depthA1} * t.baseM * t.baseK * sa + int64_t{t.depthB1} * t.baseN * t.baseK * sb) /
          8 +
      BiasL1Bytes(t.baseN));
  t.shareL0CSize = t.baseM * t.baseN * 4;
  const MatmulOperand ops[4] = {a_, b_, c_, bias_};
  t.transLength = ubTails_ ? TransLength(t, ops, isBias_, configParams_.mmConfigType == 1) : 0;
  t.shareUbSize = 0;
  if (coreFrac_[0] > 0) {
    const int64_t ub = CannUbBytes(t);
    const int64_t ub_room = ubBudget_ > 0 ? std::min<int64_t>(ubBudget_, ub_) : ub_;
    if (ub > ub_room) {
      Fail("C's base block and the ND padding take " + std::to_string(ub) + " B of UB (" +
           std::to_string(ub_room) +
           " B): on this chip C leaves L0C through UB (CANN's tiling "
           "refuses it too)");
      return -1;
    }
    t.shareUbSize = static_cast<int32_t>(ub);
  }
  t.batchM = t.batchN = t.singleBatchM = t.singleBatchN = 1;
  FillBatch(t);
  last_ = t;
  return 0;
}

// SetFixSplit's base sides as CANN's CheckBaseMN takes them: whole fractals that fit L0C, and
// on the 910B a base N the bias table holds.
bool MatmulApiTiling::CheckFixedBase(int64_t l0c) {
  const int64_t fm = fixM_ > 0 ? fixM_ : 16, fn = fixN_ > 0 ? fixN_ : 16;
  if (fm % 16 != 0 || fn % 16 != 0) {
    return Fail("baseM = " + std::to_string(fm) + ", baseN = " + std::to_string(fn) +
                ": both must be multiples of 16 (one fractal)");
  }
  if (fm * fn * 4 > l0c) {
    return Fail("baseM x baseN = " + std::to_string(fm) + " x " + std::to_string(fn) +
                " x 4 B = " + std::to_string(fm * fn * 4) + " B of L0C does not fit the " +
                std::to_string(l0c) + " B available");
  }
  // The bias table holds 1 KiB: 256 float elements of N.
  if (biasTable_ && isBias_ && fixN_ > 256) {
    return Fail("SetFixSplit's baseN = " + std::to_string(fixN_) +
                " with a bias: the bias table holds 256 elements of N (1 KiB)");
  }
  return true;
}

bool MatmulApiTiling::PlanBlocks(KernelTiling& t) {
  if (!SplitCores(t)) return false;
  const int64_t l0c = l0cBudget_ > 0 ? std::min<int64_t>(l0cBudget_, l0c_) : l0c_;
  if (!CheckFixedBase(l0c)) return false;
  int64_t bm = 0, bn = 0, bk = 0, db_a = 0, db_b = 0;
  if (!PlanCannBase(&bm, &bn, &bk, &db_a, &db_b)) return false;
  t.baseM = static_cast<int32_t>(bm);
  t.baseN = static_cast<int32_t>(bn);
  t.baseK = static_cast<int32_t>(bk);
  t.dbL0A = static_cast<int32_t>(db_a);
  t.dbL0B = static_cast<int32_t>(db_b);
  return PlanCannL1(t);
}

int64_t MatmulApiTiling::GetTiling(AscendC::tiling::TCubeTiling& tiling) {
  KernelTiling t;
  if (Compute(t) != 0) return -1;
  tiling = t;
  return 0;
}

int64_t MatmulApiTiling::GetTiling(optiling::TCubeTiling& tiling) {
  KernelTiling t;
  if (Compute(t) != 0) return -1;
#define OPSIM_SET_FIELD(f) tiling.set_##f(t.f);
  OPSIM_SET_FIELD(usedCoreNum)
  OPSIM_SET_FIELD(M)
  OPSIM_SET_FIELD(N)
  OPSIM_SET_FIELD(Ka)
  OPSIM_SET_FIELD(Kb)
  OPSIM_SET_FIELD(singleCoreM)
  OPSIM_SET_FIELD(singleCoreN)
  OPSIM_SET_FIELD(singleCoreK)
  OPSIM_SET_FIELD(baseM)
  OPSIM_SET_FIELD(baseN)
  OPSIM_SET_FIELD(baseK)
  OPSIM_SET_FIELD(depthA1)
  OPSIM_SET_FIELD(depthB1)
  OPSIM_SET_FIELD(stepM)
  OPSIM_SET_FIELD(stepN)
  OPSIM_SET_FIELD(isBias)
  OPSIM_SET_FIELD(transLength)
  OPSIM_SET_FIELD(iterateOrder)
  OPSIM_SET_FIELD(shareL1Size)
  OPSIM_SET_FIELD(shareL0CSize)
  OPSIM_SET_FIELD(shareUbSize)
  OPSIM_SET_FIELD(batchM)
  OPSIM_SET_FIELD(batchN)
  OPSIM_SET_FIELD(singleBatchM)
  OPSIM_SET_FIELD(singleBatchN)
  OPSIM_SET_FIELD(stepKa)
  OPSIM_SET_FIELD(stepKb)
  OPSIM_SET_FIELD(dbL0A)
  OPSIM_SET_FIELD(dbL0B)
  OPSIM_SET_FIELD(dbL0C)
  OPSIM_SET_FIELD(ALayoutInfoB)
  OPSIM_SET_FIELD(ALayoutInfoS)
  OPSIM_SET_FIELD(ALayoutInfoN)
  OPSIM_SET_FIELD(ALayoutInfoG)
  OPSIM_SET_FIELD(ALayoutInfoD)
  OPSIM_SET_FIELD(BLayoutInfoB)
  OPSIM_SET_FIELD(BLayoutInfoS)
  OPSIM_SET_FIELD(BLayoutInfoN)
  OPSIM_SET_FIELD(BLayoutInfoG)
  OPSIM_SET_FIELD(BLayoutInfoD)
  OPSIM_SET_FIELD(CLayoutInfoB)
  OPSIM_SET_FIELD(CLayoutInfoS1)
  OPSIM_SET_FIELD(CLayoutInfoN)
  OPSIM_SET_FIELD(CLayoutInfoG)
  OPSIM_SET_FIELD(CLayoutInfoS2)
  OPSIM_SET_FIELD(BatchNum)
#undef OPSIM_SET_FIELD
  return 0;
}

}  // namespace matmul_tiling
