// The Matmul's output forms (docs/CUBE.md, "Matmul output forms (session 38)"): C in
// CubeFormat::NZ (with and without the channel split's 16 x 8 fractals), in ND_ALIGN, and in the
// kernel's own L0C (TPosition::CO1), each against the scalar model over tiles with tails in M
// and N, B as stored and transposed, with a bias; IterateBatch's NZ and ND_ALIGN C (session 39);
// and the forms still refused.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#define ASCENDC_CUBE_ONLY
#include "lib/matmul_intf.h"
#undef ASCENDC_CUBE_ONLY
#include "opsim/sim/launch_mix.h"
#include "simulator/cube_matmul_model.h"
#include "simulator/sim_test_util.h"

// A named namespace: the test files compile in unity batches.
namespace matmul_output_test {

using namespace AscendC;
using opsim::sim::CoreType;
using opsim::sim::FaultKind;
using opsim::sim::LaunchOptions;
using opsim::sim::LaunchResult;
using opsim::sim::cube_model::MatmulReference;
using opsim::sim::cube_model::MmShape;
using opsim::sim::cube_model::SmallInts;

// M and N each in a whole base block and a tail (40 = 32 + 8, 54 = 32 + 22).
TCubeTiling OutTiling(int32_t m, int32_t n, int32_t k) {
  TCubeTiling t;
  t.usedCoreNum = 1;
  t.M = t.singleCoreM = m;
  t.N = t.singleCoreN = n;
  t.Ka = t.Kb = t.singleCoreK = k;
  t.baseM = t.baseN = 32;
  t.baseK = 16;
  t.depthA1 = t.depthB1 = t.stepKa = t.stepKb = 1;
  t.stepM = t.stepN = 1;
  t.dbL0A = t.dbL0B = t.dbL0C = 1;
  t.isBias = 1;
  return t;
}

// One AIC runs `kernel` over A (m x k), B (k x n, or n x k transposed) and the bias; `c` is
// C's GM. The fault's text, or "".
struct OutCase {
  MmShape s;
  std::vector<half> a, b;
  std::vector<float> bias;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gbias;
  OutCase(uint32_t m, uint32_t n, uint32_t k, bool trans_b)
      : s{m, k, n, trans_b},
        a(SmallInts<half>(size_t{m} * k, 1)),
        b(SmallInts<half>(size_t{k} * n, 2)),
        bias(n) {
    for (uint32_t j = 0; j < n; ++j) bias[j] = float(int(j % 9) - 4);
  }
  template <class T>
  std::string Run(std::vector<T>& c, const std::function<void(GlobalTensor<T>&)>& kernel,
                  FaultKind* kind = nullptr) {
    LaunchOptions o;
    o.checked = true;
    o.core_type = CoreType::kAic;
    o.regions = {{a.data(), a.size() * 2, "a"},
                 {b.data(), b.size() * 2, "b"},
                 {bias.data(), bias.size() * 4, "bias"},
                 {c.data(), c.size() * sizeof(T), "c"}};
    const LaunchResult r = opsim::sim::Launch(opsim::sim::testing::TestDevice(1), 1, o, [&] {
      ga.SetGlobalBuffer(a.data(), a.size());
      gb.SetGlobalBuffer(b.data(), b.size());
      gbias.SetGlobalBuffer(bias.data(), bias.size());
      GlobalTensor<T> gc;
      gc.SetGlobalBuffer(c.data(), c.size());
      kernel(gc);
    });
    if (!r.fault) return "";
    if (kind != nullptr) *kind = r.fault->kind;
    return r.fault->ToString();
  }
  // C[i][j] against the model, at `at(i, j)` in c.
  template <class T>
  std::string Check(const std::vector<T>& c, const std::function<size_t(uint32_t, uint32_t)>& at) {
    const std::vector<double> p = MatmulReference(s, a, b);
    for (uint32_t i = 0; i < s.m; ++i) {
      for (uint32_t j = 0; j < s.n; ++j) {
        const double want = p[size_t{i} * s.n + j] + bias[j];
        if (static_cast<double>(static_cast<float>(c[at(i, j)])) != want) {
          return "C[" + std::to_string(i) + "][" + std::to_string(j) +
                 "] = " + std::to_string(static_cast<float>(c[at(i, j)])) + ", expected " +
                 std::to_string(want);
        }
      }
    }
    return "ok";
  }
};

using HalfGm = MatmulType<TPosition::GM, ::CubeFormat::ND, half>;
using BiasGm = MatmulType<TPosition::GM, ::CubeFormat::ND, float>;

// C of T in `Format` by IterateAll (or Iterate + GetTensorC with `tiles`).
template <::CubeFormat Format, class T, const auto& kCfg = CFG_NORM>
std::string OutRun(OutCase& d, std::vector<T>& c, bool tiles, FaultKind* kind = nullptr) {
  const TCubeTiling t = OutTiling(int32_t(d.s.m), int32_t(d.s.n), int32_t(d.s.k));
  return d.Run<T>(
      c,
      [&](GlobalTensor<T>& gc) {
        TPipe pipe;
        Matmul<HalfGm, HalfGm, MatmulType<TPosition::GM, Format, T>, BiasGm, kCfg> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
        mm.SetTensorA(d.ga);
        mm.SetTensorB(d.gb, d.s.trans_b);
        mm.SetBias(d.gbias);
        if (tiles) {
          while (mm.Iterate()) mm.GetTensorC(gc);
        } else {
          mm.IterateAll(gc);
        }
        mm.End();
      },
      kind);
}

TEST(MatmulApi, NzOutputAgainstTheModel) {
  for (bool trans_b : {false, true}) {
    for (bool tiles : {false, true}) {
      OutCase d(40, 54, 48, trans_b);
      // Fractal columns of 16 results, orgM = 40 rows each; the last one's padding too.
      std::vector<float> c(4 * 40 * 16, -1.0f);
      ASSERT_EQ(OutRun<::CubeFormat::NZ>(d, c, tiles), "");
      EXPECT_EQ(d.Check(c, [](uint32_t i, uint32_t j) { return j / 16 * 640 + i * 16 + j % 16; }),
                "ok");
    }
  }
  OutCase d(40, 54, 48, false);  // half C: the same fractals of 2 B results
  std::vector<half> c(4 * 40 * 16, half(-1.0f));
  ASSERT_EQ(OutRun<::CubeFormat::NZ>(d, c, false), "");
  EXPECT_EQ(d.Check(c, [](uint32_t i, uint32_t j) { return j / 16 * 640 + i * 16 + j % 16; }),
            "ok");
}

constexpr MatmulConfig SplitCfg() {
  MatmulConfig c = CFG_NORM;
  c.isEnableChannelSplit = true;
  return c;
}
constexpr MatmulConfig kSplit = SplitCfg();

TEST(MatmulApi, ChannelSplitWritesSixteenByEightFractals) {
  for (bool tiles : {false, true}) {
    OutCase d(40, 54, 48, false);
    // Columns of 8 results, orgM aligned to 16 (48) rows each: 7 of them for 54 columns.
    std::vector<float> c(7 * 48 * 8, -1.0f);
    ASSERT_EQ((OutRun<::CubeFormat::NZ, float, kSplit>(d, c, tiles)), "");
    EXPECT_EQ(d.Check(c, [](uint32_t i, uint32_t j) { return j / 8 * 384 + i * 8 + j % 8; }), "ok");
  }
}

TEST(MatmulApi, NdAlignPadsRowsTo32Bytes) {
  for (bool trans_b : {false, true}) {
    OutCase d(40, 54, 48, trans_b);
    std::vector<float> c(40 * 56, -1.0f);  // float rows of 54 padded to 56
    ASSERT_EQ(OutRun<::CubeFormat::ND_ALIGN>(d, c, trans_b), "");
    EXPECT_EQ(d.Check(c, [](uint32_t i, uint32_t j) { return size_t{i} * 56 + j; }), "ok");
  }
  OutCase d(40, 54, 48, false);
  std::vector<half> c(40 * 64, half(-1.0f));  // half rows padded to 64
  ASSERT_EQ(OutRun<::CubeFormat::ND_ALIGN>(d, c, false), "");
  EXPECT_EQ(d.Check(c, [](uint32_t i, uint32_t j) { return size_t{i} * 64 + j; }), "ok");
}

// IterateBatch with C in NZ or ND_ALIGN (NORMAL layout): batch j's C lands as IterateAll's C in
// that format, CANN's singleCoreM x singleCoreN results on (an NZ float C: N aligned to 16) from
// the last; the batches go out in order, so a later one overwrites where they overlap.
template <::CubeFormat Format>
std::string BatchOutRun(uint32_t batches, std::vector<float>& c, std::vector<half>& a,
                        std::vector<half>& b) {
  constexpr uint32_t m = 40, n = 54, k = 48;
  OutCase d(m * batches, n, k, false);
  d.a = a;
  d.b = b;
  TCubeTiling t = OutTiling(int32_t(m), int32_t(n), int32_t(k));
  t.isBias = 0;
  using HalfN = MatmulType<TPosition::GM, ::CubeFormat::ND, half, false, LayoutMode::NORMAL>;
  using OutN = MatmulType<TPosition::GM, Format, float, false, LayoutMode::NORMAL>;
  return d.Run<float>(c, [&](GlobalTensor<float>& gc) {
    TPipe pipe;
    Matmul<HalfN, HalfN, OutN, BiasGm> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetTensorA(d.ga);
    mm.SetTensorB(d.gb);
    mm.SetBatchNum(int32_t(batches), int32_t(batches));
    mm.IterateBatch(gc, false, 0, false);
    mm.End();
  });
}

// Each result's last writer among the batches (place(batch, i, j) for j up to `cols`, the
// padding columns included) must hold its product.
std::string BatchCheck(uint32_t batches, uint32_t cols, const std::vector<float>& c,
                       const std::vector<half>& a, const std::vector<half>& b,
                       const std::function<size_t(uint32_t, uint32_t, uint32_t)>& place) {
  constexpr uint32_t m = 40, n = 54, k = 48;
  std::vector<int64_t> writer(c.size(), -1);
  for (uint32_t x = 0; x < batches; ++x) {
    for (uint32_t i = 0; i < m; ++i) {
      for (uint32_t j = 0; j < cols; ++j) writer[place(x, i, j)] = (int64_t{x} * m + i) * 64 + j;
    }
  }
  std::vector<std::vector<double>> p;
  for (uint32_t x = 0; x < batches; ++x) {
    const std::vector<half> ax(a.begin() + x * m * k, a.begin() + (x + 1) * m * k);
    const std::vector<half> bx(b.begin() + x * k * n, b.begin() + (x + 1) * k * n);
    p.push_back(MatmulReference(MmShape{m, k, n, false}, ax, bx));
  }
  for (size_t at = 0; at < c.size(); ++at) {
    if (writer[at] < 0 || writer[at] % 64 >= n) continue;
    const auto x = static_cast<uint32_t>(writer[at] / 64 / m);
    const auto i = static_cast<uint32_t>(writer[at] / 64 % m);
    const auto j = static_cast<uint32_t>(writer[at] % 64);
    const double want = p[x][size_t{i} * n + j];
    if (static_cast<double>(c[at]) != want) {
      return "batch " + std::to_string(x) + " C[" + std::to_string(i) + "][" + std::to_string(j) +
             "] = " + std::to_string(c[at]) + ", expected " + std::to_string(want);
    }
  }
  return "ok";
}

TEST(MatmulApi, BatchNzAndNdAlignOutput) {
  constexpr uint32_t batches = 2;
  std::vector<half> a = SmallInts<half>(batches * 40 * 48, 3),
                    b = SmallInts<half>(batches * 48 * 54, 4);
  // NZ: 4 fractal columns of 40 rows a batch, 40 x 64 results apart: no overlap.
  std::vector<float> nz(batches * 40 * 64, -1.0f);
  ASSERT_EQ(BatchOutRun<::CubeFormat::NZ>(batches, nz, a, b), "");
  EXPECT_EQ(BatchCheck(batches, 64, nz, a, b,
                       [](uint32_t x, uint32_t i, uint32_t j) {
                         return size_t{x} * 2560 + j / 16 * 640 + i * 16 + j % 16;
                       }),
            "ok");
  // ND_ALIGN: rows of 56, 40 x 54 results apart: batch 1 overwrites batch 0's last row and more.
  std::vector<float> nd(40 * 54 + 40 * 56, -1.0f);
  ASSERT_EQ(BatchOutRun<::CubeFormat::ND_ALIGN>(batches, nd, a, b), "");
  EXPECT_EQ(BatchCheck(batches, 56, nd, a, b,
                       [](uint32_t x, uint32_t i, uint32_t j) {
                         return size_t{x} * 2160 + size_t{i} * 56 + j;
                       }),
            "ok");
}

// matmul_co1_output's form: each tile into the kernel's L0C tensor, baseM x baseN apart (or, by
// IterateAll, whole fractals apart), then the kernel's own Fixpipe of the row of tiles.
std::string Co1Run(OutCase& d, std::vector<float>& c, bool all, uint32_t l0c_elems,
                   FaultKind* kind = nullptr) {
  const TCubeTiling t = OutTiling(int32_t(d.s.m), int32_t(d.s.n), int32_t(d.s.k));
  return d.Run<float>(
      c,
      [&](GlobalTensor<float>& gc) {
        TPipe pipe;
        using Co1 = MatmulType<TPosition::CO1, ::CubeFormat::NZ, float>;
        Matmul<HalfGm, HalfGm, Co1, BiasGm> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
        mm.SetTensorA(d.ga);
        mm.SetTensorB(d.gb, d.s.trans_b);
        mm.SetBias(d.gbias);
        TQue<TPosition::CO1, 1> co1;
        pipe.InitBuffer(co1, 1, l0c_elems * 4);
        LocalTensor<float> l0c = co1.AllocTensor<float>();
        if (all) {
          mm.IterateAll(l0c);
        } else {
          for (uint32_t at = 0; mm.Iterate(false, l0c[at]); at += 32 * 32) mm.GetTensorC(l0c);
        }
        FixpipeParamsV220 f;
        f.mSize = static_cast<uint16_t>(d.s.m);
        f.nSize = static_cast<uint16_t>(d.s.n);
        f.srcStride = 32;
        f.dstStride = d.s.n;
        co1.EnQue(l0c);
        co1.DeQue<float>();
        Fixpipe<float, float, CFG_ROW_MAJOR>(gc, l0c, f);
        co1.FreeTensor(l0c);
        mm.End();
      },
      kind);
}

TEST(MatmulApi, Co1OutputLeavesTilesInTheKernelsL0C) {
  for (bool all : {false, true}) {
    for (bool trans_b : {false, true}) {
      OutCase d(32, 54, 48, trans_b);  // one row of tiles: 32 and 22 columns
      std::vector<float> c(32 * 54, -1.0f);
      ASSERT_EQ(Co1Run(d, c, all, 32 * 64), "");
      EXPECT_EQ(d.Check(c, [](uint32_t i, uint32_t j) { return size_t{i} * 54 + j; }), "ok");
    }
  }
}

// MIX: C in NZ into an AIV's Unified Buffer: each tile in fractal columns Up16(rows) apart (the
// packed NZ form), which the AIV copies to slot `tile` of C's GM (baseM x baseN floats each).
TEST(MatmulApi, NzTilesReachTheVectorCores) {
  OutCase d(40, 54, 48, false);
  const TCubeTiling t = OutTiling(40, 54, 48);
  std::vector<float> c(4 * 32 * 32, -1.0f);
  LaunchOptions o;
  o.checked = true;
  o.regions = {{d.a.data(), d.a.size() * 2, "a"},
               {d.b.data(), d.b.size() * 2, "b"},
               {d.bias.data(), d.bias.size() * 4, "bias"},
               {c.data(), c.size() * 4, "c"}};
  opsim::sim::DeviceProfile dev = opsim::sim::testing::TestDevice(2);
  dev.cube_cores = 1;  // split cores: one AIC for the two AIVs
  const LaunchResult r = opsim::sim::LaunchMix(dev, 1, o, [&] {
    if (GetSubBlockIdx() != 0) return;
    d.ga.SetGlobalBuffer(d.a.data(), d.a.size());
    d.gb.SetGlobalBuffer(d.b.data(), d.b.size());
    d.gbias.SetGlobalBuffer(d.bias.data(), d.bias.size());
    GlobalTensor<float> gc;
    gc.SetGlobalBuffer(c.data(), c.size());
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> q;
    pipe.InitBuffer(q, 1, 32 * 32 * 4);
    Matmul<HalfGm, HalfGm, MatmulType<TPosition::VECIN, ::CubeFormat::NZ, float>, BiasGm> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    mm.SetTensorA(d.ga);
    mm.SetTensorB(d.gb);
    mm.SetBias(d.gbias);
    for (uint32_t tile = 0; mm.Iterate(); ++tile) {  // M first: (0, 0), (1, 0), (0, 1), (1, 1)
      LocalTensor<float> ub = q.AllocTensor<float>();
      mm.GetTensorC(ub, 0, true);
      q.EnQue(ub);
      ub = q.DeQue<float>();
      const uint32_t rows = tile % 2 == 0 ? 32 : 16;  // Up16 of 32 and 8
      DataCopy(gc[tile * 1024], ub, rows * 32);       // two fractal columns (32 and 22)
      q.FreeTensor(ub);
    }
    mm.End();
  });
  ASSERT_FALSE(r.fault) << r.fault->ToString();
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(d.Check(c,
                    [](uint32_t i, uint32_t j) {
                      const uint32_t tile = i / 32 + j / 32 * 2, rows = i < 32 ? 32 : 16;
                      return size_t{tile} * 1024 + j % 32 / 16 * rows * 16 + i % 32 * 16 + j % 16;
                    }),
            "ok");
}

// A DataCopyOut callback for C in NZ: CANN's parameters (dstStride orgM x 16 x 4 / 32 B,
// oriNSize 0, GM at the tile's NZ place), its own NZ Fixpipe of the tile.
uint32_t g_nz_strides = 0;  // the dstStride values seen, or'ed (one value expected)
void NzCopyOut(const __gm__ void* gm, const LocalTensor<int8_t>& co1Local,
               const void* dataCopyOutParams, const uint64_t, const uint64_t) {
  const auto* p = static_cast<const DataCopyOutParams*>(dataCopyOutParams);
  g_nz_strides |= p->dstStride | (p->oriNSize != 0 ? 1u << 30 : 0);
  GlobalTensor<float> dst;
  dst.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(const_cast<void*>(gm)));
  FixpipeParamsV220 f;
  f.nSize = static_cast<uint16_t>(p->cBurstNum * 16);
  f.mSize = static_cast<uint16_t>(p->burstLen / 2);  // rows x 16 floats in 32 B units
  f.srcStride = static_cast<uint16_t>((f.mSize + 15) / 16 * 16);
  f.dstStride = p->dstStride;
  f.unitFlag = p->enUnitFlag ? 3 : 0;
  Fixpipe<float, float, CFG_NZ>(dst, co1Local.ReinterpretCast<float>(), f);
}

TEST(MatmulApi, NzOutputThroughTheDataCopyOutCallback) {
  OutCase d(40, 54, 48, false);
  const TCubeTiling t = OutTiling(40, 54, 48);
  std::vector<float> c(4 * 40 * 16, -1.0f);
  g_nz_strides = 0;
  ASSERT_EQ(
      d.Run<float>(c,
                   [&](GlobalTensor<float>& gc) {
                     TPipe pipe;
                     Matmul<HalfGm, HalfGm, MatmulType<TPosition::GM, ::CubeFormat::NZ, float>,
                            BiasGm, CFG_NORM, MatmulCallBackFunc<NzCopyOut>>
                         mm;
                     REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
                     mm.SetTensorA(d.ga);
                     mm.SetTensorB(d.gb);
                     mm.SetBias(d.gbias);
                     mm.IterateAll(gc);
                     mm.End();
                   }),
      "");
  EXPECT_EQ(g_nz_strides, 80u);  // orgM 40 x 16 floats = 80 blocks of 32 B; oriNSize 0
  EXPECT_EQ(d.Check(c, [](uint32_t i, uint32_t j) { return j / 16 * 640 + i * 16 + j % 16; }),
            "ok");
}

// int8_t C in NZ (REQ8 of int32 accumulators, scale 1): fractal columns of 32 results (CANN's
// B8_C0SIZE, the Fixpipe's channel merge), with a tail in M.
TEST(MatmulApi, NzInt8OutputMergesChannels) {
  constexpr uint32_t kM = 40, kN = 64, kK = 64;
  std::vector<int8_t> a(kM * kK), b(kK * kN), c(kM * kN, int8_t{-99});
  for (size_t i = 0; i < a.size(); ++i) a[i] = int8_t(int(i % 3) - 1);
  for (size_t i = 0; i < b.size(); ++i) b[i] = int8_t(int(i * 7 % 3) - 1);
  TCubeTiling t = OutTiling(kM, kN, kK);
  t.baseK = 32;
  t.isBias = 0;
  LaunchOptions o;
  o.checked = true;
  o.core_type = CoreType::kAic;
  o.regions = {{a.data(), a.size(), "a"}, {b.data(), b.size(), "b"}, {c.data(), c.size(), "c"}};
  const LaunchResult r = opsim::sim::Launch(opsim::sim::testing::TestDevice(1), 1, o, [&] {
    using I8 = MatmulType<TPosition::GM, ::CubeFormat::ND, int8_t>;
    using I8Nz = MatmulType<TPosition::GM, ::CubeFormat::NZ, int8_t>;
    using I32 = MatmulType<TPosition::GM, ::CubeFormat::ND, int32_t>;
    GlobalTensor<int8_t> ga, gb, gc;
    ga.SetGlobalBuffer(a.data(), a.size());
    gb.SetGlobalBuffer(b.data(), b.size());
    gc.SetGlobalBuffer(c.data(), c.size());
    TPipe pipe;
    Matmul<I8, I8, I8Nz, I32> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
    const float one = 1.0f;
    uint32_t bits = 0;
    std::memcpy(&bits, &one, 4);
    mm.SetQuantScalar(bits | uint64_t{1} << 46);  // bit 46: signed int8_t results
    mm.SetTensorA(ga);
    mm.SetTensorB(gb);
    mm.IterateAll(gc);
    mm.End();
  });
  ASSERT_FALSE(r.fault) << r.fault->ToString();
  for (uint32_t i = 0; i < kM; ++i) {
    for (uint32_t j = 0; j < kN; ++j) {
      int want = 0;
      for (uint32_t k = 0; k < kK; ++k) want += a[i * kK + k] * b[k * kN + j];
      const size_t at = j / 32 * 32 * kM + i * 32 + j % 32;
      ASSERT_EQ(int(c[at]), want) << i << "," << j;
    }
  }
}

TEST(MatmulApiFaults, OutputFormsRefused) {
  FaultKind kind{};
  const auto expect = [&](const std::string& msg, const char* what, FaultKind want) {
    EXPECT_EQ(kind, want) << msg;
    EXPECT_NE(msg.find(what), std::string::npos) << msg;
  };
  const FaultKind u = FaultKind::kUnsupported, inv = FaultKind::kInvalidArgument;
  OutCase d(32, 54, 48, false);
  std::vector<half> ch(40 * 64);
  expect((OutRun<::CubeFormat::NZ, half, kSplit>(d, ch, false, &kind)),
         "isEnableChannelSplit = true with C of float16 in TPosition::GM", u);
  expect(OutRun<::CubeFormat::COLUMN_MAJOR>(d, ch, false, &kind),
         "C's MatmulType format CubeFormat::COLUMN_MAJOR", u);
  std::vector<float> c(32 * 54);
  // The second tile does not fit the kernel's L0C tensor (32 x 32 + 32 x 22 accumulators).
  expect(Co1Run(d, c, true, 32 * 48, &kind), "the 32 x 22 tile takes 4096 B", inv);
  // GetTensorC into GM of a C in CO1: the tile is the kernel's.
  const TCubeTiling t = OutTiling(32, 54, 48);
  const std::string msg = d.Run<float>(
      c,
      [&](GlobalTensor<float>& gc) {
        TPipe pipe;
        Matmul<HalfGm, HalfGm, MatmulType<TPosition::CO1, ::CubeFormat::NZ, float>, BiasGm> mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
        mm.SetTensorA(d.ga);
        mm.SetTensorB(d.gb);
        mm.IterateAll(gc);
      },
      &kind);
  expect(msg, "C in TPosition::CO1 has no L0C buffer of the Matmul's", inv);
}

}  // namespace matmul_output_test
