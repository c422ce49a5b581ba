// The high-level Matmul's input forms of session 38 (docs/CUBE.md, "Matmul input forms
// (session 38)"): A as a VECTOR (GEMV), A or B in TSCM, the triangular policies and the 4:2
// sparse B, each against an exact scalar model (small integers: every sum is exact), and their
// faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
#undef ASCENDC_CUBE_ONLY
#include "opsim/sim/launch_mix.h"
#include "simulator/sim_test_util.h"

namespace {

using namespace AscendC;
using opsim::sim::CoreType;
using opsim::sim::FaultKind;
using opsim::sim::LaunchOptions;
using opsim::sim::LaunchResult;

// A (M x K), B (K x N, or N x K transposed) and a bias row of small integers, so that every sum
// is exact in each type; C starts at a sentinel.
template <class T, class L>
struct FormData {
  int32_t m, n, k;
  bool trans_b;
  std::vector<T> a, b;
  std::vector<L> bias, c;
  std::vector<T> nz;         // an operand in NZ (TSCM), or the sparse B's dense N x K / 2
  std::vector<uint8_t> idx;  // the sparse B's index matrix (NZ, 16 x 8 B fractals)
  FormData(int32_t m_, int32_t n_, int32_t k_, bool tb)
      : m(m_),
        n(n_),
        k(k_),
        trans_b(tb),
        a(size_t(m_ * k_)),
        b(size_t(k_ * n_)),
        bias(size_t(n_)),
        c(size_t(m_ * n_), static_cast<L>(777.0f)) {
    for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<T>(static_cast<float>(int(i % 7) - 3));
    for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<T>(static_cast<float>(int(i % 5) - 2));
    for (size_t i = 0; i < bias.size(); ++i) bias[i] = static_cast<L>(float(int(i % 9) - 4));
  }
  double A(int32_t i, int32_t kk) const {
    return static_cast<double>(static_cast<float>(a[size_t(i * k + kk)]));
  }
  double B(int32_t kk, int32_t j) const {
    return static_cast<double>(static_cast<float>(b[size_t(trans_b ? j * k + kk : kk * n + j)]));
  }
  // "ok", or the first element of C that is not the product (plus the bias row); where `kept`
  // says so, C must still hold its sentinel.
  std::string Check(bool with_bias,
                    const std::function<bool(int32_t, int32_t)>& kept = nullptr) const {
    for (int32_t i = 0; i < m; ++i) {
      for (int32_t j = 0; j < n; ++j) {
        double want = with_bias ? static_cast<double>(static_cast<float>(bias[size_t(j)])) : 0;
        for (int32_t kk = 0; kk < k; ++kk) want += A(i, kk) * B(kk, j);
        if (kept && kept(i, j)) want = 777.0;
        const double got = static_cast<double>(static_cast<float>(c[size_t(i * n + j)]));
        if (got != want) {
          return "C[" + std::to_string(i) + "][" + std::to_string(j) +
                 "] = " + std::to_string(got) + ", expected " + std::to_string(want);
        }
      }
    }
    return "ok";
  }
};

// Runs `kernel` on one AIC of a chip of `arch` (`mix`: one MIX block of an AIC and two AIV, the
// 910B's split cores): "" or the fault's text (and kind).
template <class T, class L>
std::string FormRun(FormData<T, L>& d, const std::function<void()>& kernel,
                    FaultKind* kind = nullptr, const char* arch = nullptr, bool mix = false) {
  LaunchOptions o;
  o.checked = true;
  o.core_type = CoreType::kAic;
  o.regions = {{d.a.data(), d.a.size() * sizeof(T), "a"},
               {d.b.data(), d.b.size() * sizeof(T), "b"},
               {d.bias.data(), d.bias.size() * sizeof(L), "bias"},
               {d.c.data(), d.c.size() * sizeof(L), "c"}};
  if (!d.nz.empty()) o.regions.push_back({d.nz.data(), d.nz.size() * sizeof(T), "nz"});
  if (!d.idx.empty()) o.regions.push_back({d.idx.data(), d.idx.size(), "idx"});
  opsim::sim::DeviceProfile dev = opsim::sim::testing::TestDevice(mix ? 2 : 1);
  if (mix) dev.cube_cores = 1;
  if (arch != nullptr) dev.architecture = arch;
  const LaunchResult r =
      mix ? opsim::sim::LaunchMix(dev, 1, o, kernel) : opsim::sim::Launch(dev, 1, o, kernel);
  if (!r.fault) return "";
  if (kind != nullptr) *kind = r.fault->kind;
  return r.fault->ToString();
}

// A tiling of one core's m x n x k in baseM 16, baseN 16, baseK 64 blocks, two of K per load.
TCubeTiling FormTiling(int32_t m, int32_t n, int32_t k, bool bias) {
  TCubeTiling t;
  t.usedCoreNum = 1;
  t.M = t.singleCoreM = m;
  t.N = t.singleCoreN = n;
  t.Ka = t.Kb = t.singleCoreK = k;
  t.baseM = t.baseN = 16;
  t.baseK = 64;
  t.stepKa = t.stepKb = 2;
  t.depthA1 = t.depthB1 = 4;
  t.stepM = t.stepN = 1;
  t.dbL0A = t.dbL0B = 2;
  t.dbL0C = 1;
  t.isBias = bias ? 1 : 0;
  return t;
}

// GEMV: A (1 x K) as a CubeFormat::VECTOR, B as stored or transposed, with or without bias,
// by IterateAll or tile by tile; "ok" when C is the exact product.
template <class T, class L, const auto& kCfg = CFG_NORM>
std::string GemvCheck(int32_t n, int32_t k, bool trans_b, bool bias, bool tiles) {
  FormData<T, L> d(1, n, k, trans_b);
  const TCubeTiling t = FormTiling(1, n, k, bias);
  const std::string fault = FormRun(d, [&] {
    using AT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::VECTOR, T>;
    using BT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, T, true>;
    using CT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, L>;
    GlobalTensor<T> ga, gb;
    GlobalTensor<L> gc, gbias;
    ga.SetGlobalBuffer(d.a.data(), d.a.size());
    gb.SetGlobalBuffer(d.b.data(), d.b.size());
    gc.SetGlobalBuffer(d.c.data(), d.c.size());
    gbias.SetGlobalBuffer(d.bias.data(), d.bias.size());
    TPipe pipe;
    Matmul<AT, BT, CT, CT, kCfg> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetTensorA(ga);
    mm.SetTensorB(gb, trans_b);
    if (bias) mm.SetBias(gbias);
    if (tiles) {
      while (mm.Iterate()) mm.GetTensorC(gc);
    } else {
      mm.IterateAll(gc);
    }
    mm.End();
  });
  return fault.empty() ? d.Check(bias) : fault;
}

TEST(MatmulApi, GemvVectorAAgainstTheProduct) {
  // K in two L1 loads with a tail (224 = 128 + 96), N in tiles of 16 with a tail of 8.
  EXPECT_EQ((GemvCheck<half, float>(40, 224, false, false, false)), "ok");
  EXPECT_EQ((GemvCheck<half, float>(40, 224, true, true, true)), "ok");
  EXPECT_EQ((GemvCheck<bfloat16_t, float>(32, 128, false, true, false)), "ok");
  EXPECT_EQ((GemvCheck<float, float>(40, 224, false, true, false)), "ok");
  EXPECT_EQ((GemvCheck<float, float>(24, 128, true, false, true)), "ok");
  EXPECT_EQ((GemvCheck<int8_t, int32_t>(40, 256, false, true, false)), "ok");
  EXPECT_EQ((GemvCheck<int8_t, int32_t>(48, 192, true, false, true)), "ok");
  EXPECT_EQ((GemvCheck<half, float, CFG_MDL>(40, 128, false, true, false)), "ok");
}

TEST(MatmulApiFaults, GemvMisuseIsReported) {
  using VecA = MatmulType<AscendC::TPosition::GM, ::CubeFormat::VECTOR, half, true>;
  using HB = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>;
  using FC = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>;
  FormData<half, float> d(2, 32, 64, false);
  FaultKind kind{};
  const auto run = [&](int32_t single_m, bool trans_a, const char* arch) {
    const TCubeTiling t = FormTiling(single_m, 32, 64, false);
    return FormRun(
        d,
        [&] {
          GlobalTensor<half> ga, gb;
          GlobalTensor<float> gc;
          ga.SetGlobalBuffer(d.a.data(), d.a.size());
          gb.SetGlobalBuffer(d.b.data(), d.b.size());
          gc.SetGlobalBuffer(d.c.data(), d.c.size());
          TPipe pipe;
          Matmul<VecA, HB, FC> mm;
          REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
          mm.SetTensorA(ga, trans_a);
          mm.SetTensorB(gb);
          mm.IterateAll(gc);
        },
        &kind, arch);
  };
  std::string msg = run(1, true, nullptr);  // CANN: "matrix A should not be transposed"
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("A transposed in CubeFormat::VECTOR"), std::string::npos) << msg;
  msg = run(2, false, nullptr);  // two rows: the chip's m = 1 Mmad computes one
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("the tile has 2 rows of M"), std::string::npos) << msg;
  msg = run(1, false, "dav-1001");  // the Matmul page: VECTOR on Atlas A2/A3 only
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("CubeFormat::VECTOR on"), std::string::npos) << msg;
}

// TrianUpperMatmulPolicy (upper) or TrianLowerMatmulPolicy: 64 x 64 x 64 in 16 x 32 tiles; the
// tiles outside the triangle keep C's sentinel.
template <template <const auto&, typename...> class P>
std::string TriangleCheck(bool upper, bool tiles, bool bias) {
  FormData<half, float> d(64, 64, 64, false);
  TCubeTiling t = FormTiling(64, 64, 64, bias);
  t.baseN = 32;
  const std::string fault = FormRun(d, [&] {
    using HT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>;
    using FT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>;
    GlobalTensor<half> ga, gb;
    GlobalTensor<float> gc, gbias;
    ga.SetGlobalBuffer(d.a.data(), d.a.size());
    gb.SetGlobalBuffer(d.b.data(), d.b.size());
    gc.SetGlobalBuffer(d.c.data(), d.c.size());
    gbias.SetGlobalBuffer(d.bias.data(), d.bias.size());
    TPipe pipe;
    Matmul<HT, HT, FT, FT, CFG_NORM, MatmulCallBackFunc<nullptr, nullptr, nullptr>, P> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetTensorA(ga);
    mm.SetTensorB(gb);
    if (bias) mm.SetBias(gbias);
    if (tiles) {
      while (mm.Iterate()) mm.GetTensorC(gc);
    } else {
      mm.IterateAll(gc);
    }
    mm.End();
  });
  if (!fault.empty()) return fault;
  return d.Check(
      bias, [upper](int32_t i, int32_t j) { return upper ? i / 16 > j / 32 : i / 16 < j / 32; });
}

TEST(MatmulApi, TriangularPoliciesCopyOutOneTriangle) {
  using AscendC::Impl::Detail::TrianLowerMatmulPolicy;
  using AscendC::Impl::Detail::TrianUpperMatmulPolicy;
  EXPECT_EQ(TriangleCheck<TrianUpperMatmulPolicy>(true, false, true), "ok");
  EXPECT_EQ(TriangleCheck<TrianUpperMatmulPolicy>(true, true, false), "ok");
  EXPECT_EQ(TriangleCheck<TrianLowerMatmulPolicy>(false, false, false), "ok");
  EXPECT_EQ(TriangleCheck<TrianLowerMatmulPolicy>(false, true, true), "ok");
  // CANN's chip table: not on the 910A ("Triangular Matmul is not supported on current device").
  FormData<half, float> d(16, 16, 32, false);
  FaultKind kind{};
  const std::string msg = FormRun(
      d,
      [&] {
        using HT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>;
        using FT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>;
        const TCubeTiling t = FormTiling(16, 16, 32, false);
        TPipe pipe;
        Matmul<HT, HT, FT, FT, CFG_NORM, MatmulCallBackFunc<nullptr, nullptr, nullptr>,
               TrianLowerMatmulPolicy>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
      },
      &kind, "dav-1001");
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("TrianLowerMatmulPolicy on"), std::string::npos) << msg;
}

// `rows` x `cols` row-major as NZ: rows padded to 16, columns in C0 blocks of `c0`, the blocks
// one after another (what the kernel copies into TSCM).
template <class T>
std::vector<T> ToNz(const std::vector<T>& v, int32_t rows, int32_t cols, bool transpose) {
  const int32_t c0 = 32 / static_cast<int32_t>(sizeof(T));
  const int32_t r_n = transpose ? cols : rows, c_n = transpose ? rows : cols;
  const int32_t rp = (r_n + 15) / 16 * 16, cp = (c_n + c0 - 1) / c0 * c0;
  std::vector<T> out(size_t(rp * cp), static_cast<T>(0.0f));
  for (int32_t r = 0; r < r_n; ++r) {
    for (int32_t c = 0; c < c_n; ++c) {
      const T x = transpose ? v[size_t(c * cols + r)] : v[size_t(r * cols + c)];
      out[size_t((c / c0) * rp * c0 + r * c0 + c % c0)] = x;
    }
  }
  return out;
}

// A (or B) in TPosition::TSCM as NZ, copied there from GM by the kernel (TSCM<TPosition::GM>),
// the other from GM; `in_l1` 0 for A, 1 for B; `trans` transposes it (A^T K x M, B^T N x K).
// `l1_bytes` below the block's NZ size gives the fault; "ok" when C is the exact product.
// `mix`: the kernel runs on sub-block 0's AIV of a MIX block, whose TSCM is its AIC's L1.
template <class T, class L, int kInL1>
std::string TscmCheck(int32_t m, int32_t n, int32_t k, bool trans, bool bias, uint32_t l1_bytes = 0,
                      FaultKind* kind = nullptr, bool mix = false) {
  FormData<T, L> d(m, n, k, kInL1 == 1 && trans);
  if (kInL1 == 0) d.nz = ToNz(d.a, m, k, trans);
  if (kInL1 == 1) d.nz = trans ? ToNz(d.b, n, k, false) : ToNz(d.b, k, n, false);
  const TCubeTiling t = FormTiling(m, n, k, bias);
  const std::string fault = FormRun(
      d,
      [&] {
        if (GetSubBlockIdx() != 0) return;
        using GT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, T, true>;
        using ST = MatmulType<AscendC::TPosition::TSCM, ::CubeFormat::NZ, T, true>;
        using AT = std::conditional_t<kInL1 == 0, ST, GT>;
        using BT = std::conditional_t<kInL1 == 1, ST, GT>;
        using CT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, L>;
        GlobalTensor<T> ga, gb, gnz;
        GlobalTensor<L> gc, gbias;
        ga.SetGlobalBuffer(d.a.data(), d.a.size());
        gb.SetGlobalBuffer(d.b.data(), d.b.size());
        gnz.SetGlobalBuffer(d.nz.data(), d.nz.size());
        gc.SetGlobalBuffer(d.c.data(), d.c.size());
        gbias.SetGlobalBuffer(d.bias.data(), d.bias.size());
        TPipe pipe;
        Matmul<AT, BT, CT, CT> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
        TSCM<AscendC::TPosition::GM, 1> scm;
        const auto bytes = static_cast<uint32_t>(d.nz.size() * sizeof(T));
        pipe.InitBuffer(scm, 1, l1_bytes != 0 ? l1_bytes : bytes);
        LocalTensor<T> l1 = scm.AllocTensor<T>();
        DataCopy(l1, gnz, std::min<uint32_t>(bytes, l1.GetSize() * sizeof(T)) / sizeof(T));
        scm.EnQue(l1);
        l1 = scm.DeQue<T>();
        if constexpr (kInL1 == 0) {
          mm.SetTensorA(l1, trans);
          mm.SetTensorB(gb);
        } else {
          mm.SetTensorA(ga);
          mm.SetTensorB(l1, trans);
        }
        if (bias) mm.SetBias(gbias);
        mm.IterateAll(gc);
        mm.End();
        scm.FreeTensor(l1);
      },
      kind, nullptr, mix);
  return fault.empty() ? d.Check(bias) : fault;
}

TEST(MatmulApi, TscmOperandsLoadFromL1) {
  // M, N tails (48 x 40 in 16 x 16 tiles), K in two base blocks per L1 load.
  EXPECT_EQ((TscmCheck<half, float, 0>(48, 40, 128, false, true)), "ok");
  EXPECT_EQ((TscmCheck<half, float, 0>(40, 32, 64, true, false)), "ok");
  EXPECT_EQ((TscmCheck<half, float, 1>(48, 40, 128, false, false)), "ok");
  EXPECT_EQ((TscmCheck<half, float, 1>(32, 40, 96, true, true)), "ok");
  EXPECT_EQ((TscmCheck<float, float, 0>(32, 48, 64, false, true)), "ok");
  EXPECT_EQ((TscmCheck<int8_t, int32_t, 1>(32, 48, 128, true, false)), "ok");
  FaultKind kind{};
  const std::string msg = TscmCheck<half, float, 0>(48, 32, 64, false, false, 4096, &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("A's TSCM tensor has 4096 B"), std::string::npos) << msg;
}

// asc-devkit's matmul_tscm: the AIV of a MIX block carves TSCM<TPosition::GM> and copies A (or
// B) into it; on the 910B that L1 is its AIC's, and the copy the AIC's MTE2 (CANN's
// ScmDataCopyMsg). Any other touch of it on the AIV is the fault that the AIV has no L1.
TEST(MatmulApi, TscmFilledByTheAivOfAMixBlock) {
  EXPECT_EQ((TscmCheck<half, float, 0>(48, 40, 128, false, true, 0, nullptr, true)), "ok");
  EXPECT_EQ((TscmCheck<half, float, 1>(32, 40, 96, true, true, 0, nullptr, true)), "ok");
  EXPECT_EQ((TscmCheck<float, float, 0>(32, 48, 64, true, false, 0, nullptr, true)), "ok");
  FaultKind kind{};
  std::string msg = TscmCheck<half, float, 0>(48, 32, 64, false, false, 4096, &kind, true);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("A's TSCM tensor has 4096 B"), std::string::npos) << msg;
  FormData<half, float> d(16, 16, 16, false);
  const auto mix_run = [&](int what) {
    return FormRun(
        d,
        [&] {
          if (GetSubBlockIdx() != 0) return;
          GlobalTensor<half> ga;
          ga.SetGlobalBuffer(d.a.data(), d.a.size());
          TPipe pipe;
          TSCM<AscendC::TPosition::GM, 1> scm;
          pipe.InitBuffer(scm, 1, 512);
          LocalTensor<half> l1 = scm.AllocTensor<half>();
          if (what == 0) DataCopy(l1, ga, 256);  // no Matmul registered: no AIC to carry it
          if (what == 1) Adds(l1, l1, static_cast<half>(1.0f), 256);
          TQue<AscendC::TPosition::A1, 1> q;
          if (what == 2) pipe.InitBuffer(q, 1, 512);
          scm.FreeTensor(l1);
          for (int i = 0; what == 3 && i < 3; ++i) {  // each TPipe gives its 300 KiB of L1 back
            TPipe each;
            TSCM<AscendC::TPosition::GM, 1> big;
            each.InitBuffer(big, 1, 300 * 1024);
          }
        },
        &kind, nullptr, true);
  };
  EXPECT_EQ(mix_run(3), "");
  msg = mix_run(0);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("REGIST_MATMUL_OBJ"), std::string::npos) << msg;
  msg = mix_run(1);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("the AIV core running this cannot reach it"), std::string::npos) << msg;
  msg = mix_run(2);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("has no L1"), std::string::npos) << msg;
}

// The sparse B (N x K, transposed): each group of four along K holds two non-zeros (or none),
// densified as the index page's table reads them back: positions (p0, p1) give indices (p0,
// p1 - 1); four 2-bit indices a byte, the first in the low bits; the index matrix as NZ.
void MakeSparse(FormData<int8_t, int32_t>& d) {
  const int32_t pairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
  const int32_t kd = d.k / 2, kbytes = d.k / 8, np = (d.n + 15) / 16 * 16;
  d.nz.assign(size_t(d.n * kd), 0);
  d.idx.assign(size_t(np * ((kbytes + 7) / 8 * 8)), 0);
  for (int32_t j = 0; j < d.n; ++j) {
    for (int32_t g = 0; g < d.k / 4; ++g) {
      const int32_t sel = (j * 7 + g * 3) % 7;  // 6: an empty group
      int8_t* row = d.b.data() + j * d.k + g * 4;
      std::fill(row, row + 4, int8_t{0});
      int32_t i0 = 0, i1 = 0;
      if (sel < 6) {
        const auto p0 = pairs[sel][0], p1 = pairs[sel][1];
        row[p0] = static_cast<int8_t>((j + g) % 5 - 2 == 0 ? 3 : (j + g) % 5 - 2);
        row[p1] = static_cast<int8_t>((j * g) % 3 + 1);
        d.nz[size_t(j * kd + 2 * g)] = row[p0];
        d.nz[size_t(j * kd + 2 * g + 1)] = row[p1];
        i0 = p0;
        i1 = p1 - 1;
      }
      for (int32_t e = 0; e < 2; ++e) {  // dense element 2g + e of row j
        const int32_t dk = 2 * g + e, byte = dk / 4;
        const auto at = size_t((byte / 8) * np * 8 + j * 8 + byte % 8);
        d.idx[at] = static_cast<uint8_t>(d.idx[at] | ((e == 0 ? i0 : i1) << (2 * (dk % 4))));
      }
    }
  }
}

// A (M x K int8_t) x the sparse B (its dense N x K / 2 and index) under CFG_MDL: "ok" when C is
// the product with the original B; `step_n` B's MDL group, `step_kb` K per B load in base
// blocks; `what` selects a misuse (1 no SetSparseIndex, 2 B as stored).
template <const auto& kCfg = CFG_MDL>
std::string SparseCheck(int32_t step_n, int32_t step_kb, int what = 0, FaultKind* kind = nullptr) {
  FormData<int8_t, int32_t> d(32, 48, 128, true);
  MakeSparse(d);
  TCubeTiling t = FormTiling(32, 48, 128, false);
  t.stepN = step_n;
  t.stepKb = step_kb;
  const std::string fault = FormRun(
      d,
      [&] {
        using AT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, int8_t>;
        using BT = SparseMatmulType<AscendC::TPosition::GM, AscendC::TPosition::GM,
                                    ::CubeFormat::ND, int8_t, true>;
        using CT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, int32_t>;
        GlobalTensor<int8_t> ga, gb;
        GlobalTensor<uint8_t> gi;
        GlobalTensor<int32_t> gc;
        ga.SetGlobalBuffer(d.a.data(), d.a.size());
        gb.SetGlobalBuffer(d.nz.data(), d.nz.size());
        gi.SetGlobalBuffer(d.idx.data(), d.idx.size());
        gc.SetGlobalBuffer(d.c.data(), d.c.size());
        TPipe pipe;
        Matmul<AT, BT, CT, CT, kCfg> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
        mm.SetTensorA(ga);
        mm.SetTensorB(gb, what != 2);
        if (what != 1) mm.SetSparseIndex(gi);
        mm.IterateAll(gc);
        mm.End();
      },
      kind);
  return fault.empty() ? d.Check(false) : fault;
}

TEST(MatmulApi, SparseBThroughLoadDataWithSparse) {
  EXPECT_EQ(SparseCheck(1, 1), "ok");  // K in two loads, one base block each
  EXPECT_EQ(SparseCheck(1, 2), "ok");  // K in one load, kept across the N tiles' M walk
  EXPECT_EQ(SparseCheck(2, 2), "ok");  // MDL groups of two base blocks of N
  FaultKind kind{};
  std::string msg = SparseCheck(1, 2, 1, &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("SetSparseIndex was not called"), std::string::npos) << msg;
  msg = SparseCheck(1, 2, 2, &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("SparseMatmulType, not transposed"), std::string::npos) << msg;
  msg = SparseCheck<CFG_NORM>(1, 2, 0, &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("under the Norm template"), std::string::npos) << msg;
}

// CANN's Init page: Init again sets the tiling anew. REGIST_MATMUL_OBJ with one tiling, a block,
// then Init with the same (the buffers stay) and with another (new ones), each block exact.
TEST(MatmulApi, InitAgainSetsTheTilingAnew) {
  FormData<half, float> d(32, 48, 64, false);
  const TCubeTiling t1 = FormTiling(32, 48, 64, true);
  TCubeTiling t2 = FormTiling(32, 48, 64, false);
  t2.baseM = 32;
  t2.baseN = 48;
  t2.stepKa = t2.stepKb = 1;
  std::string checks;
  const std::string fault = FormRun(d, [&] {
    using HT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, half>;
    using FT = MatmulType<AscendC::TPosition::GM, ::CubeFormat::ND, float>;
    GlobalTensor<half> ga, gb;
    GlobalTensor<float> gc, gbias;
    ga.SetGlobalBuffer(d.a.data(), d.a.size());
    gb.SetGlobalBuffer(d.b.data(), d.b.size());
    gc.SetGlobalBuffer(d.c.data(), d.c.size());
    gbias.SetGlobalBuffer(d.bias.data(), d.bias.size());
    TPipe pipe;
    Matmul<HT, HT, FT, FT> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t1);
    const TCubeTiling* tilings[3] = {&t1, &t1, &t2};
    for (int i = 0; i < 3; ++i) {
      const TCubeTiling* t = tilings[i];
      if (i > 0) {
        mm.Iterate();  // a tile held at the next Init is dropped
        mm.Init(t);
      }
      mm.SetTensorA(ga);
      mm.SetTensorB(gb);
      if (t->isBias != 0) mm.SetBias(gbias);
      mm.IterateAll(gc);
      checks += d.Check(t->isBias != 0) + " ";
    }
    mm.End();
  });
  EXPECT_EQ(fault, "");
  EXPECT_EQ(checks, "ok ok ok ");
}

}  // namespace
