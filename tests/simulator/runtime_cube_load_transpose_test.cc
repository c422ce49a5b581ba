// LoadDataWithTranspose (L1 -> L0A/L0B with square transposition) against a scalar model of the
// LoadDataWithTranspose page, in every element width it takes, and its faults.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

// The page's model: iteration r takes the square at (startIndex + r * srcStride) squares; 8-bit:
// two 16 x 32 fractals stacked (S[r][c], r < 32) -> T = S^T, T's rows 0-15 at the iteration's
// first fractal (r * (1 + dstGap) fractals), rows 16-31 at (1 + dstFracGap) fractals after it;
// 16-bit: the 16 x 16 fractal transposed to r * (1 + dstGap); 32-bit: the page's pseudocode
// (load_data_with_transpose.py, b32), 8 x 8 blocks: block (h, v) of the two source fractals
// (v: fractal, h: its upper or lower 8 rows) goes transposed to output fractal h, rows 8v..8v+7.
void Model32(const uint8_t* s, uint8_t* d, size_t frac_gap) {
  for (size_t v = 0; v < 2; ++v) {
    for (size_t h = 0; h < 2; ++h) {
      const uint8_t* from = s + v * 512 + h * 256;
      uint8_t* to = d + h * (1 + frac_gap) * 512 + v * 256;
      for (size_t k = 0; k < 8; ++k) {
        for (size_t t = 0; t < 8; ++t) std::memcpy(to + (k * 8 + t) * 4, from + (t * 8 + k) * 4, 4);
      }
    }
  }
}

std::vector<uint8_t> Model(const std::vector<uint8_t>& l1, uint32_t eb,
                           const LoadData2dTransposeParams& p, size_t dst_bytes) {
  std::vector<uint8_t> out(dst_bytes, 0xEE);
  const size_t square = eb == 2 ? 512 : 1024;
  for (size_t r = 0; r < p.repeatTimes; ++r) {
    const uint8_t* s = l1.data() + (p.startIndex + r * p.srcStride) * square;
    uint8_t* d = out.data() + r * (1 + p.dstGap) * 512;
    if (eb == 4) {
      Model32(s, d, p.dstFracGap);
    } else if (eb == 1) {
      for (size_t row = 0; row < 32; ++row) {
        for (size_t col = 0; col < 32; ++col) {
          uint8_t* frac = d + (col < 16 ? 0 : (1 + p.dstFracGap) * 512);
          frac[(col % 16) * 32 + row] = s[row * 32 + col];
        }
      }
    } else {
      for (size_t row = 0; row < 16; ++row) {
        for (size_t col = 0; col < 16; ++col)
          std::memcpy(d + (col * 16 + row) * 2, s + (row * 16 + col) * 2, 2);
      }
    }
  }
  return out;
}

template <typename T>
void ExpectLikeModel(const LoadData2dTransposeParams& p, TPosition dst_pos) {
  constexpr size_t kL1 = 8 * 1024, kL0 = 8 * 1024;
  std::vector<uint8_t> l1(kL1);
  for (size_t i = 0; i < kL1; ++i) l1[i] = static_cast<uint8_t>(i * 7 + i / 256);
  std::vector<uint8_t> got(kL0);
  const LaunchResult r = testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    pipe.InitBuffer(a1, kL1);
    pipe.InitBuffer(a2, kL0);
    pipe.InitBuffer(b2, kL0);
    LocalTensor<T> src = a1.Get<T>();
    LocalTensor<T> dst = dst_pos == TPosition::A2 ? a2.Get<T>() : b2.Get<T>();
    std::memcpy(static_cast<void*>(src.data()), l1.data(), kL1);
    std::memset(static_cast<void*>(dst.data()), 0xEE, kL0);
    detail::HostWroteUb(src.ref());
    LoadDataWithTranspose(dst, src, p);
    PipeBarrier<PIPE_ALL>();
    std::memcpy(got.data(), static_cast<const void*>(dst.data()), kL0);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const std::vector<uint8_t> want = Model(l1, sizeof(T), p, kL0);
  for (size_t i = 0; i < kL0; ++i) {
    ASSERT_EQ(got[i], want[i]) << "byte " << i << ", " << sizeof(T) * 8 << "-bit, repeat "
                               << int(p.repeatTimes) << ", dstGap " << p.dstGap;
  }
}

TEST(CubeLoadTranspose, EightBitSquaresLikeTheModel) {
  ExpectLikeModel<int8_t>({0, 3, 1, 1, 0}, TPosition::B2);      // the page's first figure
  ExpectLikeModel<int8_t>({0, 3, 1, 0, 2}, TPosition::B2);      // the second: interleaved
  ExpectLikeModel<uint8_t>({1, 2, 3, 2, 1, 0}, TPosition::A2);  // start, stride, both gaps
}

TEST(CubeLoadTranspose, SixteenBitFractalsLikeTheModel) {
  ExpectLikeModel<half>({0, 3, 1, 0, 0}, TPosition::B2);
  ExpectLikeModel<bfloat16_t>({2, 4, 2, 1, 5}, TPosition::A2);  // dstFracGap has no effect
  ExpectLikeModel<int16_t>({0, 1, 0, 0, 0}, TPosition::B2);
}

TEST(CubeLoadTranspose, ThirtyTwoBitSquaresLikeThePagesPseudocode) {
  ExpectLikeModel<float>({0, 3, 1, 1, 0}, TPosition::A2);  // the page's first 32-bit figure
  ExpectLikeModel<float>({0, 3, 1, 0, 2}, TPosition::A2);  // the second: dstFracGap 2
  ExpectLikeModel<int32_t>({1, 2, 2, 3, 1}, TPosition::B2);
  ExpectLikeModel<uint32_t>({0, 2, 0, 2, 0}, TPosition::B2);  // srcStride 0: the same square
  ExpectLikeModel<float>({0, 0, 1, 0, 0}, TPosition::A2);     // repeatTimes 0: a NOP
}

// The tail the tests below share: Mmad of m x n x k after the MTE1 loads, then C out to GM.
template <typename C, typename A, typename B>
void MmadAndCopyOut(const GlobalTensor<C>& gc, const LocalTensor<C>& co1, const LocalTensor<A>& la,
                    const LocalTensor<B>& lb, uint16_t m, uint16_t n, uint16_t k,
                    bool k_direction_align = false) {
  SetFlag<HardEvent::MTE1_M>(0);
  WaitFlag<HardEvent::MTE1_M>(0);
  MmadParams mm;
  mm.m = m;
  mm.n = n;
  mm.k = k;
  mm.kDirectionAlign = k_direction_align;
  Mmad(co1, la, lb, mm);
  SetFlag<HardEvent::M_FIX>(0);
  WaitFlag<HardEvent::M_FIX>(0);
  FixpipeParamsV220 fp;
  fp.mSize = m;
  fp.nSize = n;
  fp.srcStride = m;
  fp.dstStride = n;
  Fixpipe(gc, co1, fp);
}

// A float A^T (K x M in GM) as the mmad sample's scenario 3 brings it into L1 (ND -> ZZ: 16 x 8
// fractals, one row of them per 16 rows of K) becomes the ZZ A Mmad reads with kDirectionAlign.
TEST(CubeLoadTranspose, FloatATransposedFeedsMmad) {
  constexpr uint32_t kM = 32, kK = 32, kN = 16;
  std::vector<float> at(kK * kM), b(kN * kK), c(kM * kN);
  for (uint32_t i = 0; i < at.size(); ++i) at[i] = static_cast<float>(int(i % 7) - 3);
  for (uint32_t i = 0; i < b.size(); ++i) b[i] = static_cast<float>(int(i % 5) - 2);
  LaunchOptions o;
  o.checked = true;
  o.auto_sync = false;
  o.regions = {{at.data(), at.size() * 4, "a"},
               {b.data(), b.size() * 4, "b"},
               {c.data(), c.size() * 4, "c"}};
  const LaunchResult r = Launch(testing::TestDevice(), 1, o, [&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::B1> b1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(a1, kM * kK * 4);
    pipe.InitBuffer(a2, kM * kK * 4);
    pipe.InitBuffer(b1, kK * kN * 4);
    pipe.InitBuffer(b2, kK * kN * 4);
    pipe.InitBuffer(co1, kM * kN * 4);
    GlobalTensor<float> ga, gb, gc;
    ga.SetGlobalBuffer(at.data(), at.size());
    gb.SetGlobalBuffer(b.data(), b.size());
    gc.SetGlobalBuffer(c.data(), c.size());
    LocalTensor<float> la1 = a1.Get<float>(), lb1 = b1.Get<float>();
    LocalTensor<float> la2 = a2.Get<float>(), lb2 = b2.Get<float>();
    DataCopy(la1, ga, Nd2NzParams{kK / 16, 16, kM, 16 * kM, kM, 16, 1, 16 * kM});
    DataCopy(lb1, gb, Nd2NzParams{1, kN, kK, 0, kK, kN, 1, 0});  // B^T: N x K
    SetFlag<HardEvent::MTE2_MTE1>(0);
    WaitFlag<HardEvent::MTE2_MTE1>(0);
    // Square i of K row q: A^T's 16 x 16 block (k 16q.., m 16i..); out: A's ZZ row i.
    for (uint32_t i = 0; i < kM / 16; ++i) {
      LoadDataWithTranspose(la2[i * kK * 16], la1[i * 256],
                            LoadData2dTransposeParams{0, kK / 16, kM / 16, 1, 0});
    }
    LoadData(lb2, lb1, LoadData2DParams{0, kK / 8, 1, 0, 0, false, 0});
    MmadAndCopyOut(gc, co1.Get<float>(), la2, lb2, kM, kN, kK, true);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < kM; ++i) {
    for (uint32_t j = 0; j < kN; ++j) {
      float want = 0;
      for (uint32_t k = 0; k < kK; ++k) want += at[k * kM + i] * b[j * kK + k];  // b: B^T
      ASSERT_EQ(c[i * kN + j], want) << i << "," << j;
    }
  }
}

// An int8 B (K x N) as Nd2Nz leaves it in L1 (16 x 32 fractals down K) becomes the ZN layout
// Mmad reads: the Matmul's use of the instruction, checked end to end against the product.
TEST(CubeLoadTranspose, Int8BAsStoredFeedsMmad) {
  constexpr uint32_t kM = 16, kK = 64, kN = 32;
  std::vector<int8_t> a(kM * kK), b(kK * kN);
  for (uint32_t i = 0; i < a.size(); ++i) a[i] = static_cast<int8_t>(static_cast<int>(i % 7) - 3);
  for (uint32_t i = 0; i < b.size(); ++i) b[i] = static_cast<int8_t>(static_cast<int>(i % 5) - 2);
  std::vector<int32_t> c(kM * kN);
  LaunchOptions o;
  o.checked = true;
  o.auto_sync = false;
  o.regions = {{a.data(), a.size(), "a"}, {b.data(), b.size(), "b"}, {c.data(), c.size() * 4, "c"}};
  const LaunchResult r = Launch(testing::TestDevice(), 1, o, [&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::B1> b1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(a1, kM * kK);
    pipe.InitBuffer(b1, kK * kN);
    pipe.InitBuffer(a2, kM * kK);
    pipe.InitBuffer(b2, kK * kN);
    pipe.InitBuffer(co1, kM * kN * 4);
    GlobalTensor<int8_t> ga, gb;
    GlobalTensor<int32_t> gc;
    ga.SetGlobalBuffer(a.data(), a.size());
    gb.SetGlobalBuffer(b.data(), b.size());
    gc.SetGlobalBuffer(c.data(), c.size());
    LocalTensor<int8_t> la1 = a1.Get<int8_t>(), lb1 = b1.Get<int8_t>();
    LocalTensor<int8_t> la2 = a2.Get<int8_t>(), lb2 = b2.Get<int8_t>();
    DataCopy(la1, ga, Nd2NzParams{1, kM, kK, 0, kK, kM, 1, 0});
    DataCopy(lb1, gb, Nd2NzParams{1, kK, kN, 0, kN, kK, 1, 0});
    SetFlag<HardEvent::MTE2_MTE1>(0);
    WaitFlag<HardEvent::MTE2_MTE1>(0);
    LoadData(la2, la1, LoadData2DParams{0, kK / 32, 1, 0, 0, false, 0});
    // K x N in L1: 32 x 32 squares down K (kK / 32 of them); square q -> ZN row q of L0B,
    // its two fractals (n 0-15, 16-31) side by side.
    LoadDataWithTranspose(lb2, lb1, LoadData2dTransposeParams{0, kK / 32, 1, 1, 0});
    MmadAndCopyOut(gc, co1.Get<int32_t>(), la2, lb2, kM, kN, kK);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < kM; ++i) {
    for (uint32_t j = 0; j < kN; ++j) {
      int32_t want = 0;
      for (uint32_t k = 0; k < kK; ++k) want += int32_t{a[i * kK + k]} * b[k * kN + j];
      ASSERT_EQ(c[i * kN + j], want) << i << "," << j;
    }
  }
}

std::string FaultMessageOf(const std::function<void()>& kernel, FaultKind* kind,
                           const DeviceProfile& d = testing::TestDevice()) {
  LaunchOptions o;
  o.checked = true;
  const LaunchResult r = Launch(d, 1, o, kernel);
  if (!r.fault) return "no fault";
  *kind = r.fault->kind;
  return r.fault->instruction + ": " + r.fault->message;
}

template <typename T>
std::function<void()> LoadKernel(uint32_t l1_bytes, uint32_t l0_bytes,
                                 const LoadData2dTransposeParams& p, bool dst_in_l1 = false) {
  return [=] {
    TPipe pipe;
    TBuf<TPosition::A1> a1, a1b;
    TBuf<TPosition::B2> b2;
    pipe.InitBuffer(a1, l1_bytes);
    pipe.InitBuffer(a1b, l0_bytes);
    pipe.InitBuffer(b2, l0_bytes);
    LocalTensor<T> src = a1.Get<T>();
    detail::HostWroteUb(src.ref());
    LoadDataWithTranspose(dst_in_l1 ? a1b.Get<T>() : b2.Get<T>(), src, p);
  };
}

TEST(CubeLoadTranspose, Faults) {
  struct Case {
    const char* name;
    std::function<void()> kernel;
    FaultKind kind;
    const char* phrase;
  };
  const std::vector<Case> cases = {
      {"overlap", LoadKernel<int8_t>(2048, 2048, {0, 2, 1, 0, 0}), FaultKind::kInvalidArgument,
       "land on dst fractal 1"},
      {"32-bit overlap", LoadKernel<float>(4096, 4096, {0, 3, 1, 1, 1}),
       FaultKind::kInvalidArgument, "do not overlap"},
      {"32-bit src past L1", LoadKernel<float>(1024, 4096, {0, 2, 1, 1, 0}),
       FaultKind::kOutOfBoundsUb, "src accesses"},
      {"32-bit dstFracGap past L0B", LoadKernel<uint32_t>(1024, 1024, {0, 1, 1, 0, 1}),
       FaultKind::kOutOfBoundsUb, "dst accesses"},
      {"32-bit dst in L1", LoadKernel<int32_t>(1024, 1024, {0, 1, 1, 0, 0}, true),
       FaultKind::kInvalidArgument, "L0A (A2) or L0B (B2)"},
      {"src past L1", LoadKernel<int8_t>(1024, 4096, {0, 2, 1, 1, 0}), FaultKind::kOutOfBoundsUb,
       "src accesses"},
      {"dst past L0B", LoadKernel<half>(2048, 512, {0, 2, 1, 0, 0}), FaultKind::kOutOfBoundsUb,
       "dst accesses"},
      {"dstFracGap past L0B", LoadKernel<int8_t>(1024, 1024, {0, 1, 1, 0, 1}),
       FaultKind::kOutOfBoundsUb, "dst accesses"},
      {"dst in L1", LoadKernel<half>(512, 512, {0, 1, 1, 0, 0}, true), FaultKind::kInvalidArgument,
       "L0A (A2) or L0B (B2)"},
  };
  for (const Case& c : cases) {
    FaultKind kind{};
    const std::string msg = FaultMessageOf(c.kernel, &kind);
    EXPECT_EQ(kind, c.kind) << c.name << ": " << msg;
    EXPECT_NE(msg.find(c.phrase), std::string::npos) << c.name << ": " << msg;
  }
  DeviceProfile old = testing::TestDevice();
  old.architecture = "dav-2002";
  FaultKind kind{};
  const std::string msg = FaultMessageOf(LoadKernel<half>(512, 512, {0, 1, 1, 0, 0}), &kind, old);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("no transposing 2-D load"), std::string::npos) << msg;
}

// In checked mode the written state travels through the transposition: a square whose second
// fractal the kernel never filled leaves the matching half of every output row unwritten, and
// Mmad over it faults.
// Half of B's square was never written: the Mmad computes from garbage without a fault (as the
// chip does), its results stay unwritten, and reading them out is the fault.
TEST(CubeLoadTranspose, UnwrittenSourceGivesUnwrittenResults) {
  for (const bool whole : {true, false}) {
    std::vector<int32_t> out(16 * 32);
    LaunchOptions o;
    o.checked = true;
    o.regions = {testing::Region(out, "out")};
    const LaunchResult r = Launch(testing::TestDevice(), 1, o, [&] {
      TPipe pipe;
      TBuf<TPosition::A1> a1;
      TBuf<TPosition::A2> a2;
      TBuf<TPosition::B2> b2;
      TBuf<TPosition::CO1> co1;
      pipe.InitBuffer(a1, 1024);
      pipe.InitBuffer(a2, 512);
      pipe.InitBuffer(b2, 1024);
      pipe.InitBuffer(co1, 16 * 32 * 4);
      LocalTensor<int8_t> src = a1.Get<int8_t>(), la = a2.Get<int8_t>();
      detail::UbRef first = src.ref();  // the square's first fractal, or both
      first.bytes = whole ? 1024 : 512;
      detail::HostWroteUb(first);
      detail::HostWroteUb(la.ref());
      LoadDataWithTranspose(b2.Get<int8_t>(), src, LoadData2dTransposeParams{0, 1, 1, 0, 0});
      GlobalTensor<int32_t> g;
      g.SetGlobalBuffer(out.data(), out.size());
      MmadAndCopyOut(g, co1.Get<int32_t>(), la, b2.Get<int8_t>(), 16, 32, 32);
    });
    if (whole) {
      EXPECT_FALSE(r.fault.has_value()) << r.fault->ToString();
      continue;
    }
    ASSERT_TRUE(r.fault.has_value());
    EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead) << r.fault->ToString();
    EXPECT_NE(r.fault->message.find("or hold what Mmad computed from such bytes"),
              std::string::npos)
        << r.fault->ToString();
  }
}

}  // namespace
}  // namespace opsim::sim
