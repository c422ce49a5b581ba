// The 4:2 structured-sparse Mmad (cube_sparse.h): LoadDataWithSparse + MmadWithSparse against a
// dense int8 matmul of the original sparse B (densified and indexed here as the index page's
// table says), over shapes with tails in m, n and k; the page's selection table pair by pair;
// the index buffer addressed by L0B offset; costs; and each rule as its fault.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

uint32_t SpUp(uint32_t v, uint32_t to) { return (v + to - 1) / to * to; }

// One sparse problem in the chip's layouts: A (m x k) ZZ, dense B (k/2 x n) ZN, its indices.
struct SpProblem {
  uint32_t m, n, k;
  std::vector<int8_t> a;      // row-major m x k
  std::vector<int8_t> b;      // original sparse B, row-major n x k (the sample's N x K)
  std::vector<int8_t> a_zz;   // L0A image
  std::vector<int8_t> bd_zn;  // L0B image
  std::vector<uint8_t> idx;   // index fractals, 128 B per B fractal
  uint32_t a_fractals = 0, b_fractals = 0;
};

// Densifies one group of four (the index page's table): the dense pair and its two indices.
void SpDensify(const int8_t* g, int8_t* dense, uint32_t* i0, uint32_t* i1) {
  uint32_t nz[4];
  uint32_t count = 0;
  for (uint32_t p = 0; p < 4; ++p) {
    if (g[p] != 0) nz[count++] = p;
  }
  dense[0] = dense[1] = 0;
  *i0 = *i1 = 0;
  if (count == 1 && nz[0] == 3) {  // 0 0 0 X: (0, 2), X second
    *i1 = 2;
    dense[1] = g[3];
  } else if (count == 1) {  // X at 0, 1 or 2: (p, 0), X first
    *i0 = nz[0];
    dense[0] = g[nz[0]];
  } else if (count >= 2) {
    *i0 = nz[0];
    *i1 = nz[1] - 1;
    dense[0] = g[nz[0]];
    dense[1] = g[nz[1]];
  }
}

SpProblem SpMake(uint32_t m, uint32_t n, uint32_t k, uint32_t seed) {
  SpProblem p{m, n, k, {}, {}, {}, {}, {}};
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> val(-128, 127), pos(0, 3), cnt(0, 2);
  p.a.resize(size_t{m} * k);
  for (auto& x : p.a) x = static_cast<int8_t>(val(gen));
  p.b.assign(size_t{n} * k, 0);
  for (uint32_t j = 0; j < n; ++j) {
    for (uint32_t g = 0; g < k; g += 4) {
      for (int c = cnt(gen); c > 0; --c) {
        int8_t v = static_cast<int8_t>(val(gen));
        p.b[size_t{j} * k + g + pos(gen)] = v == 0 ? 1 : v;
      }
    }
  }
  const uint32_t mb = SpUp(m, 16) / 16, nb = SpUp(n, 16) / 16, ka = SpUp(k, 32) / 32;
  const uint32_t kd = k / 2, kb = SpUp(kd, 32) / 32;
  p.a_fractals = mb * ka;
  p.b_fractals = kb * nb;
  p.a_zz.assign(size_t{p.a_fractals} * 512, 0);
  for (uint32_t i = 0; i < m; ++i) {
    for (uint32_t c = 0; c < k; ++c) {
      p.a_zz[((i / 16) * ka + c / 32) * 512 + (i % 16) * 32 + c % 32] = p.a[size_t{i} * k + c];
    }
  }
  p.bd_zn.assign(size_t{p.b_fractals} * 512, 0);
  p.idx.assign(size_t{p.b_fractals} * 128, 0);
  for (uint32_t j = 0; j < n; ++j) {
    for (uint32_t r = 0; r < kd; r += 2) {
      int8_t dense[2];
      uint32_t i0 = 0, i1 = 0;
      SpDensify(&p.b[size_t{j} * k + r * 2], dense, &i0, &i1);
      const size_t o = ((r / 32) * nb + j / 16) * 512 + (j % 16) * 32 + r % 32;
      p.bd_zn[o] = dense[0];
      p.bd_zn[o + 1] = dense[1];
      p.idx[o / 4] |= static_cast<uint8_t>((i0 | i1 << 2) << (o % 4) * 2);  // LSB first
    }
  }
  return p;
}

// The scalar model: C = A x B^T over the original sparse B, int64 sums wrapped to int32.
std::vector<int32_t> SpReference(const SpProblem& p) {
  std::vector<int32_t> c(size_t{p.m} * p.n);
  for (uint32_t i = 0; i < p.m; ++i) {
    for (uint32_t j = 0; j < p.n; ++j) {
      int64_t acc = 0;
      for (uint32_t t = 0; t < p.k; ++t) acc += int64_t{p.a[i * p.k + t]} * p.b[j * p.k + t];
      c[size_t{i} * p.n + j] = static_cast<int32_t>(static_cast<uint32_t>(acc));
    }
  }
  return c;
}

struct SpKernel {
  SpKernel(const SpProblem* problem, int32_t* out) : p(problem), c(out) {}
  const SpProblem* p;
  int32_t* c;
  uint32_t sync = 7;        // bits: MTE2 -> MTE1, MTE1 -> M, M -> FIX flags
  bool split_load = false;  // B in two LoadDataWithSparse calls (startIndex on the second)
  bool accumulate = false;  // a second MmadWithSparse with cmatrixInitVal = false
  std::function<void(MmadParams&)> edit;

  void operator()() const {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::B1> b1, i1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    const uint32_t mp = SpUp(p->m, 16), np = SpUp(p->n, 16);
    pipe.InitBuffer(a1, p->a_fractals * 512);
    pipe.InitBuffer(b1, p->b_fractals * 512);
    pipe.InitBuffer(i1, p->b_fractals * 128);
    pipe.InitBuffer(a2, p->a_fractals * 512);
    pipe.InitBuffer(b2, p->b_fractals * 512);
    pipe.InitBuffer(co1, mp * np * 4);
    GlobalTensor<int8_t> ga, gb;
    GlobalTensor<uint8_t> gi;
    GlobalTensor<int32_t> gc;
    ga.SetGlobalBuffer(const_cast<int8_t*>(p->a_zz.data()), p->a_zz.size());
    gb.SetGlobalBuffer(const_cast<int8_t*>(p->bd_zn.data()), p->bd_zn.size());
    gi.SetGlobalBuffer(const_cast<uint8_t*>(p->idx.data()), p->idx.size());
    gc.SetGlobalBuffer(c, size_t{p->m} * p->n);
    LocalTensor<int8_t> la1 = a1.Get<int8_t>(), lb1 = b1.Get<int8_t>();
    LocalTensor<int8_t> la2 = a2.Get<int8_t>(), lb2 = b2.Get<int8_t>();
    LocalTensor<uint8_t> li1 = i1.Get<uint8_t>();
    LocalTensor<int32_t> lc = co1.Get<int32_t>();
    // Braces, as the asc-devkit sample writes it: DataCopyParams, not Nd2NzParams (CANN's
    // constructors make the 4-element list fit only the former).
    DataCopy(la1, ga, {1, static_cast<uint16_t>(p->a_fractals * 16), 0, 0});
    DataCopy(lb1, gb, DataCopyParams{1, static_cast<uint16_t>(p->b_fractals * 16), 0, 0});
    DataCopy(li1, gi, DataCopyParams{1, static_cast<uint16_t>(p->b_fractals * 4), 0, 0});
    if (sync & 1) {
      SetFlag<HardEvent::MTE2_MTE1>(0);
      WaitFlag<HardEvent::MTE2_MTE1>(0);
    }
    LoadData(la2, la1, LoadData2DParams{0, static_cast<uint8_t>(p->a_fractals), 1, 0, 0, false, 0});
    const uint32_t first = split_load ? p->b_fractals / 2 : p->b_fractals;
    LoadData2dParams lp;
    lp.repeatTimes = static_cast<uint8_t>(first);
    LoadDataWithSparse(lb2, lb1, li1, lp);
    if (first < p->b_fractals) {
      lp.startIndex = static_cast<uint16_t>(first);
      lp.repeatTimes = static_cast<uint8_t>(p->b_fractals - first);
      LoadDataWithSparse(lb2[first * 512], lb1, li1, lp);
    }
    if (sync & 2) {
      SetFlag<HardEvent::MTE1_M>(0);
      WaitFlag<HardEvent::MTE1_M>(0);
    }
    MmadParams mp_params{static_cast<uint16_t>(p->m),
                         static_cast<uint16_t>(p->n),
                         static_cast<uint16_t>(p->k),
                         false,
                         0,
                         false,
                         false,
                         false};
    if (edit) edit(mp_params);
    MmadWithSparse(lc, la2, lb2, mp_params);
    if (accumulate) {
      mp_params.cmatrixInitVal = false;
      MmadWithSparse(lc, la2, lb2, mp_params);
    }
    if (sync & 4) {
      SetFlag<HardEvent::M_FIX>(0);
      WaitFlag<HardEvent::M_FIX>(0);
    }
    FixpipeParamsV220 fp;
    fp.mSize = static_cast<uint16_t>(p->m);
    fp.nSize = static_cast<uint16_t>(p->n);
    fp.srcStride = static_cast<uint16_t>(mp);
    fp.dstStride = p->n;
    Fixpipe(gc, lc, fp);
  }
};

LaunchResult SpRun(const SpKernel& kernel, std::vector<int32_t>* c,
                   const DeviceProfile& d = testing::TestDevice()) {
  LaunchOptions o;
  o.checked = true;
  o.auto_sync = false;
  o.core_type = CoreType::kAic;
  const SpProblem& p = *kernel.p;
  o.regions = {testing::Region(p.a_zz, "a"), testing::Region(p.bd_zn, "b"),
               testing::Region(p.idx, "idx"), testing::Region(*c, "c")};
  return Launch(d, 1, o, kernel);
}

TEST(CubeSparse, MatchesTheDenseProductOfTheSparseB) {
  const uint32_t shapes[][3] = {
      {16, 16, 64}, {20, 24, 36}, {33, 40, 128}, {5, 17, 8}, {48, 16, 200}};
  uint32_t seed = 1;
  for (const auto& sh : shapes) {
    for (int variant = 0; variant < 2; ++variant) {
      const SpProblem p = SpMake(sh[0], sh[1], sh[2], seed++);
      std::vector<int32_t> c(size_t{p.m} * p.n, -1);
      SpKernel kernel{&p, c.data()};
      kernel.split_load = variant == 1 && p.b_fractals > 1;
      kernel.accumulate = variant == 1;
      const LaunchResult r = SpRun(kernel, &c);
      ASSERT_TRUE(r.status.ok()) << sh[0] << "x" << sh[1] << "x" << sh[2] << ": "
                                 << r.status.ToString();
      const auto want = SpReference(p);
      for (size_t i = 0; i < c.size(); ++i) {
        const int32_t w =
            variant == 1 ? static_cast<int32_t>(2u * static_cast<uint32_t>(want[i])) : want[i];
        ASSERT_EQ(c[i], w) << sh[0] << "x" << sh[1] << "x" << sh[2] << " variant " << variant
                           << " at " << i;
      }
    }
  }
}

// Each pair of the MmadWithSparse page's table, with both dense values non-zero so that the
// two picked positions show ("X/X": one element twice).
TEST(CubeSparse, SelectionTablePairByPair) {
  struct Row {
    uint32_t i0, i1, p0, p1;
  };
  const Row table[] = {{2, 2, 2, 3}, {1, 2, 1, 3}, {0, 2, 0, 3}, {1, 1, 1, 2},
                       {0, 1, 0, 2}, {0, 0, 0, 1}, {2, 0, 2, 2}, {1, 0, 1, 1}};
  for (const Row& row : table) {
    SpProblem p = SpMake(16, 16, 64, 99);
    for (size_t i = 0; i < p.bd_zn.size(); ++i) p.bd_zn[i] = static_cast<int8_t>(i % 2 ? 10 : 1);
    for (auto& x : p.idx) x = static_cast<uint8_t>((row.i0 | row.i1 << 2) * 0x11);
    std::vector<int32_t> c(256, -1);
    ASSERT_TRUE(SpRun(SpKernel{&p, c.data()}, &c).status.ok());
    for (uint32_t i = 0; i < 16; ++i) {
      for (uint32_t j = 0; j < 16; ++j) {
        int32_t want = 0;
        for (uint32_t g = 0; g < 64; g += 4) {
          want += p.a[i * 64 + g + row.p0] * 1 + p.a[i * 64 + g + row.p1] * 10;
        }
        ASSERT_EQ(c[i * 16 + j], want) << row.i0 << "," << row.i1 << " at " << i << "," << j;
      }
    }
  }
}

TEST(CubeSparse, CostsOnMte1AndM) {
  const SpProblem p = SpMake(32, 32, 128, 7);
  std::vector<int32_t> c(size_t{p.m} * p.n);
  const LaunchResult r = SpRun(SpKernel{&p, c.data()}, &c);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const DeviceProfile d = testing::TestDevice();
  // M: the dense K/2 product (32 x 32 x 64) at the int8 rate.
  EXPECT_DOUBLE_EQ(
      r.stats.pipes[static_cast<int>(Pipe::kM)].busy_ns,
      (d.instr_issue_cycles + 32.0 * 32 * 64 / d.cube_int8_macs_per_cycle) / d.clock_ghz);
  // MTE1: A's LoadData and the sparse load (B fractals + their index fractals).
  const double a_load = d.instr_issue_cycles + p.a_fractals * 512.0 / d.mte1_bytes_per_cycle;
  const double b_load =
      d.instr_issue_cycles + p.b_fractals * (512.0 + 128) / d.mte1_bytes_per_cycle;
  EXPECT_NEAR(r.stats.pipes[static_cast<int>(Pipe::kMte1)].busy_ns, (a_load + b_load) / d.clock_ghz,
              1e-9);
}

std::string SpFault(const SpKernel& kernel, FaultKind* kind,
                    const DeviceProfile& d = testing::TestDevice()) {
  std::vector<int32_t> c(size_t{kernel.p->m} * kernel.p->n);
  SpKernel k = kernel;
  k.c = c.data();
  const LaunchResult r = SpRun(k, &c, d);
  if (!r.fault) return "no fault";
  *kind = r.fault->kind;
  return r.fault->instruction + ": " + r.fault->message;
}

TEST(CubeSparse, OpenAndInvalidIndicesAndParamsAreFaults) {
  struct Case {
    const char* what;
    uint8_t idx_byte;  // 0: the problem's own indices
    std::function<void(MmadParams&)> edit;
    FaultKind kind;
    const char* says;
  };
  const std::vector<Case> cases = {
      {"index 3", 0x03, nullptr, FaultKind::kInvalidArgument, "an index is 0, 1 or 2"},
      {"pair (2, 1)", 0x06, nullptr, FaultKind::kUnsupported, "index pair (2, 1)"},
      {"k % 4", 0, [](MmadParams& m) { m.k = 62; }, FaultKind::kUnsupported, "k = 62"},
      {"kDirectionAlign", 0, [](MmadParams& m) { m.kDirectionAlign = true; },
       FaultKind::kInvalidArgument, "kDirectionAlign = true"},
      {"cmatrixSource", 0,
       [](MmadParams& m) {
         m.cmatrixInitVal = false;
         m.cmatrixSource = true;
       },
       FaultKind::kUnsupported, "cmatrixSource = true"},
      {"m > 4095", 0, [](MmadParams& m) { m.m = 4096; }, FaultKind::kInvalidArgument, "m = 4096"},
      {"unitFlag 1", 0, [](MmadParams& m) { m.unitFlag = 1; }, FaultKind::kInvalidArgument,
       "unitFlag"},
      {"fm too small", 0, [](MmadParams& m) { m.m = 64; }, FaultKind::kOutOfBoundsUb, "fm"},
      {"filter too small", 0, [](MmadParams& m) { m.n = 64; }, FaultKind::kOutOfBoundsUb, "filter"},
  };
  for (const Case& c : cases) {
    SpProblem p = SpMake(16, 16, 64, 3);
    if (c.idx_byte != 0) p.idx[5] = c.idx_byte;
    SpKernel k{&p, nullptr};
    k.edit = c.edit;
    FaultKind kind{};
    const std::string msg = SpFault(k, &kind);
    EXPECT_EQ(kind, c.kind) << c.what << ": " << msg;
    EXPECT_NE(msg.find(c.says), std::string::npos) << c.what << ": " << msg;
  }
  // Fields the page calls unused on Atlas A2 change nothing; m, n or k 0 is a NOP.
  const SpProblem p = SpMake(16, 16, 64, 4);
  std::vector<int32_t> c(256, -1);
  SpKernel k{&p, c.data()};
  k.edit = [](MmadParams& m) {
    m.fmOffset = 3;
    m.enSsparse = m.enWinogradA = m.enWinogradB = true;
  };
  ASSERT_TRUE(SpRun(k, &c).status.ok());
  EXPECT_EQ(c, SpReference(p));
}

TEST(CubeSparse, SyncChipAndUnloadedIndexAreFaults) {
  const SpProblem p = SpMake(16, 16, 64, 5);
  SpKernel unsynced{&p, nullptr};
  unsynced.sync = 5;  // no MTE1 -> M flag
  FaultKind kind{};
  std::string msg = SpFault(unsynced, &kind);
  EXPECT_EQ(kind, FaultKind::kMissingSync) << msg;
  EXPECT_EQ(msg.rfind("MmadWithSparse", 0), 0u) << msg;
  DeviceProfile old = testing::TestDevice();
  old.architecture = "dav-1001";
  kind = {};
  msg = SpFault(SpKernel{&p, nullptr}, &kind, old);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("Atlas A2/A3 only"), std::string::npos) << msg;
  // B loaded by a plain LoadData: the index buffer holds nothing loaded.
  const LaunchResult r = testing::RunOne([] {
    TPipe pipe;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(a2, 1024);
    pipe.InitBuffer(b2, 512);
    pipe.InitBuffer(co1, 1024);
    LocalTensor<int8_t> la = a2.Get<int8_t>(), lb = b2.Get<int8_t>();
    Fill(la.ReinterpretCast<int16_t>(), InitConstValueParams<int16_t>{1, 2, 0, 1});
    Fill(lb.ReinterpretCast<int16_t>(), InitConstValueParams<int16_t>{1, 1, 0, 1});
    SetFlag<HardEvent::MTE1_M>(0);
    WaitFlag<HardEvent::MTE1_M>(0);
    MmadWithSparse(co1.Get<int32_t>(), la, lb,
                   MmadParams{16, 16, 64, false, 0, false, false, false});
  });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead) << r.fault->message;
  EXPECT_NE(r.fault->message.find("never loaded by LoadDataWithSparse"), std::string::npos);
}

TEST(CubeSparse, LoadRulesAreFaults) {
  struct Case {
    const char* what;
    std::function<void(TPipe&)> body;
    FaultKind kind;
    const char* says;
  };
  const auto load = [](TPipe& pipe, TPosition dst_pos, uint32_t idx_offset, uint16_t start,
                       uint8_t reps) {
    TBuf<TPosition::B1> b1, i1;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::A2> a2;
    pipe.InitBuffer(b1, 1024);
    pipe.InitBuffer(i1, 256);
    pipe.InitBuffer(b2, 1024);
    pipe.InitBuffer(a2, 1024);
    LocalTensor<int8_t> dst = dst_pos == TPosition::A2 ? a2.Get<int8_t>() : b2.Get<int8_t>();
    LoadData2dParams lp;
    lp.startIndex = start;
    lp.repeatTimes = reps;
    LoadDataWithSparse(dst, b1.Get<int8_t>(), i1.Get<uint8_t>()[idx_offset], lp);
  };
  const std::vector<Case> cases = {
      {"dst in L0A", [&](TPipe& p) { load(p, TPosition::A2, 0, 0, 1); },
       FaultKind::kInvalidArgument, "B2 (L0B)"},
      {"idx misaligned", [&](TPipe& p) { load(p, TPosition::B2, 16, 0, 1); },
       FaultKind::kMisalignedCopy, "idx"},
      {"src past its buffer", [&](TPipe& p) { load(p, TPosition::B2, 0, 1, 2); },
       FaultKind::kOutOfBoundsUb, "src"},
      {"idx past its buffer", [&](TPipe& p) { load(p, TPosition::B2, 128, 0, 2); },
       FaultKind::kOutOfBoundsUb, "idx"},
  };
  for (const Case& c : cases) {
    const LaunchResult r = testing::RunOne([&] {
      TPipe pipe;
      c.body(pipe);
    });
    ASSERT_TRUE(r.fault.has_value()) << c.what;
    EXPECT_EQ(r.fault->kind, c.kind) << c.what << ": " << r.fault->message;
    EXPECT_NE(r.fault->message.find(c.says), std::string::npos)
        << c.what << ": " << r.fault->message;
  }
  // repeatTimes 0 is a NOP (the page): one issue on MTE1, nothing read.
  const LaunchResult r = testing::RunOne([&] {
    TPipe pipe;
    load(pipe, TPosition::B2, 0, 0, 0);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.stats.pipes[static_cast<int>(Pipe::kMte1)].instructions, 1u);
}

// CANN's templates read PrimT<T>: trait tensors take both instructions (unchecked: the
// operands are written straight into the memories).
TEST(CubeSparse, TakesTraitTensors) {
  const SpProblem p = SpMake(16, 16, 64, 8);
  std::vector<int32_t> c(256, -1);
  const LaunchResult r = testing::RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::B1> b1, i1;
        TBuf<TPosition::A2> a2;
        TBuf<TPosition::B2> b2;
        TBuf<TPosition::CO1> co1;
        pipe.InitBuffer(b1, 512);
        pipe.InitBuffer(i1, 128);
        pipe.InitBuffer(a2, 1024);
        pipe.InitBuffer(b2, 512);
        pipe.InitBuffer(co1, 1024);
        LocalTensor<TensorTrait<int8_t>> lb1 = b1.Get<TensorTrait<int8_t>>();
        LocalTensor<TensorTrait<uint8_t>> li1 = i1.Get<TensorTrait<uint8_t>>();
        LocalTensor<TensorTrait<int8_t>> la = a2.Get<TensorTrait<int8_t>>();
        LocalTensor<TensorTrait<int8_t>> lb = b2.Get<TensorTrait<int8_t>>();
        LocalTensor<TensorTrait<int32_t>> lc = co1.Get<TensorTrait<int32_t>>();
        std::memcpy(lb1.ref().ptr, p.bd_zn.data(), 512);
        std::memcpy(li1.ref().ptr, p.idx.data(), 128);
        std::memcpy(la.ref().ptr, p.a_zz.data(), 1024);
        LoadData2dParams lp;
        lp.repeatTimes = 1;
        LoadDataWithSparse(lb, lb1, li1, lp);
        MmadWithSparse(lc, la, lb, MmadParams{16, 16, 64, false, 0, false, false, false});
        for (uint32_t i = 0; i < 16; ++i) {
          std::memcpy(&c[i * 16], lc.ref().ptr + i * 64, 64);  // one NZ fractal: rows of 16
        }
      },
      false);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(c, SpReference(p));
}

}  // namespace
}  // namespace opsim::sim
