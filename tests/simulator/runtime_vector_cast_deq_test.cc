// CastDequant / CastDeq with SetDeqScale's three forms against a scalar model of CANN's pages
// (CastDequant.md, SetDeqScale.md): int16_t -> int8_t/uint8_t with one group or the 16 groups of
// the vdeq tensor, both halves of each dst block, count and level-0 forms; int32_t -> half with
// SetDeqScale(half)'s scale; and the faults of each rule.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "opsim/sim/ascendc/vector_cast_deq.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kCastDeqTile = 4096;

// The test's own reading of the register (SetDeqScale.md's table): scale bits 0-31 read as
// (1, 8, 10), offset bits 37-45 signed, signMode bit 46.
struct CastDeqGroupModel {
  float scale;
  int16_t offset;
  bool sign;
};
double CastDeqEffScale(float scale) {
  uint32_t bits;
  std::memcpy(&bits, &scale, 4);
  bits &= ~((1u << 13) - 1);
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}
int32_t CastDeqOffset9(int16_t offset) {
  const int32_t low = static_cast<uint16_t>(offset) & 0x1FF;
  return low >= 256 ? low - 512 : low;
}
uint8_t CastDeqModel(int16_t x, const CastDeqGroupModel& g) {
  double v = x * CastDeqEffScale(g.scale) + CastDeqOffset9(g.offset);
  const double lo = g.sign ? -128 : 0, hi = g.sign ? 127 : 255;
  v = std::nearbyint(std::fmin(std::fmax(v, lo), hi));
  return g.sign ? static_cast<uint8_t>(static_cast<int8_t>(v)) : static_cast<uint8_t>(v);
}

std::vector<int16_t> CastDeqInput(uint32_t n) {
  std::vector<int16_t> v(n);
  for (uint32_t i = 0; i < n; ++i) {
    v[i] = static_cast<int16_t>(static_cast<int32_t>((i * 2654435761u) >> 16) - 32768);
    if (i % 3 == 0) v[i] = static_cast<int16_t>(static_cast<int32_t>(i % 700) - 350);
  }
  return v;
}

template <typename T>
void CastDeqLoad(const LocalTensor<T>& t, const void* v, uint32_t bytes) {
  std::memcpy(static_cast<void*>(t.data()), v, bytes);
  detail::HostWroteUb(t.ref());
}

// Where lane l of a level-0 call lands: src element, dst byte.
struct CastDeqLayout {
  uint16_t dst_blk = 1, src_blk = 1;
  uint8_t dst_rep = 8, src_rep = 8;
};
uint32_t CastDeqSrcIndex(uint32_t l, const CastDeqLayout& p) {
  const uint32_t r = l / 128, i = l % 128;
  return (r * p.src_rep + (i / 16) * p.src_blk) * 16 + i % 16;
}
uint32_t CastDeqDstByte(uint32_t l, const CastDeqLayout& p, bool upper) {
  const uint32_t r = l / 128, i = l % 128;
  return (r * p.dst_rep + (i / 16) * p.dst_blk) * 32 + (upper ? 16 : 0) + i % 16;
}

// Which form of the call to make.
enum class CastDeqForm { kCount, kBits, kContinuous };

template <typename T, bool kVec, bool kUpper>
void CheckCastDeq16(CastDeqForm form, uint32_t lanes, uint8_t repeat, CastDeqLayout p,
                    const CastDeqGroupModel* groups) {
  const std::vector<int16_t> src = CastDeqInput(kCastDeqTile / 2);
  std::vector<uint8_t> old(kCastDeqTile), got(kCastDeqTile), vdeq_bits(128);
  for (uint32_t i = 0; i < kCastDeqTile; ++i) old[i] = static_cast<uint8_t>(i * 7 + 1);
  const uint64_t mask_bits[2] = {lanes >= 64 ? ~0ull : (1ull << lanes) - 1,
                                 lanes >= 128  ? ~0ull
                                 : lanes <= 64 ? 0
                                               : (1ull << (lanes - 64)) - 1};
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    pipe.InitBuffer(a, kCastDeqTile);
    pipe.InitBuffer(b, kCastDeqTile);
    pipe.InitBuffer(c, 128);
    LocalTensor<int16_t> ts = a.Get<int16_t>();
    LocalTensor<T> td = b.Get<T>();
    CastDeqLoad(ts, src.data(), kCastDeqTile);
    CastDeqLoad(td, old.data(), kCastDeqTile);
    if (kVec) {
      float sc[16];
      int16_t off[16];
      bool sm[16];
      for (int j = 0; j < 16; ++j) {
        sc[j] = groups[j].scale;
        off[j] = groups[j].offset;
        sm[j] = groups[j].sign;
      }
      SetDeqScale<uint64_t>(c.Get<uint64_t>(), VdeqInfo(sc, off, sm));
      std::memcpy(vdeq_bits.data(), c.Get<uint64_t>().data(), 128);
    } else {
      SetDeqScale(groups[0].scale, groups[0].offset, groups[0].sign);
    }
    const UnaryRepeatParams rp(p.dst_blk, p.src_blk, p.dst_rep, p.src_rep);
    if (form == CastDeqForm::kCount) {
      CastDequant<T, int16_t, kVec, kUpper>(td, ts, lanes);
    } else if (form == CastDeqForm::kBits) {
      CastDequant<T, int16_t, true, kVec, kUpper>(td, ts, mask_bits, repeat, rp);
    } else {
      CastDeq<T, int16_t, true, kVec, kUpper>(td, ts, static_cast<int32_t>(lanes), repeat, rp);
    }
    std::memcpy(got.data(), td.data(), kCastDeqTile);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  std::vector<uint8_t> want = old;
  const uint32_t total = form == CastDeqForm::kCount ? lanes : repeat * 128u;
  const CastDeqLayout layout = form == CastDeqForm::kCount ? CastDeqLayout{} : p;
  for (uint32_t l = 0; l < total; ++l) {
    if (form != CastDeqForm::kCount && l % 128 >= lanes) continue;
    const CastDeqGroupModel& g = kVec ? groups[l % 16] : groups[0];
    want[CastDeqDstByte(l, layout, kUpper)] = CastDeqModel(src[CastDeqSrcIndex(l, layout)], g);
  }
  for (uint32_t i = 0; i < kCastDeqTile; ++i) ASSERT_EQ(got[i], want[i]) << "byte " << i;
  if (kVec) {  // the tensor holds CANN's packing of each group
    for (int j = 0; j < 16; ++j) {
      uint64_t c;
      std::memcpy(&c, vdeq_bits.data() + j * 8, 8);
      uint32_t sb;
      std::memcpy(&sb, &groups[j].scale, 4);
      const uint64_t want_c = (uint64_t{groups[j].sign} << 46) |
                              ((uint64_t{static_cast<uint16_t>(groups[j].offset)} & 0x1FF) << 37) |
                              sb;
      ASSERT_EQ(c, want_c) << "group " << j;
    }
  }
}

const CastDeqGroupModel kCastDeqSigned[16] = {
    {0.0078125f, 3, true}, {0.5f, -7, true},     {1.0f, 0, true},    {1.7f, 100, true},
    {-0.25f, -1, true},    {0.0013f, 255, true}, {3.0f, -256, true}, {0.1f, 0, true},
    {2.5f, 1, true},       {0.75f, -128, true},  {0.333f, 9, true},  {-1.5f, 2, true},
    {0.01f, -20, true},    {1.25f, 300, true},   {0.2f, -300, true}, {4.0f, 0, true}};
const CastDeqGroupModel kCastDeqUnsigned[16] = {
    {0.0078125f, 3, false}, {0.5f, -7, false},     {1.0f, 0, false},    {1.7f, 100, false},
    {-0.25f, -1, false},    {0.0013f, 255, false}, {3.0f, -256, false}, {0.1f, 0, false},
    {2.5f, 1, false},       {0.75f, -128, false},  {0.333f, 9, false},  {-1.5f, 2, false},
    {0.01f, -20, false},    {1.25f, 300, false},   {0.2f, -300, false}, {4.0f, 0, false}};

TEST(VectorCastDeq, Int16OneGroupMatchesModelInEveryForm) {
  for (int g = 0; g < 16; g += 3) {
    for (const CastDeqForm f :
         {CastDeqForm::kCount, CastDeqForm::kBits, CastDeqForm::kContinuous}) {
      const uint32_t lanes = f == CastDeqForm::kCount ? 1000 : 128;
      CheckCastDeq16<int8_t, false, true>(f, lanes, 3, {}, &kCastDeqSigned[g]);
      CheckCastDeq16<int8_t, false, false>(f, lanes, 3, {}, &kCastDeqSigned[g]);
      CheckCastDeq16<uint8_t, false, true>(f, lanes, 3, {}, &kCastDeqUnsigned[g]);
      CheckCastDeq16<uint8_t, false, false>(f, lanes, 3, {}, &kCastDeqUnsigned[g]);
    }
  }
}

TEST(VectorCastDeq, Int16SixteenGroupsMatchModelInEveryForm) {
  for (const CastDeqForm f : {CastDeqForm::kCount, CastDeqForm::kBits, CastDeqForm::kContinuous}) {
    const uint32_t lanes = f == CastDeqForm::kCount ? 777 : 128;
    CheckCastDeq16<int8_t, true, true>(f, lanes, 2, {}, kCastDeqSigned);
    CheckCastDeq16<int8_t, true, false>(f, lanes, 2, {}, kCastDeqSigned);
    CheckCastDeq16<uint8_t, true, true>(f, lanes, 2, {}, kCastDeqUnsigned);
    CheckCastDeq16<uint8_t, true, false>(f, lanes, 2, {}, kCastDeqUnsigned);
  }
}

TEST(VectorCastDeq, Int16Level0MasksAndStrides) {
  // A partial mask keeps the other lanes; strides move each operand in its own blocks, and
  // two calls with halves and a doubled source stride give contiguous output (the page's recipe).
  CheckCastDeq16<int8_t, false, true>(CastDeqForm::kBits, 77, 4, {2, 1, 16, 8}, kCastDeqSigned);
  CheckCastDeq16<uint8_t, true, false>(CastDeqForm::kContinuous, 5, 3, {1, 2, 8, 16},
                                       kCastDeqUnsigned);
  CheckCastDeq16<int8_t, true, true>(CastDeqForm::kBits, 128, 0, {}, kCastDeqSigned);   // a NOP
  CheckCastDeq16<int8_t, false, false>(CastDeqForm::kCount, 0, 0, {}, kCastDeqSigned);  // a NOP
}

TEST(VectorCastDeq, PageExampleIdentityInUpperHalves) {
  // CastDequant.md's example: scale 1, offset 0, uint8_t, halfBlock true: each source block's 16
  // values in bytes 16-31 of its dst block, bytes 0-15 untouched.
  std::vector<int16_t> src(256);
  for (int i = 0; i < 256; ++i) src[i] = static_cast<int16_t>((i * 37) % 100);
  std::vector<uint8_t> got(512);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 512);
    pipe.InitBuffer(b, 512);
    LocalTensor<int16_t> ts = a.Get<int16_t>();
    LocalTensor<uint8_t> td = b.Get<uint8_t>();
    CastDeqLoad(ts, src.data(), 512);
    Duplicate(td.ReinterpretCast<int16_t>(), int16_t{0}, 256);
    SetDeqScale(1.0f, int16_t{0}, false);
    CastDequant<uint8_t, int16_t, false, true>(td, ts, 256);
    std::memcpy(got.data(), td.data(), 512);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 512; ++i) {
    const int blk = i / 32, at = i % 32;
    ASSERT_EQ(got[i], at < 16 ? 0 : src[blk * 16 + at - 16]) << i;
  }
}

// int32_t -> half: half(float32(src * scale)), nearest-even (the s322f16 Cast).
uint16_t CastDeqHalfModel(int32_t x, float scale) {
  return opsim::FloatToHalfBits(static_cast<float>(static_cast<double>(x) * scale));
}

TEST(VectorCastDeq, Int32ToHalfCountAndLevel0) {
  std::vector<int32_t> src(512);
  for (int i = 0; i < 512; ++i) src[i] = (i * 7919) % 40000 - 20000;
  std::vector<uint16_t> got_n(512), got_0(512);
  const float scale = 0.0625f;
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c;
    pipe.InitBuffer(a, 2048);
    pipe.InitBuffer(b, 1024);
    pipe.InitBuffer(c, 1024);
    LocalTensor<int32_t> ts = a.Get<int32_t>();
    CastDeqLoad(ts, src.data(), 2048);
    SetDeqScale(static_cast<half>(scale));
    CastDequant<half, int32_t>(b.Get<half>(), ts, 512);
    const uint64_t mask[2] = {~0ull, 0};
    CastDeq<half, int32_t>(c.Get<half>(), ts, mask, 8, UnaryRepeatParams(1, 1, 4, 8));
    std::memcpy(got_n.data(), b.Get<half>().data(), 1024);
    std::memcpy(got_0.data(), c.Get<half>().data(), 1024);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 512; ++i) {
    ASSERT_EQ(got_n[i], CastDeqHalfModel(src[i], scale)) << i;
    ASSERT_EQ(got_0[i], CastDeqHalfModel(src[i], scale)) << i;
  }
}

// ---- faults ----

LaunchResult CastDeqFaultCase(int which) {
  return RunOne([which] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c, small;
    pipe.InitBuffer(a, 1024);
    pipe.InitBuffer(b, 1024);
    pipe.InitBuffer(c, 128);
    pipe.InitBuffer(small, 64);
    LocalTensor<int16_t> ts = a.Get<int16_t>();
    LocalTensor<int8_t> td = b.Get<int8_t>();
    Duplicate(ts, int16_t{5}, 512);
    float sc[16] = {1};
    int16_t off[16] = {0};
    bool sm[16] = {true, true, true, true, true, true, true, true,
                   true, true, true, true, true, true, true, true};
    switch (which) {
      case 0:  // no SetDeqScale at all
        CastDequant<int8_t, int16_t, false, true>(td, ts, 128);
        break;
      case 1:  // the scalar form, read as the vdeq tensor
        SetDeqScale(1.0f, int16_t{0}, true);
        CastDequant<int8_t, int16_t, true, true>(td, ts, 128);
        break;
      case 2:  // the tensor form, read as one group
        SetDeqScale<uint64_t>(c.Get<uint64_t>(), VdeqInfo(sc, off, sm));
        CastDequant<int8_t, int16_t, false, true>(td, ts, 128);
        break;
      case 3:  // signMode false with an int8_t dst
        SetDeqScale(1.0f, int16_t{0}, false);
        CastDequant<int8_t, int16_t, false, true>(td, ts, 128);
        break;
      case 4:  // one group of the tensor unsigned
        sm[9] = false;
        SetDeqScale<uint64_t>(c.Get<uint64_t>(), VdeqInfo(sc, off, sm));
        CastDequant<int8_t, int16_t, true, true>(td, ts, 128);
        break;
      case 5:  // a vdeq tensor of 64 B
        SetDeqScale<uint64_t>(small.Get<uint64_t>(), VdeqInfo(sc, off, sm));
        break;
      case 6:  // a vdeq tensor of int32_t
        SetDeqScale<int32_t>(c.Get<int32_t>(), VdeqInfo(sc, off, sm));
        break;
      case 7:  // dst not 32 B aligned
        SetDeqScale(1.0f, int16_t{0}, true);
        CastDequant<int8_t, int16_t, false, true>(td[16], ts, 128);
        break;
      case 8:  // dst too small: 512 int16_t write 32 blocks, 1024 B, and 512 B are left
        SetDeqScale(1.0f, int16_t{0}, true);
        CastDequant<int8_t, int16_t, false, true>(td[512], ts, 512);
        break;
      case 9:  // a continuous mask beyond the 128 lanes of 16-bit elements
        SetDeqScale(1.0f, int16_t{0}, true);
        CastDequant<int8_t, int16_t, true, false, true>(td, ts, 129, 1, UnaryRepeatParams{});
        break;
      case 10:  // the vdeq tensor's buffer is gone by the conversion
      {
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 128);
        LocalTensor<uint64_t> v = q.AllocTensor<uint64_t>();
        SetDeqScale<uint64_t>(v, VdeqInfo(sc, off, sm));
        q.FreeTensor(v);
        CastDequant<int8_t, int16_t, true, true>(td, ts, 128);
        break;
      }
      case 12:  // a negative count, as the uint32_t parameter takes it
        SetDeqScale(1.0f, int16_t{0}, true);
        CastDequant<int8_t, int16_t, false, true>(td, ts, static_cast<uint32_t>(-1));
        break;
      case 11:  // int32_t -> half after the scalar form
      {
        SetDeqScale(1.0f, int16_t{0}, true);
        CastDequant<half, int32_t>(b.Get<half>(), a.Get<int32_t>(), 64);
        break;
      }
    }
  });
}

TEST(VectorCastDeq, FaultsOfEachRule) {
  const FaultKind want[] = {
      FaultKind::kInvalidArgument, FaultKind::kInvalidArgument, FaultKind::kInvalidArgument,
      FaultKind::kInvalidArgument, FaultKind::kInvalidArgument, FaultKind::kOutOfBoundsUb,
      FaultKind::kUnsupported,     FaultKind::kMisalignedCopy,  FaultKind::kOutOfBoundsUb,
      FaultKind::kInvalidArgument, FaultKind::kUseAfterFree,    FaultKind::kInvalidArgument,
      FaultKind::kOutOfBoundsUb};
  const char* says[] = {"no SetDeqScale yet",
                        "isVecDeq",
                        "SetDeqScale(LocalTensor",
                        "signMode is false",
                        "signMode[9]",
                        "vdeq",
                        "LocalTensor<uint64_t>",
                        "32 B",
                        "dst",
                        "129",
                        "vdeq",
                        "int32_t -> half",
                        "src"};
  for (int i = 0; i < 13; ++i) {
    const LaunchResult r = CastDeqFaultCase(i);
    ASSERT_TRUE(r.fault.has_value()) << "case " << i;
    EXPECT_EQ(r.fault->kind, want[i]) << "case " << i << ": " << r.fault->ToString();
    EXPECT_NE(r.fault->message.find(says[i]), std::string::npos)
        << "case " << i << ": " << r.fault->ToString();
  }
}

TEST(VectorCastDeq, OffsetBeyondNineBitsWarnsAndWraps) {
  std::vector<int8_t> got(32);
  const LaunchResult r = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 32);
    pipe.InitBuffer(b, 32);
    Duplicate(a.Get<int16_t>(), int16_t{0}, 16);
    Duplicate(b.Get<int16_t>(), int16_t{0}, 16);
    SetDeqScale(1.0f, int16_t{300}, true);  // low 9 bits: -212
    CastDequant<int8_t, int16_t, false, false>(b.Get<int8_t>(), a.Get<int16_t>(), 16);
    std::memcpy(got.data(), b.Get<int8_t>().data(), 32);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < 16; ++i) EXPECT_EQ(got[i], -128) << i;  // -212 saturates
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].kind, "deq_offset_truncated");
}

TEST(VectorCastDeq, UnwrittenSourceLanesLeaveUnwrittenResults) {
  // Both halves from the same 128 lanes, of which a kernel wrote the first 64: dst blocks 0-3
  // are whole, 4-7 computed from nothing written, and copying those out is the fault.
  std::vector<int8_t> out(256);
  for (const bool second_half : {false, true}) {
    const LaunchResult r = RunOne(
        [&] {
          TPipe pipe;
          TBuf<TPosition::VECCALC> a, b;
          pipe.InitBuffer(a, 256);
          pipe.InitBuffer(b, 256);
          Duplicate(a.Get<int16_t>(), int16_t{1}, 64);
          SetDeqScale(1.0f, int16_t{0}, true);
          CastDequant<int8_t, int16_t, false, false>(b.Get<int8_t>(), a.Get<int16_t>(), 128);
          CastDequant<int8_t, int16_t, false, true>(b.Get<int8_t>(), a.Get<int16_t>(), 128);
          GlobalTensor<int8_t> g;
          g.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t*>(out.data()), 256);
          SetFlag<HardEvent::V_MTE3>(0);
          WaitFlag<HardEvent::V_MTE3>(0);
          const uint32_t at = second_half ? 128 : 0;
          DataCopy(g[at], b.Get<int8_t>()[at], 128);
        },
        true, {testing::Region(out, "out")});
    if (!second_half) {
      ASSERT_TRUE(r.status.ok()) << (r.fault ? r.fault->ToString() : r.status.ToString());
      for (int i = 0; i < 128; ++i) EXPECT_EQ(out[i], 1) << i;
    } else {
      ASSERT_TRUE(r.fault.has_value());
      EXPECT_EQ(r.fault->kind, FaultKind::kUninitializedRead) << r.fault->ToString();
    }
  }
}

}  // namespace
}  // namespace opsim::sim
