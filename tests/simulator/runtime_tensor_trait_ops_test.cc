// The rest of CANN's TensorTrait list (session 31): the fused casts, AddDeqRelu, CastDequant,
// level-0 Cast, the LocalTensor operators and the cube forms (Fill, DataCopy GM -> L1 with
// Nd2NzParams, LoadData, LoadDataWithTranspose, Mmad, Fixpipe, DataCopy CO1 -> GM / L1), each
// kernel written once over plain tensors and once over LocalTensor<TensorTrait<T>> /
// GlobalTensor<TensorTrait<T>>: the two must leave the same bytes, and the plain one matches a
// scalar model where one is short. (MrgSort4 and TransDataTo5HD are in their own tests:
// runtime_vector_proposal_test.cc, runtime_vector_trans5hd_test.cc.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::trait_ops_test {
namespace {

using namespace AscendC;

template <typename X>
using TtPlain = X;
template <typename X>
using TtTrait = TensorTrait<X>;

constexpr uint32_t kTtSlot = 512;  // bytes per operand in the vector kernel's pool
constexpr uint32_t kTtSlots = 27;

// Slot numbers of the vector kernel's operands (inputs first).
enum TtSlot : uint32_t {
  kFa,
  kFb,
  kHc,
  kHd,
  kIe,
  kIf,
  kIg,
  kIh,
  kAddReluCastF,
  kSubReluCastL0,
  kMulCastL0,
  kAddReluCastI16,
  kAddDeqReluN,
  kAddDeqReluL0,
  kCastDeqHalfN,
  kCastDeqHalfL0,
  kCastDeqInt8N,
  kCastL0Bits,
  kCastL0Cont,
  kOpAdd,
  kOpSub,
  kOpMul,
  kOpDiv,
  kOpOr,
  kOpAnd,
  kOpLt,
  kVdeq
};

struct TtInputs {
  std::vector<float> fa, fb;
  std::vector<half> hc, hd;
  std::vector<int16_t> ie, iff;
  std::vector<int32_t> ig, ih;
};

TtInputs MakeTtInputs() {
  TtInputs in;
  for (int i = 0; i < 64; ++i) {
    in.fa.push_back(0.25f * static_cast<float>((i * 13) % 40) - 5.0f);
    in.fb.push_back(0.5f * static_cast<float>((i * 7) % 23) - 4.0f + (i == 9 ? 4.5f : 0.0f));
    in.ig.push_back((i * 7919) % 4000 - 2000);
    in.ih.push_back((i * 31) % 900 - 300);
  }
  for (int i = 0; i < 128; ++i) {
    in.hc.push_back(half(0.5f * static_cast<float>((i * 11) % 61) - 15.0f));
    in.hd.push_back(half(0.25f * static_cast<float>((i * 5) % 37) - 4.0f));
    in.ie.push_back(static_cast<int16_t>((i * 397) % 600 - 300));
    in.iff.push_back(static_cast<int16_t>((i * 59) % 200 - 90));
  }
  return in;
}

template <typename E>
LocalTensor<E> TtAt(TBuf<TPosition::VECCALC>& pool, uint32_t slot, uint32_t count) {
  return pool.template GetWithOffset<E>(count, slot * kTtSlot);
}

template <typename X>
void TtPut(TBuf<TPosition::VECCALC>& pool, uint32_t slot, const std::vector<X>& v) {
  LocalTensor<X> t = TtAt<X>(pool, slot, static_cast<uint32_t>(v.size()));
  std::memcpy(static_cast<void*>(t.data()), v.data(), v.size() * sizeof(X));
  detail::HostWroteUb(t.ref());
}

// Every vector form of the list that ds30's tests did not cover, on W<...> tensors.
template <template <typename> class W>
void TraitCastKernel(const TtInputs& in, std::vector<uint8_t>& out) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> pool;
  pipe.InitBuffer(pool, kTtSlot * kTtSlots);
  LocalTensor<uint8_t> all = pool.Get<uint8_t>();
  std::memset(all.data(), 0xA5, kTtSlot * kTtSlots);
  detail::HostWroteUb(all.ref());
  TtPut(pool, kFa, in.fa);
  TtPut(pool, kFb, in.fb);
  TtPut(pool, kHc, in.hc);
  TtPut(pool, kHd, in.hd);
  TtPut(pool, kIe, in.ie);
  TtPut(pool, kIf, in.iff);
  TtPut(pool, kIg, in.ig);
  TtPut(pool, kIh, in.ih);
  auto fa = TtAt<W<float>>(pool, kFa, 64), fb = TtAt<W<float>>(pool, kFb, 64);
  auto hc = TtAt<W<half>>(pool, kHc, 128), hd = TtAt<W<half>>(pool, kHd, 128);
  auto ie = TtAt<W<int16_t>>(pool, kIe, 128), iff = TtAt<W<int16_t>>(pool, kIf, 128);
  auto ig = TtAt<W<int32_t>>(pool, kIg, 64), ih = TtAt<W<int32_t>>(pool, kIh, 64);
  const uint64_t bits[2] = {0x0F0F00FFFFFF3333ull, 0x8000000000000001ull};
  const uint64_t bits64[2] = {bits[0], 0};            // the forms with 64 lanes (a 32-bit side)
  const BinaryRepeatParams narrow(1, 1, 1, 4, 8, 8);  // 32-bit or 16-bit in, half width out
  AddReluCast(TtAt<W<half>>(pool, kAddReluCastF, 64), fa, fb, 64);
  SubReluCast(TtAt<W<int8_t>>(pool, kSubReluCastL0, 128), hc, hd, bits, 1, narrow);
  MulCast(TtAt<W<uint8_t>>(pool, kMulCastL0, 128), hc, hd, uint64_t{100}, 1, narrow);
  AddReluCast(TtAt<W<int8_t>>(pool, kAddReluCastI16, 128), ie, iff, 128);
  SetDeqScale(half(0.5f));
  AddDeqRelu(TtAt<W<half>>(pool, kAddDeqReluN, 64), ig, ih, int32_t{64});
  AddDeqRelu(TtAt<W<half>>(pool, kAddDeqReluL0, 64), ig, ih, bits64, 1, narrow);
  CastDequant(TtAt<W<half>>(pool, kCastDeqHalfN, 64), ig, 64u);
  CastDequant(TtAt<W<half>>(pool, kCastDeqHalfL0, 64), ig, bits64, 1,
              UnaryRepeatParams(1, 1, 4, 8));
  float scales[16];
  int16_t offsets[16];
  bool signs[16];
  for (int j = 0; j < 16; ++j) {
    scales[j] = 0.25f * static_cast<float>(j + 1);
    offsets[j] = static_cast<int16_t>(j - 8);
    signs[j] = true;  // int8_t results
  }
  SetDeqScale(TtAt<uint64_t>(pool, kVdeq, 16), VdeqInfo(scales, offsets, signs));
  CastDequant(TtAt<W<int8_t>>(pool, kCastDeqInt8N, 256), ie, 128u);
  Cast(TtAt<W<half>>(pool, kCastL0Bits, 64), fa, RoundMode::CAST_ROUND, bits64, 1,
       UnaryRepeatParams(1, 1, 4, 8));
  Cast(TtAt<W<half>>(pool, kCastL0Cont, 64), fa, RoundMode::CAST_ROUND, uint64_t{40}, 1,
       UnaryRepeatParams(1, 1, 4, 8));
  auto sum = TtAt<W<float>>(pool, kOpAdd, 64), diff = TtAt<W<float>>(pool, kOpSub, 64);
  auto prod = TtAt<W<float>>(pool, kOpMul, 64), quot = TtAt<W<float>>(pool, kOpDiv, 64);
  auto ors = TtAt<W<int16_t>>(pool, kOpOr, 128), ands = TtAt<W<int16_t>>(pool, kOpAnd, 128);
  auto lt = TtAt<W<uint8_t>>(pool, kOpLt, 32);
  sum = fa + fb;
  diff = fa - fb;
  prod = fa * fb;
  quot = fa / fb;
  ors = ie | iff;
  ands = ie & iff;
  lt = fa < fb;
  out.assign(all.data(), all.data() + kTtSlot * kTtSlots);
}

template <typename X>
X TtGet(const std::vector<uint8_t>& blob, uint32_t slot, uint32_t i) {
  X x;
  std::memcpy(&x, blob.data() + slot * kTtSlot + i * sizeof(X), sizeof(X));
  return x;
}

TEST(TensorTraitTensors, FusedCastsDequantLevel0CastAndOperatorsAsPlain) {
  const TtInputs in = MakeTtInputs();
  std::vector<uint8_t> plain, trait;
  for (auto* out : {&plain, &trait}) {
    const LaunchResult r = testing::RunOne([&] {
      if (out == &trait) {
        TraitCastKernel<TtTrait>(in, *out);
      } else {
        TraitCastKernel<TtPlain>(in, *out);
      }
    });
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  }
  ASSERT_EQ(plain.size(), trait.size());
  for (size_t i = 0; i < plain.size(); ++i) {
    ASSERT_EQ(plain[i], trait[i]) << "slot " << i / kTtSlot << " byte " << i % kTtSlot;
  }
  // The plain kernel against scalar models where the rule is short (the forms' own tests
  // cover every lane rule).
  for (uint32_t i = 0; i < 64; ++i) {
    const float a = in.fa[i], b = in.fb[i];
    EXPECT_EQ(TtGet<float>(plain, kOpAdd, i), a + b) << i;
    EXPECT_EQ(TtGet<float>(plain, kOpSub, i), a - b) << i;
    EXPECT_EQ(TtGet<float>(plain, kOpMul, i), a * b) << i;
    EXPECT_EQ(static_cast<float>(TtGet<half>(plain, kAddReluCastF, i)),
              static_cast<float>(half(std::max(a + b, 0.0f))))
        << i;
    const float cast = static_cast<float>(TtGet<half>(plain, kCastL0Cont, i));
    if (i < 40) {
      EXPECT_EQ(cast, static_cast<float>(half(a))) << i;
    }
    const bool less = ((TtGet<uint8_t>(plain, kOpLt, i / 8) >> (i % 8)) & 1u) != 0;
    EXPECT_EQ(less, a < b) << i;
  }
  for (uint32_t i = 0; i < 128; ++i) {
    EXPECT_EQ(TtGet<int16_t>(plain, kOpOr, i), static_cast<int16_t>(in.ie[i] | in.iff[i])) << i;
    EXPECT_EQ(TtGet<int16_t>(plain, kOpAnd, i), static_cast<int16_t>(in.ie[i] & in.iff[i])) << i;
    const int sum = std::clamp(in.ie[i] + in.iff[i], 0, 127);
    EXPECT_EQ(TtGet<int8_t>(plain, kAddReluCastI16, i), sum) << i;
  }
  EXPECT_EQ(TtGet<uint16_t>(plain, kCastL0Cont, 40), 0xA5A5u);  // past the continuous mask
}

// The cube path on W<...> tensors: A (16 x 32 half) and B (32 x 16 half) GM -> L1 through
// Nd2NzParams (after a Fill of L1), L1 -> L0A/L0B by LoadData (and LoadDataWithTranspose into a
// second L0B, compared as bytes), Mmad into CO1, then out by Fixpipe (ND, float), DataCopy CO1 ->
// GM (NZ -> ND) and Fixpipe CO1 -> L1 (NZ, F322F16) read back through a plain view.
constexpr uint32_t kTtM = 16, kTtK = 32, kTtN = 16;

template <template <typename> class W>
void TraitCubeKernel(half* a, half* b, float* c, std::vector<uint8_t>& l1_out) {
  TPipe pipe;
  TBuf<TPosition::A1> a1;
  TBuf<TPosition::B1> b1, c1;
  TBuf<TPosition::A2> a2;
  TBuf<TPosition::B2> b2, t2;
  TBuf<TPosition::CO1> co1;
  pipe.InitBuffer(a1, kTtM * kTtK * 2 + 512);
  pipe.InitBuffer(b1, kTtK * kTtN * 2);
  pipe.InitBuffer(c1, kTtM * kTtN * 2);
  pipe.InitBuffer(a2, kTtM * kTtK * 2);
  pipe.InitBuffer(b2, kTtK * kTtN * 2);
  pipe.InitBuffer(t2, kTtK * kTtN * 2);
  pipe.InitBuffer(co1, kTtM * kTtN * 4);
  GlobalTensor<W<half>> ga, gb;
  GlobalTensor<W<float>> gc;
  ga.SetGlobalBuffer(a, kTtM * kTtK);
  gb.SetGlobalBuffer(b, kTtK * kTtN);
  gc.SetGlobalBuffer(c, 2 * kTtM * kTtN);
  LocalTensor<W<half>> la1 = a1.Get<W<half>>(), lb1 = b1.Get<W<half>>();
  LocalTensor<W<half>> la2 = a2.Get<W<half>>(), lb2 = b2.Get<W<half>>();
  LocalTensor<W<float>> lc = co1.Get<W<float>>();
  Fill(la1, InitConstValueParams<half>{1, static_cast<uint16_t>((kTtM * kTtK * 2 + 512) / 32), 0,
                                       half(-1.0f)});
  // A: 16 rows of 32 into NZ (two 16 x 16 fractals, 16 rows apart); B likewise, 32 rows of 16.
  DataCopy(la1, ga, Nd2NzParams{1, kTtM, kTtK, 0, kTtK, kTtM, 1, 0});
  DataCopy(lb1, gb, Nd2NzParams{1, kTtK, kTtN, 0, kTtN, kTtK, 1, 0});
  SetFlag<HardEvent::MTE2_MTE1>(0);
  WaitFlag<HardEvent::MTE2_MTE1>(0);
  LoadData(la2, la1, LoadData2DParams{0, 2, 1, 0, 0, false, 0});
  // B's K x N rows: each 16 x 16 fractal transposed into L0B (CANN's ZN), as the cube tests do.
  for (uint16_t q = 0; q < 2; ++q) {
    LoadData(lb2[q * 256], lb1, LoadData2DParams{q, 1, 2, 0, 0, true, 0});
  }
  LocalTensor<W<half>> lt2 = t2.Get<W<half>>();
  LoadDataWithTranspose(lt2, lb1, LoadData2dTransposeParams{0, 1, 1, 1, 0});
  SetFlag<HardEvent::MTE1_M>(0);
  WaitFlag<HardEvent::MTE1_M>(0);
  MmadParams mp;
  mp.m = kTtM, mp.n = kTtN, mp.k = kTtK;
  Mmad(lc, la2, lb2, mp);
  SetFlag<HardEvent::M_FIX>(0);
  WaitFlag<HardEvent::M_FIX>(0);
  FixpipeParamsV220 fp;
  fp.mSize = kTtM, fp.nSize = kTtN, fp.srcStride = kTtM, fp.dstStride = kTtN;
  Fixpipe(gc, lc, fp);
  SetFixpipeNz2ndFlag(1, 1, 1);
  DataCopy(gc[kTtM * kTtN], lc,
           DataCopyCO12DstParams(kTtN, kTtM, kTtN, kTtM, QuantMode_t::NoQuant, 0, false, true));
  LocalTensor<W<half>> lc1 = c1.Get<W<half>>();
  fp.quantPre = QuantMode_t::F322F16;
  fp.dstStride = kTtM;
  Fixpipe<W<half>, W<float>, CFG_NZ>(lc1, lc, fp);
  const LocalTensor<uint8_t> raw = c1.Get<uint8_t>(), raw_t = t2.Get<uint8_t>();
  l1_out.assign(raw.data(), raw.data() + kTtM * kTtN * 2);
  l1_out.insert(l1_out.end(), raw_t.data(), raw_t.data() + kTtK * kTtN * 2);
}

TEST(TensorTraitTensors, CubeFormsAsPlainAndTheProduct) {
  std::vector<half> a(kTtM * kTtK), b(kTtK * kTtN);
  for (uint32_t i = 0; i < a.size(); ++i) a[i] = half(static_cast<float>(i * 7 % 9) - 4.0f);
  for (uint32_t i = 0; i < b.size(); ++i) b[i] = half(static_cast<float>(i * 5 % 7) - 3.0f);
  std::vector<float> plain(2 * kTtM * kTtN, 0.5f), trait = plain;
  std::vector<uint8_t> l1_plain, l1_trait;
  for (auto* out : {&plain, &trait}) {
    LaunchOptions o;
    o.auto_sync = false;
    o.core_type = CoreType::kAic;
    o.regions = {testing::Region(a, "a"), testing::Region(b, "b"), testing::Region(*out, "c")};
    const LaunchResult r = Launch(testing::TestDevice(), 1, o, [&] {
      if (out == &trait) {
        TraitCubeKernel<TtTrait>(a.data(), b.data(), out->data(), l1_trait);
      } else {
        TraitCubeKernel<TtPlain>(a.data(), b.data(), out->data(), l1_plain);
      }
    });
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  }
  EXPECT_EQ(std::memcmp(plain.data(), trait.data(), plain.size() * sizeof(float)), 0);
  EXPECT_EQ(l1_plain, l1_trait);
  for (uint32_t i = 0; i < kTtM; ++i) {
    for (uint32_t j = 0; j < kTtN; ++j) {
      double want = 0;
      for (uint32_t k = 0; k < kTtK; ++k) {
        want += static_cast<double>(static_cast<float>(a[i * kTtK + k])) *
                static_cast<float>(b[k * kTtN + j]);
      }
      EXPECT_EQ(plain[i * kTtN + j], want) << i << "," << j;
      EXPECT_EQ(plain[kTtM * kTtN + i * kTtN + j], want) << i << "," << j;
      half h;
      std::memcpy(&h, l1_plain.data() + (i * kTtN + j) * 2, 2);  // one 16 x 16 NZ fractal
      EXPECT_EQ(static_cast<float>(h), static_cast<float>(half(static_cast<float>(want))));
    }
  }
}

// CANN's instructions take the TensorTrait as their explicit T (`Add<TensorTrait<float>, true>`):
// the level-0 unary, binary and scalar forms and the count binary and scalar forms, named with
// the trait, leave the bits the plain calls leave, and those match the scalar model.
template <typename F>
std::vector<float> TtExplicitArgsKernel() {
  std::vector<float> got(64);
  const LaunchResult r = testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 1024);
    LocalTensor<F> a = buf.GetWithOffset<F>(64, 0), b = buf.GetWithOffset<F>(64, 256);
    LocalTensor<F> c = buf.GetWithOffset<F>(64, 512), d = buf.GetWithOffset<F>(64, 768);
    for (uint32_t i = 0; i < 64; ++i) {
      a.SetValue(i, 0.5f * static_cast<float>(i) - 20.0f);
      b.SetValue(i, 1.0f + static_cast<float>(i % 7));
    }
    const uint64_t mask[2] = {~0ull, 0};
    Add<F, true>(c, a, b, mask, 1, {1, 1, 1, 8, 8, 8});
    PipeBarrier<PIPE_V>();
    Muls<F, true>(d, c, 2.0f, 64, 1, {1, 1, 8, 8});
    PipeBarrier<PIPE_V>();
    Abs<F, true>(c, d, 64, 1, {1, 1, 8, 8});
    PipeBarrier<PIPE_V>();
    Sub<F>(d, c, a, 64);
    PipeBarrier<PIPE_V>();
    Adds<F>(d, d, 1.0f, 64);
    PipeBarrier<PIPE_V>();
    for (uint32_t i = 0; i < 64; ++i) got[i] = d.GetValue(i);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return got;
}

TEST(TensorTraitOps, ExplicitTraitTemplateArguments) {
  const std::vector<float> plain = TtExplicitArgsKernel<float>();
  const std::vector<float> trait = TtExplicitArgsKernel<TensorTrait<float>>();
  ASSERT_EQ(std::memcmp(plain.data(), trait.data(), 64 * sizeof(float)), 0);
  for (uint32_t i = 0; i < 64; ++i) {
    const float a = 0.5f * static_cast<float>(i) - 20.0f, b = 1.0f + static_cast<float>(i % 7);
    EXPECT_EQ(plain[i], std::fabs(2.0f * (a + b)) - a + 1.0f) << i;
  }
}

}  // namespace
}  // namespace opsim::sim::trait_ops_test
