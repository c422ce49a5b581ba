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
    case DataType::DT_FLOAT: return "DT_FLOAT";
    case DataType::DT_INT8: return "DT_INT8";
    case DataType::DT_INT4: return "DT_INT4";
    case DataType::DT_INT32: return "DT_INT32";
    default: return "an unsupported type";
  }
}

// The result types the cube and Fixpipe produce from each input type.
bool ResultTypeOk(DataType in, DataType out) {
  switch (in) {
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
  if (ElemBits(a) == 0 || a != b || !ResultTypeOk(a, c)) {
    return std::string("A ") + TypeName(a) + " x B " + TypeName(b) + " -> C " + TypeName(c) +
           " is not a cube Matmul (FLOAT16/BF16 -> FLOAT or the same, FLOAT -> FLOAT, INT8 -> "
           "INT32 or FLOAT16, INT4 -> INT32)";
  }
  if (m <= 0 || n <= 0 || k <= 0) {
    return "SetShape(" + std::to_string(m) + ", " + std::to_string(n) + ", " + std::to_string(k) +
           "): every extent must be positive";
  }
  return "";
}

// K steps in L1: as many base blocks (`block` bytes of A and B) as fit beside the bias,
// double-buffered when K has more. Why not even one fits, or "".
std::string ChooseL1Steps(int64_t single_k, int64_t bk, int64_t block, int64_t bias_bytes,
                          int64_t l1, int64_t* step_out, int64_t* depth_out) {
  const int64_t k_steps = CeilDiv(single_k, bk);
  const int64_t step =
      std::min<int64_t>(k_steps, std::max<int64_t>(1, (l1 - bias_bytes) / (2 * block)));
  int64_t depth_factor = step < k_steps ? 2 : 1;
  if (depth_factor * step * block + bias_bytes > l1) depth_factor = 1;
  if (step * block * depth_factor + bias_bytes > l1) {
    return "one base block of A and B (" + std::to_string(block) + " B) does not fit L1 (" +
           std::to_string(l1) + " B)";
  }
  *step_out = step;
  *depth_out = depth_factor;
  return "";
}

// Base blocks of M and N per L1 load when K fits one (CANN's MDL loads stepM x stepKa blocks
// of A, stepN x stepKb of B, by one DataCopy each). The operand whose group the iterate order
// keeps longest (B's column with M first, A's row with N first) takes the most base blocks that
// fit beside one double-buffered block of the other, the other what remains; each a factor of
// its tile count (CANN's GetNearestFactor), double-buffered unless it covers the block.
struct L1Groups {
  int64_t step_m = 1, step_n = 1, db_a = 1, db_b = 1;
};
L1Groups ChooseL1Groups(int64_t m_tiles, int64_t n_tiles, int64_t a_blk, int64_t b_blk,
                        int64_t room, bool m_first) {
  const auto db = [](int64_t x, int64_t tiles) -> int64_t { return x < tiles ? 2 : 1; };
  // The most blocks (a factor of `tiles`) of `blk` bytes, with their buffers, within `left`.
  const auto most = [&](int64_t tiles, int64_t blk, int64_t left) {
    for (int64_t x = tiles; x > 1; --x) {
      if (tiles % x == 0 && db(x, tiles) * x * blk <= left) return x;
    }
    return int64_t{1};
  };
  L1Groups g;
  if (m_first) {
    g.step_n = most(n_tiles, b_blk, room - db(1, m_tiles) * a_blk);
    g.step_m = most(m_tiles, a_blk, room - db(g.step_n, n_tiles) * g.step_n * b_blk);
  } else {
    g.step_m = most(m_tiles, a_blk, room - db(1, n_tiles) * b_blk);
    g.step_n = most(n_tiles, b_blk, room - db(g.step_m, m_tiles) * g.step_m * a_blk);
  }
  g.db_a = db(g.step_m, m_tiles);
  g.db_b = db(g.step_n, n_tiles);
  if ((g.db_a * g.step_m * a_blk + g.db_b * g.step_n * b_blk) > room) g.db_a = g.db_b = 1;
  return g;
}

// What the base K depends on: SetFixSplit's baseK (or <= 0), a fractal row's elements, the base
// M and N, the element bits of A and B, L0A and L0B bytes, the core's K.
struct BaseKInputs {
  int64_t fix_k, k0, bm, bn, sa, sb, l0a, l0b, single_k;  // sa, sb: bits
  const char* type_name;
  // K's alignment in L0A: 16 for float A transposed (its transposed load leaves K aligned to 16,
  // CANN's GetABaseWidthAlign), else k0; in L0B: 16 for float B as stored (its LoadData3DV2
  // fills K aligned to 16), else k0.
  int64_t a_k_align, b_k_align;
};

// Base K: as deep as double-buffered L0A and L0B allow, whole fractal rows, no deeper than K;
// *db the buffers per L0 (2 or 1). Why not, or "".
std::string ChooseBaseK(const BaseKInputs& in, int64_t* bk_out, int64_t* db_out) {
  int64_t db = 2;
  int64_t bk = in.fix_k > 0 ? in.fix_k : 0;
  if (bk == 0) {
    for (; db >= 1 && bk < in.k0; --db) {
      const int64_t fit_a = in.l0a * 8 / (db * in.bm * in.sa) / in.a_k_align * in.a_k_align;
      const int64_t fit =
          std::min(fit_a, in.l0b * 8 / (db * in.bn * in.sb) / in.b_k_align * in.b_k_align);
      bk = std::min(fit / in.k0 * in.k0, AlignUp(in.single_k, in.k0));
    }
    ++db;
  } else if (bk % in.k0 != 0) {
    return "baseK = " + std::to_string(bk) + " must be a multiple of " + std::to_string(in.k0) +
           " (32 B of " + in.type_name + ")";
  }
  const int64_t bk_a = AlignUp(bk, in.a_k_align);
  while (db >= 1 &&
         (in.bm * bk_a * in.sa * db > in.l0a * 8 || in.bn * bk * in.sb * db > in.l0b * 8)) {
    --db;
  }
  if (db < 1 || bk < in.k0) {
    return "baseM = " + std::to_string(in.bm) + ", baseN = " + std::to_string(in.bn) +
           ": not even one fractal column of K fits L0A (" + std::to_string(in.l0a) +
           " B) and L0B (" + std::to_string(in.l0b) + " B)";
  }
  *bk_out = bk;
  *db_out = db;
  return "";
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
  mDim = mDim_;
  nDim = nDim_;
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
// 310B) at the bias type's size; opsim's own tiling (the batch) a float row.
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
  const bool n_buffer33 =
      configParams_.scheduleType == ScheduleType::N_BUFFER_33 && CoreBudget() > 1;
  if (!(n_buffer33 ? PlanNBuffer33(t, CoreBudget()) : PlanBlocks(t))) return -1;
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
  return 0;
}

// opsim's own base block (BatchMatmulTiling): base M and N fixed by SetFixSplit, else up to
// 128 x 256 and shrunk until L0C holds them; base K as deep as L0A and L0B allow.
bool MatmulApiTiling::PlanOwnBase(const KernelTiling& t, int64_t l0c, int64_t* bm_out,
                                  int64_t* bn_out, int64_t* bk, int64_t* db) {
  const int64_t sa = ElemBits(a_.dataType), sb = ElemBits(b_.dataType);
  const int64_t k0 = 256 / sa;  // elements of a 32 B fractal row (64 for DT_INT4)
  int64_t bm = fixM_ > 0 ? fixM_ : std::min<int64_t>(AlignUp(t.singleCoreM, 16), 128);
  int64_t bn = fixN_ > 0 ? fixN_ : std::min<int64_t>(AlignUp(t.singleCoreN, 16), 256);
  while (bm * bn * 4 > l0c && fixM_ <= 0 && fixN_ <= 0 && (bm > 16 || bn > 16)) {
    (bm >= bn ? bm : bn) /= 2;
  }
  const BaseKInputs in{fixK_,
                       k0,
                       bm,
                       bn,
                       sa,
                       sb,
                       static_cast<int64_t>(l0a_),
                       static_cast<int64_t>(l0b_),
                       t.singleCoreK,
                       TypeName(a_.dataType),
                       a_.dataType == DataType::DT_FLOAT && a_.isTrans ? 16 : k0,
                       b_.dataType == DataType::DT_FLOAT && !b_.isTrans ? 16 : k0};
  if (std::string why = ChooseBaseK(in, bk, db); !why.empty()) return Fail(why);
  *bm_out = bm;
  *bn_out = bn;
  return true;
}

bool MatmulApiTiling::PlanBlocks(KernelTiling& t) {
  const int64_t sa = ElemBits(a_.dataType), sb = ElemBits(b_.dataType);
  if (!SplitCores(t)) return false;
  const int64_t l0c = l0cBudget_ > 0 ? std::min<int64_t>(l0cBudget_, l0c_) : l0c_;
  const int64_t l1 = l1Budget_ > 0 ? std::min<int64_t>(l1Budget_, l1_) : l1_;
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
  int64_t bm = 0, bn = 0, bk = 0, db_a = 0, db_b = 0;
  if (coreFrac_[0] > 0) {
    if (!PlanCannBase(&bm, &bn, &bk, &db_a, &db_b)) return false;
    t.baseM = static_cast<int32_t>(bm);
    t.baseN = static_cast<int32_t>(bn);
    t.baseK = static_cast<int32_t>(bk);
    t.dbL0A = static_cast<int32_t>(db_a);
    t.dbL0B = static_cast<int32_t>(db_b);
    return PlanCannL1(t);
  } else {
    if (!PlanOwnBase(t, l0c, &bm, &bn, &bk, &db_a)) return false;
    db_b = db_a;
  }
  const int64_t bias_bytes = isBias_ ? bn * 4 : 0;
  const int64_t block = (bm * bk * sa + bn * bk * sb) / 8;
  int64_t step = 0;
  int64_t depth_factor = 0;
  if (std::string why =
          ChooseL1Steps(t.singleCoreK, bk, block, bias_bytes, l1, &step, &depth_factor);
      !why.empty()) {
    return Fail(why);
  }
  t.baseM = static_cast<int32_t>(bm);
  t.baseN = static_cast<int32_t>(bn);
  t.baseK = static_cast<int32_t>(bk);
  L1Groups g{1, 1, depth_factor, depth_factor};
  if (step * bk >= t.singleCoreK) {  // K in one L1 load: groups of base blocks of M and N
    g = ChooseL1Groups(CeilDiv(t.singleCoreM, bm), CeilDiv(t.singleCoreN, bn),
                       step * bk * bm * sa / 8, step * bk * bn * sb / 8, l1 - bias_bytes,
                       t.iterateOrder == 0);
  }
  t.stepM = static_cast<int32_t>(g.step_m);
  t.stepN = static_cast<int32_t>(g.step_n);
  t.stepKa = t.stepKb = static_cast<int32_t>(step);
  t.depthA1 = static_cast<int32_t>(step * g.step_m * g.db_a);
  t.depthB1 = static_cast<int32_t>(step * g.step_n * g.db_b);
  t.dbL0A = static_cast<int32_t>(db_a);
  t.dbL0B = static_cast<int32_t>(db_b);
  return true;
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
