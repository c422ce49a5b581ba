// int4b_t on the 910B (docs/ASCENDC.md "int4b_t"): the type, tensors of packed nibbles (sizes,
// views, scalar access, the odd-offset faults), DataCopy's count form, and the cube path
// (DataCopy Nd2Nz in bytes, LoadData of 16 x 64 fractals, Mmad with int32 C, Fixpipe) against a
// scalar int4 matmul with tails, with its faults.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::Region;

// Host int4 data: element 2i in the low nibble of byte i.
std::vector<uint8_t> Int4Pack(const std::vector<int>& v) {
  std::vector<uint8_t> out((v.size() + 1) / 2, 0);
  for (size_t i = 0; i < v.size(); ++i) {
    out[i / 2] |= static_cast<uint8_t>((v[i] & 0xF) << (4 * (i % 2)));
  }
  return out;
}
std::vector<int> Int4Random(size_t n, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> dist(-8, 7);
  std::vector<int> v(n);
  for (auto& x : v) x = dist(gen);
  return v;
}
std::string Int4FaultOf(const LaunchResult& r, FaultKind* kind) {
  if (!r.fault) return "no fault";
  *kind = r.fault->kind;
  return r.fault->instruction + ": " + r.fault->message;
}

TEST(Int4Type, ValueSignAndComparisons) {
  static_assert(sizeof(int4b_t) == 1 && SizeOfBits<int4b_t>::value == 4);
  static_assert(IsHalfByteDataType<int4b_t>() && !IsHalfByteDataType<int8_t>());
  EXPECT_EQ(static_cast<int8_t>(int4b_t(7)), 7);
  EXPECT_EQ(static_cast<int8_t>(int4b_t(-8)), -8);
  EXPECT_EQ(static_cast<int8_t>(int4b_t(-1)), -1);
  EXPECT_EQ(int4b_t(-1).storage, 0xF);
  EXPECT_EQ(static_cast<int8_t>(int4b_t(9)), -7);  // the low four bits, as CANN's constructor
  EXPECT_EQ(static_cast<int8_t>(int4b_t(0x13u)), 3);
  EXPECT_TRUE(int4b_t(-8) < int4b_t(7));
  EXPECT_TRUE(int4b_t(-1) < int4b_t(0));
  EXPECT_TRUE(int4b_t(3) >= int4b_t(3) && int4b_t(3) <= int4b_t(3));
  EXPECT_TRUE(int4b_t(2) > int4b_t(-2) && int4b_t(2) != int4b_t(-2));
  EXPECT_TRUE(int4b_t(18) == int4b_t(2));
}

// Two elements a byte: sizes, nibble order, views at even offsets, scalar access in UB and GM.
TEST(Int4Tensor, PackedSizesViewsAndScalarAccess) {
  std::vector<uint8_t> gm = Int4Pack({1, -2, 3, -4, 5, -6, 7, -8});
  const LaunchResult r = testing::RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        LocalTensor<int4b_t> t = buf.Get<int4b_t>(128);
        EXPECT_EQ(t.GetSize(), 128u);
        EXPECT_EQ(buf.Get<int4b_t>().GetSize(), 128u);
        for (uint32_t i = 0; i < 128; ++i) t.SetValue(i, int4b_t(static_cast<int32_t>(i % 16) - 8));
        const LocalTensor<uint8_t> bytes = t.ReinterpretCast<uint8_t>();
        EXPECT_EQ(bytes.GetSize(), 64u);
        EXPECT_EQ(bytes.GetValue(0), 0x98);  // element 0 (-8) low, element 1 (-7) high
        t.SetValue(1, int4b_t(5));           // the other nibble kept
        EXPECT_EQ(bytes.GetValue(0), 0x58);
        const LocalTensor<int4b_t> view = t[10];
        EXPECT_EQ(view.GetSize(), 118u);
        EXPECT_EQ(static_cast<int8_t>(view.GetValue(1)), 3);  // element 11
        EXPECT_EQ(view.GetPhyAddr(), t.GetPhyAddr() + 5);
        GlobalTensor<int4b_t> g;
        g.SetGlobalBuffer(reinterpret_cast<int4b_t*>(gm.data()), 8);
        EXPECT_EQ(g.GetSize(), 8u);
        EXPECT_EQ(static_cast<int8_t>(g.GetValue(3)), -4);
        EXPECT_EQ(static_cast<int8_t>(g[4].GetValue(3)), -8);
        EXPECT_EQ(reinterpret_cast<uint8_t*>(g.GetPhyAddr(6)), gm.data() + 3);
        EXPECT_EQ(g(3).storage, 0x87);  // byte 3, as CANN's GlobalTensor::operator() indexes
        g.SetValue(2, int4b_t(-3));
      },
      true, {Region(gm, "gm")});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(gm[1], 0xCD);  // element 2 (-3) low, element 3 (-4) high
}

// A view, an address or a reference starts on a byte: an odd element offset is invalid_argument.
TEST(Int4Tensor, OddOffsetsFault) {
  std::vector<uint8_t> gm(32);
  const std::vector<std::pair<const char*, std::function<void()>>> cases = {
      {"LocalTensor::operator[]",
       [] {
         TPipe pipe;
         TBuf<TPosition::VECCALC> buf;
         pipe.InitBuffer(buf, 64);
         (void)buf.Get<int4b_t>()[3];
       }},
      {"LocalTensor::operator()",
       [] {
         TPipe pipe;
         TBuf<TPosition::VECCALC> buf;
         pipe.InitBuffer(buf, 64);
         (void)buf.Get<int4b_t>()(5);
       }},
      {"GlobalTensor::operator[]",
       [&] {
         GlobalTensor<int4b_t> g;
         g.SetGlobalBuffer(reinterpret_cast<int4b_t*>(gm.data()), 64);
         (void)g[7];
       }},
      {"GlobalTensor::GetPhyAddr",
       [&] {
         GlobalTensor<int4b_t> g;
         g.SetGlobalBuffer(reinterpret_cast<int4b_t*>(gm.data()), 64);
         (void)g.GetPhyAddr(1);
       }},
  };
  for (const auto& [what, kernel] : cases) {
    FaultKind kind{};
    const std::string msg = Int4FaultOf(testing::RunOne(kernel, true, {Region(gm, "gm")}), &kind);
    EXPECT_EQ(kind, FaultKind::kInvalidArgument) << what << ": " << msg;
    EXPECT_NE(msg.find(what), std::string::npos) << msg;
    EXPECT_NE(msg.find("is odd"), std::string::npos) << msg;
  }
}

// CANN's dav_c220 DataCopy(count) takes count / 32 blocks of 32 B for a 1-byte type, int4b_t
// included: count bytes, 2 x count elements. A buffer of count elements overflows.
TEST(Int4DataCopy, CountFormMovesCountBytes) {
  std::vector<uint8_t> in(128), out(128, 0);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<uint8_t>(i * 7 + 1);
  LaunchResult r = testing::RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 128);
        LocalTensor<int4b_t> t = buf.Get<int4b_t>();
        GlobalTensor<int4b_t> gi, go;
        gi.SetGlobalBuffer(reinterpret_cast<int4b_t*>(in.data()), 256);
        go.SetGlobalBuffer(reinterpret_cast<int4b_t*>(out.data()), 256);
        DataCopy(t, gi, 64);  // 64 bytes: elements 0-127
        DataCopy(t[128], gi[128], DataCopyParams{1, 2, 0, 0});
        PipeBarrier<PIPE_ALL>();
        DataCopy(go, t, 128);
      },
      true, {Region(in, "in"), Region(out, "out")});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(out, in);
  FaultKind kind{};
  r = testing::RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 64);
        GlobalTensor<int4b_t> gi;
        gi.SetGlobalBuffer(reinterpret_cast<int4b_t*>(in.data()), 256);
        DataCopy(buf.Get<int4b_t>(128), gi, 128);  // 128 bytes into 64
      },
      true, {Region(in, "in")});
  const std::string msg = Int4FaultOf(r, &kind);
  EXPECT_TRUE(kind == FaultKind::kOutOfBoundsUb || kind == FaultKind::kUbOverflow) << msg;
}

// Cast's count form: half -> int4b_t in each round mode, saturating (NaN 0), and back exactly.
TEST(Int4Cast, HalfToInt4AndBack) {
  const float in[] = {0.5f, 1.5f,  -2.5f, 2.7f,  -3.2f, 7.4f,  100.0f, -100.0f,
                      6.5f, -8.6f, 0.0f,  -0.5f, 3.5f,  -7.5f, 1e4f,   -0.2f};
  struct Want {
    RoundMode mode;
    int v[16];
  };
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const Want wants[] = {
      {RoundMode::CAST_RINT, {0, 2, -2, 3, -3, 7, 7, -8, 6, -8, 0, 0, 4, -8, 7, 0}},
      {RoundMode::CAST_NONE, {0, 2, -2, 3, -3, 7, 7, -8, 6, -8, 0, 0, 4, -8, 7, 0}},
      {RoundMode::CAST_FLOOR, {0, 1, -3, 2, -4, 7, 7, -8, 6, -8, 0, -1, 3, -8, 7, -1}},
      {RoundMode::CAST_CEIL, {1, 2, -2, 3, -3, 7, 7, -8, 7, -8, 0, 0, 4, -7, 7, 0}},
      {RoundMode::CAST_ROUND, {1, 2, -3, 3, -3, 7, 7, -8, 7, -8, 0, -1, 4, -8, 7, 0}},
      {RoundMode::CAST_TRUNC, {0, 1, -2, 2, -3, 7, 7, -8, 6, -8, 0, 0, 3, -7, 7, 0}},
  };
  for (const Want& w : wants) {
    std::vector<int> got(18), back(18);
    const LaunchResult r = testing::RunOne([&] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> bh, b4, bb;
      pipe.InitBuffer(bh, 64);
      pipe.InitBuffer(b4, 32);
      pipe.InitBuffer(bb, 64);
      LocalTensor<half> h = bh.Get<half>(), hb = bb.Get<half>();
      LocalTensor<int4b_t> q = b4.Get<int4b_t>();
      for (uint32_t i = 0; i < 16; ++i) h.SetValue(i, half(in[i]));
      h.SetValue(16, half(nan));
      h.SetValue(17, half(-1.0f));
      Duplicate(q.ReinterpretCast<uint16_t>(), static_cast<uint16_t>(0x7070), 16);
      PipeBarrier<PIPE_V>();
      Cast(q, h, w.mode, 18);  // an even count (the Cast page)
      PipeBarrier<PIPE_V>();
      Cast(hb, q, RoundMode::CAST_NONE, 18);
      PipeBarrier<PIPE_V>();
      for (uint32_t i = 0; i < 18; ++i) {
        got[i] = static_cast<int8_t>(q.GetValue(i));
        back[i] = static_cast<int>(static_cast<float>(hb.GetValue(i)));
      }
    });
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    for (int i = 0; i < 16; ++i) {
      EXPECT_EQ(got[i], w.v[i]) << "mode " << static_cast<int>(w.mode) << " element " << i;
    }
    EXPECT_EQ(got[16], 0);
    EXPECT_EQ(got[17], -1);
    EXPECT_EQ(back, got);
  }
}

TEST(Int4Cast, RefusedModesFault) {
  for (const bool to_int4 : {true, false}) {
    FaultKind kind{};
    const std::string msg = Int4FaultOf(testing::RunOne([&] {
                                          TPipe pipe;
                                          TBuf<TPosition::VECCALC> bh, b4;
                                          pipe.InitBuffer(bh, 256);
                                          pipe.InitBuffer(b4, 64);
                                          LocalTensor<half> h = bh.Get<half>();
                                          LocalTensor<int4b_t> q = b4.Get<int4b_t>();
                                          if (to_int4) {
                                            Cast(q, h, RoundMode::CAST_ODD, 128);
                                          } else {
                                            Cast(h, q, RoundMode::CAST_RINT, 128);
                                          }
                                        }),
                                        &kind);
    EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
    EXPECT_NE(msg.find(to_int4 ? "CAST_ODD" : "only support CAST_NONE"), std::string::npos) << msg;
  }
}

// --- The cube path -----------------------------------------------------------------------------

uint32_t Int4Up(uint32_t v, uint32_t to) { return (v + to - 1) / to * to; }

// CANN's mmad sample's int4b_t path: A (M x K) and B (N x K) rows in GM, DataCopy Nd2Nz in bytes
// (dValue K / 2: two elements a byte), LoadData of 16 x 64 fractals (512 B) into L0A as ZZ and
// L0B as ZN, Mmad into int32 L0C, Fixpipe out.
struct Int4MatmulKernel {
  uint32_t m, k, n;
  const uint8_t* a;
  const uint8_t* b;
  int32_t* c;
  uint32_t mmad_k = 0;  // 0: k
  bool transpose_load = false;

  void operator()() const {
    const uint32_t mp = Int4Up(m, 16), np = Int4Up(n, 16), kp = Int4Up(k, 64);
    const uint32_t mb = mp / 16, nb = np / 16, kb = kp / 64;
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::B1> b1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(a1, mp * kp / 2);
    pipe.InitBuffer(b1, np * kp / 2);
    pipe.InitBuffer(a2, mp * kp / 2);
    pipe.InitBuffer(b2, np * kp / 2);
    pipe.InitBuffer(co1, mp * np * 4);
    GlobalTensor<int4b_t> ga, gb;
    GlobalTensor<int32_t> gc;
    ga.SetGlobalBuffer(reinterpret_cast<int4b_t*>(const_cast<uint8_t*>(a)), m * k);
    gb.SetGlobalBuffer(reinterpret_cast<int4b_t*>(const_cast<uint8_t*>(b)), n * k);
    gc.SetGlobalBuffer(c, m * n);
    LocalTensor<int4b_t> la1 = a1.Get<int4b_t>(), lb1 = b1.Get<int4b_t>();
    LocalTensor<int4b_t> la2 = a2.Get<int4b_t>(), lb2 = b2.Get<int4b_t>();
    const auto bytes = static_cast<uint16_t>(k / 2);
    DataCopy(
        la1, ga,
        Nd2NzParams{1, static_cast<uint16_t>(m), bytes, 0, bytes, static_cast<uint16_t>(mp), 1, 0});
    DataCopy(
        lb1, gb,
        Nd2NzParams{1, static_cast<uint16_t>(n), bytes, 0, bytes, static_cast<uint16_t>(np), 1, 0});
    SetFlag<HardEvent::MTE2_MTE1>(0);
    WaitFlag<HardEvent::MTE2_MTE1>(0);
    for (uint32_t r = 0; r < mb; ++r) {  // L1 NZ fractal (r, q) at q * mb + r; L0A r * kb + q
      LoadData(la2[r * kb * 1024], la1,
               LoadData2DParams{static_cast<uint16_t>(r), static_cast<uint8_t>(kb),
                                static_cast<uint16_t>(mb), 0, 0, transpose_load, 0});
    }
    LoadData(lb2, lb1, LoadData2DParams{0, static_cast<uint8_t>(kb * nb), 1, 0, 0, false, 0});
    SetFlag<HardEvent::MTE1_M>(0);
    WaitFlag<HardEvent::MTE1_M>(0);
    MmadParams p;
    p.m = static_cast<uint16_t>(m);
    p.n = static_cast<uint16_t>(n);
    p.k = static_cast<uint16_t>(mmad_k != 0 ? mmad_k : k);
    LocalTensor<int32_t> lc = co1.Get<int32_t>();
    Mmad(lc, la2, lb2, p);
    SetFlag<HardEvent::M_FIX>(0);
    WaitFlag<HardEvent::M_FIX>(0);
    FixpipeParamsV220 fp;
    fp.mSize = static_cast<uint16_t>(m);
    fp.nSize = static_cast<uint16_t>(n);
    fp.srcStride = static_cast<uint16_t>(mp);
    fp.dstStride = n;
    Fixpipe(gc, lc, fp);
  }
};

LaunchResult RunInt4Matmul(const Int4MatmulKernel& kernel, std::vector<uint8_t>& a,
                           std::vector<uint8_t>& b, std::vector<int32_t>& c,
                           DeviceProfile d = testing::TestDevice()) {
  LaunchOptions o;
  o.checked = true;
  o.auto_sync = false;
  o.core_type = CoreType::kAic;
  o.regions = {Region(a, "a"), Region(b, "b"), Region(c, "c")};
  return Launch(d, 1, o, kernel);
}

// The scalar model: C[i][j] = sum over k of A[i][k] * B[j][k], in int64.
void ExpectInt4Matmul(uint32_t m, uint32_t k, uint32_t n, uint32_t seed) {
  const std::vector<int> av = Int4Random(size_t{m} * k, seed),
                         bv = Int4Random(size_t{n} * k, seed + 1);
  std::vector<uint8_t> a = Int4Pack(av), b = Int4Pack(bv);
  std::vector<int32_t> c(size_t{m} * n, -1);
  const LaunchResult r = RunInt4Matmul({m, k, n, a.data(), b.data(), c.data()}, a, b, c);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < m; ++i) {
    for (uint32_t j = 0; j < n; ++j) {
      int64_t want = 0;
      for (uint32_t kk = 0; kk < k; ++kk) want += int64_t{av[i * k + kk]} * bv[j * k + kk];
      ASSERT_EQ(c[i * n + j], want) << i << "," << j << " of " << m << "x" << k << "x" << n;
    }
  }
}

TEST(Int4Mmad, MatchesTheScalarModelWithTails) {
  ExpectInt4Matmul(16, 64, 16, 11);
  ExpectInt4Matmul(32, 128, 48, 12);
  ExpectInt4Matmul(17, 40, 20, 13);  // tails in m, k (not a multiple of 64) and n
  ExpectInt4Matmul(33, 130, 7, 14);
}

TEST(Int4Mmad, Faults) {
  std::vector<uint8_t> a(32 * 64), b(32 * 64);
  std::vector<int32_t> c(32 * 32);
  FaultKind kind{};
  // k odd: CANN's "MmadParams.k must be an even number when U and S are int4b_t".
  std::string msg =
      Int4FaultOf(RunInt4Matmul({16, 64, 16, a.data(), b.data(), c.data(), 33}, a, b, c), &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("k = 33"), std::string::npos) << msg;
  // k past the fractals L0A holds (64 elements loaded, 128 asked).
  msg = Int4FaultOf(RunInt4Matmul({16, 64, 16, a.data(), b.data(), c.data(), 128}, a, b, c), &kind);
  EXPECT_EQ(kind, FaultKind::kOutOfBoundsUb) << msg;
  EXPECT_NE(msg.find("Mmad"), std::string::npos) << msg;
  // The s4 load has no transpose.
  Int4MatmulKernel transposed{16, 64, 16, a.data(), b.data(), c.data()};
  transposed.transpose_load = true;
  msg = Int4FaultOf(RunInt4Matmul(transposed, a, b, c), &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("ifTranspose"), std::string::npos) << msg;
  // The 910A's cube (dav-1001) has no int4b_t Mmad.
  DeviceProfile d910a = testing::TestDevice();
  d910a.architecture = "dav-1001";
  msg =
      Int4FaultOf(RunInt4Matmul({16, 64, 16, a.data(), b.data(), c.data()}, a, b, c, d910a), &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
  EXPECT_NE(msg.find("int4b_t"), std::string::npos) << msg;
  // Operands in the wrong memory: fm in L1.
  LaunchOptions o;
  o.auto_sync = false;
  o.core_type = CoreType::kAic;
  const LaunchResult r = Launch(testing::TestDevice(), 1, o, [] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::B2> b2;
    TBuf<TPosition::CO1> co1;
    pipe.InitBuffer(a1, 512);
    pipe.InitBuffer(b2, 512);
    pipe.InitBuffer(co1, 1024);
    LocalTensor<int32_t> lc = co1.Get<int32_t>();
    MmadParams p;
    p.m = 16, p.n = 16, p.k = 64;
    Mmad(lc, a1.Get<int4b_t>(), b2.Get<int4b_t>(), p);
  });
  msg = Int4FaultOf(r, &kind);
  EXPECT_EQ(kind, FaultKind::kInvalidArgument) << msg;
  EXPECT_NE(msg.find("fm is in L1"), std::string::npos) << msg;
}

// An int4b_t SetValue reads its byte and stores it back with one nibble changed, in its core's
// data cache: stores of two blocks into one byte compare what each set there (docs/CHECKS.md,
// the int4b_t paragraph). The same nibble with the same value, or both nibbles with the same
// values in every byte, is the warning; other values, the other nibble, or a byte one block
// stored one nibble of and the other both, are races; another byte is clean.
TEST(Int4Tensor, StoresOfTwoBlocksIntoOneByteCompareTheNibblesEachSet) {
  using Stores = std::vector<std::pair<uint64_t, int>>;  // (element, value), in program order
  const std::vector<int> values = Int4Random(64, 7);
  Stores row, lows;
  for (uint64_t i = 0; i < 64; ++i) row.push_back({i, values[i]});
  for (uint64_t i = 0; i < 64; i += 2) lows.push_back(row[i]);
  Stores other = row;
  other[5].second = values[5] == 1 ? 2 : 1;
  struct Case {
    const char* what;
    Stores stores[2];
    const char* expect;  // "clean", "warning" or "race"
  };
  const Case cases[] = {
      {"one nibble, the same value", {{{2, -3}}, {{2, -3}}}, "warning"},
      {"one nibble, another value", {{{2, -3}}, {{2, 4}}}, "race"},
      {"the byte's other nibble", {{{2, -3}}, {{3, -3}}}, "race"},
      {"another byte", {{{2, -3}}, {{4, -3}}}, "clean"},
      {"a row element by element", {row, row}, "warning"},
      {"a row, one element differing", {row, other}, "race"},
      {"a row against its low nibbles", {row, lows}, "race"},
      {"its low nibbles against a row", {lows, row}, "race"},
      {"a byte's nibbles in either order", {{{2, -3}, {3, 1}}, {{3, 1}, {2, -3}}}, "warning"},
      {"the low nibbles differing", {{{2, -3}, {3, 1}}, {{2, 4}, {3, 1}}}, "race"},
      {"a nibble stored again", {{{2, 5}, {3, 1}, {2, -3}}, {{2, -3}, {3, 1}}}, "warning"},
  };
  for (const Case& c : cases) {
    for (int threads : {1, 2}) {
      std::vector<uint8_t> gm(32, 0);
      LaunchOptions o;
      o.checked = true;
      o.host_threads = threads;
      o.regions = {{gm.data(), gm.size(), "y"}};
      const LaunchResult r = Launch(testing::TestDevice(4), 2, o, [&] {
        GlobalTensor<int4b_t> g;
        g.SetGlobalBuffer(reinterpret_cast<int4b_t*>(gm.data()), 64);
        for (const auto& [element, value] : c.stores[GetBlockIdx()]) {
          g.SetValue(element, int4b_t(value));
        }
      });
      const std::string what = std::string(c.what) + ", threads " + std::to_string(threads);
      if (std::string(c.expect) == "race") {
        ASSERT_TRUE(r.fault.has_value()) << what;
        EXPECT_EQ(r.fault->kind, FaultKind::kGmRace) << what << ": " << r.fault->ToString();
        EXPECT_EQ(r.fault->instruction, "GlobalTensor::SetValue (int4b_t)") << what;
        if (c.stores[0].size() == 1) {
          EXPECT_NE(r.fault->message.find("GM 'y' [0x1, 0x2)"), std::string::npos) << what;
        }
        continue;
      }
      ASSERT_TRUE(r.status.ok()) << what << ": " << r.status.ToString();
      std::vector<uint8_t> expect(32, 0);  // either block's stores first: the same bytes
      for (const Stores& stores : c.stores) {
        for (const auto& [e, v] : stores) {
          const unsigned shift = 4 * (e % 2);
          expect[e / 2] = static_cast<uint8_t>((expect[e / 2] & ~(0xFu << shift)) |
                                               ((static_cast<unsigned>(v) & 0xFu) << shift));
        }
      }
      EXPECT_EQ(gm, expect) << what;
      if (std::string(c.expect) == "clean") {
        EXPECT_TRUE(r.warnings.empty()) << what;
        continue;
      }
      ASSERT_EQ(r.warnings.size(), 1u) << what;
      EXPECT_EQ(r.warnings[0].kind, "gm_same_value_overlap") << what;
      EXPECT_EQ(r.warnings[0].instruction, "GlobalTensor::SetValue (int4b_t)") << what;
    }
  }
}

// A lone int4b_t store into a byte another block reads is a race (the read sees the old or the
// new nibble); after a SyncAll it is clean. One host thread runs block 0 first: its read sees
// the old byte, so it is no flag's polling ("Flags polled in GM").
TEST(Int4Tensor, AnotherBlocksReadOfAStoredByteRacesWithoutSyncAll) {
  for (bool sync : {false, true}) {
    std::vector<uint8_t> gm(32, 0);
    LaunchOptions o;
    o.checked = true;
    o.host_threads = 1;
    o.regions = {{gm.data(), gm.size(), "y"}};
    const LaunchResult r = Launch(testing::TestDevice(4), 2, o, [&] {
      GlobalTensor<int4b_t> g;
      g.SetGlobalBuffer(reinterpret_cast<int4b_t*>(gm.data()), 64);
      if (GetBlockIdx() == 1) g.SetValue(3, int4b_t(5));
      if (sync) SyncAll();
      if (GetBlockIdx() == 0) {
        EXPECT_EQ(static_cast<int8_t>(g.GetValue(2)), 0);  // the nibble block 1 kept
      }
    });
    if (sync) {
      EXPECT_TRUE(r.status.ok()) << r.status.ToString();
      EXPECT_TRUE(r.warnings.empty());
    } else {
      ASSERT_TRUE(r.fault.has_value());
      EXPECT_EQ(r.fault->kind, FaultKind::kGmRace) << r.fault->ToString();
    }
  }
}

}  // namespace
}  // namespace opsim::sim
