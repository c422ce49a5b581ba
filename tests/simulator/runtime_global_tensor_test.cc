// GlobalTensor's element access as public kernels use it: tensor(i) reads and writes one element
// (bounds-checked), and the public address_ member follows SetGlobalBuffer and subviews.
//
// And Ascend C's auxiliary data structures on the A2/A3: Layout / Shape / Stride / Coord and
// Crd2Idx (the reference's examples), TensorTrait and the tensors of it (a kernel written with
// LocalTensor<TensorTrait<T>> computes what the plain-T kernel does), and ShapeInfo on
// LocalTensor / GlobalTensor, with its dimension fault.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "sim_test_util.h"

namespace opsim::sim {
namespace {

using testing::RunOne;

TEST(GlobalTensorAccess, CallOperatorReadsAndWritesOneElement) {
  std::vector<float> gm = {0, 1, 2, 3, 4, 5, 6, 7};
  float read = 0;
  float* seen = nullptr;
  float* seen_sub = nullptr;
  const LaunchResult r = RunOne(
      [&] {
        AscendC::GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), gm.size());
        read = g(2);
        g(3) = 30.0f;
        seen = g.address_;
        seen_sub = g[4].address_;
      },
      true, {{gm.data(), gm.size() * sizeof(float), "x"}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(read, 2.0f);
  EXPECT_EQ(gm[3], 30.0f);
  EXPECT_EQ(seen, gm.data());
  EXPECT_EQ(seen_sub, gm.data() + 4);
}

TEST(GlobalTensorAccess, CallOperatorPastTheLengthWarnsPastTheRegionFaults) {
  std::vector<float> gm(8, 0);
  auto kernel = [&](uint64_t at) {
    return [&, at] {
      AscendC::GlobalTensor<float> g;
      g.SetGlobalBuffer(gm.data(), 4);
      (void)g(at);
    };
  };
  const LaunchResult inside = RunOne(kernel(4), true, {{gm.data(), gm.size() * 4, "x"}});
  ASSERT_TRUE(inside.status.ok()) << inside.status.ToString();
  ASSERT_EQ(inside.warnings.size(), 1u);
  EXPECT_EQ(inside.warnings[0].kind, "global_tensor_overrun");
  const LaunchResult r = RunOne(kernel(8), true, {{gm.data(), gm.size() * 4, "x"}});
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsGm);
  EXPECT_NE(r.fault->message.find("GM 'x' [0x20, 0x24) of 32 B"), std::string::npos)
      << r.fault->message;
}

// operator[] is pointer arithmetic: a view past the declared size or the region is no fault
// until an access through it leaves the region.
TEST(GlobalTensorAccess, SubviewPastTheEndFaultsOnlyWhenAccessed) {
  std::vector<float> gm(8, 0);
  const GmRegion region{gm.data(), gm.size() * 4, "x"};
  const LaunchResult made = RunOne(
      [&] {
        AscendC::GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), 4);
        AscendC::GlobalTensor<float> past = g[12];
        (void)past.GetSize();
      },
      true, {region});
  EXPECT_TRUE(made.status.ok()) << made.status.ToString();
  const LaunchResult used = RunOne(
      [&] {
        AscendC::GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), 4);
        (void)g[12].GetValue(0);
      },
      true, {region});
  ASSERT_TRUE(used.fault.has_value());
  EXPECT_EQ(used.fault->kind, FaultKind::kOutOfBoundsGm);
  EXPECT_NE(used.fault->message.find("GM 'x' [0x30, 0x34) of 32 B"), std::string::npos)
      << used.fault->message;
}

}  // namespace
}  // namespace opsim::sim

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

// ---- compile-time rules, as CANN's headers state them ----
static_assert(is_layout_v<Layout<Shape<int>, Stride<int>>>);
static_assert(!is_layout_v<Shape<int>>);
static_assert(is_tensorTrait_v<TensorTrait<float>>);
static_assert(!is_tensorTrait_v<float>);
static_assert(!is_tensorTrait_v<Layout<Shape<>, Stride<>>>);
static_assert(std::is_same_v<PrimT<TensorTrait<half>>, half>);
static_assert(std::is_same_v<PrimT<int16_t>, int16_t>);
static_assert(std::is_same_v<LocalTensor<TensorTrait<float>>::PrimType, float>);
static_assert(std::is_same_v<GlobalTensor<TensorTrait<float>>::PrimType, float>);
static_assert(TensorTrait<float>::tPos == TPosition::GM);
static_assert(std::is_same_v<TensorTrait<float>::LiteLayoutType, Layout<Shape<>, Stride<>>>);
// CANN has no conversion between a trait tensor and a plain one.
static_assert(!std::is_constructible_v<LocalTensor<float>, LocalTensor<TensorTrait<float>>>);
static_assert(!std::is_constructible_v<LocalTensor<TensorTrait<float>>, LocalTensor<float>>);
static_assert(!std::is_assignable_v<GlobalTensor<float>&, GlobalTensor<TensorTrait<float>>>);
// Crd2Idx is constexpr, as CANN's: the reference's (3, 4, 5):(20, 5, 1) at (1, 2, 3) is 33.
static_assert(Crd2Idx(MakeCoord(1, 2, 3), MakeShape(3, 4, 5), MakeStride(20, 5, 1)) == 33);
// A layout of constant extents knows its size at compile time.
using TraitConst4 = Std::integral_constant<size_t, 4>;
using TraitConst2 = Std::integral_constant<size_t, 2>;
using TraitConst1 = Std::integral_constant<size_t, 1>;
static_assert(Layout<Shape<TraitConst4, TraitConst2>, Stride<TraitConst4, TraitConst1>>::size ==
              16);
static_assert(Layout<Shape<int, int>, Stride<int, int>>::size == 0);

TEST(LayoutStructs, ShapeStrideLayoutAsTheReferenceShowsThem) {
  Shape<int, int, int> shape = MakeShape(10, 20, 30);
  Stride<int, int, int> stride = MakeStride(1, 100, 200);
  auto layout = MakeLayout(shape, stride);
  EXPECT_EQ(Std::get<0>(layout.GetShape()), 10);
  EXPECT_EQ(Std::get<2>(layout.GetShape()), 30);
  EXPECT_EQ(Std::get<1>(layout.GetStride()), 100);
  // GetShape<I...>() picks modes.
  auto picked = layout.GetShape<2, 0>();
  EXPECT_EQ(Std::get<0>(picked), 30);
  EXPECT_EQ(Std::get<1>(picked), 10);
  EXPECT_EQ(Std::get<0>(layout.GetStride<1>()), 100);
  // The (4, 2):(4, 1) matrix of the reference: a31 at address 13.
  auto matrix = MakeLayout(MakeShape(4, 2), MakeStride(4, 1));
  EXPECT_EQ(matrix(MakeCoord(3, 1)), 13);
  EXPECT_EQ(matrix.GetSize(), 16u);  // max(4 * 4, 2 * 1)
  // Any other rank has no size (CANN's -1).
  EXPECT_EQ(layout.GetSize(), static_cast<uint32_t>(-1));
}

TEST(LayoutStructs, Crd2IdxAgainstTheSumOfCoordTimesStride) {
  // The reference's hierarchical example: ((2, 4), (3, 5)):((3, 6), (1, 24)) at (11, 12) = 129.
  auto shape = MakeShape(MakeShape(2, 4), MakeShape(3, 5));
  auto stride = MakeStride(MakeStride(3, 6), MakeStride(1, 24));
  EXPECT_EQ(Crd2Idx(MakeCoord(11, 12), shape, stride), 129);
  EXPECT_EQ(Crd2Idx(MakeCoord(11, 12), MakeLayout(shape, stride)), 129);
  // Every coordinate of (3, 4, 5):(20, 5, 1), as a tuple and as one column-major integer.
  auto layout = MakeLayout(MakeShape(3, 4, 5), MakeStride(20, 5, 1));
  for (int c2 = 0; c2 < 5; ++c2) {
    for (int c1 = 0; c1 < 4; ++c1) {
      for (int c0 = 0; c0 < 3; ++c0) {
        const int want = c0 * 20 + c1 * 5 + c2;
        EXPECT_EQ(Crd2Idx(MakeCoord(c0, c1, c2), layout), want);
        EXPECT_EQ(layout(c0 + 3 * (c1 + 4 * c2)), want);
      }
    }
  }
}

TEST(TensorTraitStruct, MakeSetGetLayoutAsTheReferenceShowsThem) {
  auto layoutMake = MakeLayout(MakeShape(10, 20, 30), MakeStride(1, 100, 200));
  auto made = MakeTensorTrait<float, TPosition::GM>(layoutMake);
  EXPECT_TRUE(is_tensorTrait<decltype(made)>::value);
  EXPECT_EQ(Std::get<1>(made.GetLayout().GetShape()), 20);
  EXPECT_EQ(Std::get<2>(made.GetStride()), 200);
  using TraitType = TensorTrait<float, TPosition::GM, decltype(layoutMake)>;
  TraitType init(layoutMake);
  EXPECT_EQ(Std::get<0>(init.GetShape()), 10);
  TraitType set;
  EXPECT_EQ(Std::get<0>(set.GetShape()), 0);
  set.SetLayout(layoutMake);
  EXPECT_EQ(Std::get<2>(set.GetLayout().GetStride()), 200);
}

// The reference's TensorTrait sample (binary_scalar_trait_kernel): Adds level-0 on 512 int16
// through queues, once with TensorTrait<int16_t> tensors and once with plain ones.
template <typename E>
void TraitAddsKernel(int16_t* src, int16_t* dst) {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQueueSrc;
  TQue<TPosition::VECOUT, 1> outQueueDst;
  GlobalTensor<E> srcGlobal, dstGlobal;
  srcGlobal.SetGlobalBuffer(src);
  dstGlobal.SetGlobalBuffer(dst);
  pipe.InitBuffer(inQueueSrc, 1, 512 * sizeof(int16_t));
  pipe.InitBuffer(outQueueDst, 1, 512 * sizeof(int16_t));
  LocalTensor<E> in = inQueueSrc.AllocTensor<E>();
  DataCopy(in, srcGlobal, 512);
  inQueueSrc.EnQue(in);
  LocalTensor<E> srcLocal = inQueueSrc.DeQue<E>();
  LocalTensor<E> dstLocal = outQueueDst.AllocTensor<E>();
  uint64_t mask = 128;
  int16_t scalar = 2;
  Adds(dstLocal, srcLocal, scalar, mask, 4, {1, 1, 8, 8});
  outQueueDst.EnQue(dstLocal);
  inQueueSrc.FreeTensor(srcLocal);
  LocalTensor<E> out = outQueueDst.DeQue<E>();
  DataCopy(dstGlobal, out, 512);
  outQueueDst.FreeTensor(out);
}

TEST(TensorTraitTensors, TheReferenceSampleComputesAsThePlainKernel) {
  std::vector<int16_t> src(512), with_trait(512, 0), plain(512, 0);
  for (int i = 0; i < 512; ++i) src[i] = static_cast<int16_t>(i * 97 - 20000);
  for (auto* out : {&with_trait, &plain}) {
    const bool trait = out == &with_trait;
    const LaunchResult r = RunOne(
        [&] {
          if (trait) {
            TraitAddsKernel<TensorTrait<int16_t>>(src.data(), out->data());
          } else {
            TraitAddsKernel<int16_t>(src.data(), out->data());
          }
        },
        true, {testing::Region(src, "src"), testing::Region(*out, "dst")});
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  }
  for (int i = 0; i < 512; ++i) {
    EXPECT_EQ(with_trait[i], static_cast<int16_t>(src[i] + 2)) << i;
    EXPECT_EQ(with_trait[i], plain[i]) << i;
  }
}

// The count forms, TBuf, subviews, Cast and the element accessors on trait tensors.
TEST(TensorTraitTensors, CountFormsAndAccessorsWorkOnTheElementType) {
  constexpr int kTraitN = 64;
  std::vector<float> x(kTraitN), y(kTraitN), out(kTraitN, 0.0f);
  for (int i = 0; i < kTraitN; ++i) {
    x[i] = 0.25f * static_cast<float>(i - 20);
    y[i] = 1.5f + 0.125f * static_cast<float>(i);
  }
  float seen = 0;
  const LaunchResult r = RunOne(
      [&] {
        using F = TensorTrait<float>;
        TPipe pipe;
        TBuf<TPosition::VECCALC> ba, bb, bc, bh;
        for (auto* b : {&ba, &bb, &bc, &bh}) pipe.InitBuffer(*b, kTraitN * sizeof(float));
        GlobalTensor<F> gx, gy, gout;
        gx.SetGlobalBuffer(x.data(), kTraitN);
        gy.SetGlobalBuffer(y.data(), kTraitN);
        gout.SetGlobalBuffer(out.data(), kTraitN);
        LocalTensor<F> a = ba.Get<F>(), b = bb.Get<F>(kTraitN), c = bc.Get<F>();
        EXPECT_EQ(a.GetSize(), static_cast<uint32_t>(kTraitN));
        DataCopy(a, gx, kTraitN);
        DataCopy(b, gy, kTraitN);
        PipeBarrier<PIPE_ALL>();
        Mul(c, a, b, kTraitN);      // x * y
        Adds(c, c, 1.0f, kTraitN);  // + 1
        Abs(c, c, kTraitN);         // |.|
        Sqrt(c, c, kTraitN);        // sqrt
        Max(c, c, a, kTraitN);      // max with x
        LocalTensor<TensorTrait<half>> h = bh.Get<TensorTrait<half>>();
        Cast(h, c, RoundMode::CAST_NONE, kTraitN);
        Cast(c, h, RoundMode::CAST_NONE, kTraitN);
        LocalTensor<F> tail = c[kTraitN / 2];
        seen = tail.GetValue(0);
        PipeBarrier<PIPE_ALL>();
        DataCopy(gout, c, kTraitN);
      },
      true, {testing::Region(x, "x"), testing::Region(y, "y"), testing::Region(out, "out")});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (int i = 0; i < kTraitN; ++i) {
    float v = std::sqrt(std::fabs(x[i] * y[i] + 1.0f));
    v = v > x[i] ? v : x[i];
    EXPECT_EQ(out[i], static_cast<float>(static_cast<half>(v))) << i;
  }
  EXPECT_EQ(seen, out[kTraitN / 2]);
}

// One kernel over the other forms of the TensorTrait list, written once for E = float and once
// for E = TensorTrait<float> (M = its uint8_t mask type): the two must leave the same bits.
template <typename E, typename M>
void TraitFormsKernel(float* x, float* out) {
  constexpr int n = 64;
  TPipe pipe;
  TBuf<TPosition::VECCALC> ba, bb, bc, bd, bm;
  for (auto* b : {&ba, &bb, &bc, &bd}) pipe.InitBuffer(*b, n * sizeof(float));
  pipe.InitBuffer(bm, 256);
  GlobalTensor<E> gx, gout;
  gx.SetGlobalBuffer(x, n);
  gout.SetGlobalBuffer(out, 5 * n);
  LocalTensor<E> a = ba.template Get<E>(), b = bb.template Get<E>(), c = bc.template Get<E>(),
                 d = bd.template Get<E>();
  LocalTensor<M> mask = bm.template Get<M>();
  DataCopy(a, gx, DataCopyParams{1, n * 4 / 32, 0, 0});
  PipeBarrier<PIPE_ALL>();
  Duplicate(b, 0.5f, n);
  Adds(b, b, 1, n);  // an int scalar, converted as the plain form does
  const uint64_t full[2] = {~0ull, 0};
  Muls(c, a, 0.25f, full, 1, {1, 1, 8, 8});
  Exp(c, c, 64, 1, {1, 1, 8, 8});
  FusedMulAdd(c, a, b, n);  // c = a * c + b
  Compare(mask, a, b, CMPMODE::LT, n);
  Select(d, mask, a, c, SELMODE::VSEL_TENSOR_TENSOR_MODE, n);
  Sub(d, d, b, full, 1, {1, 1, 1, 8, 8, 8});
  Copy(c, d, 64, 1, {1, 1, 8, 8});
  Ln(c, c, n);  // negative lanes give NaN on both
  PipeBarrier<PIPE_ALL>();
  DataCopy(gout, d, n);
  DataCopy(gout[n], c, n);
  LocalTensor<E> r = b[0];
  ReduceSum(r, a, c, n);
  PipeBarrier<PIPE_ALL>();
  DataCopy(gout[2 * n], b, 8);
  ReduceMax(r, a, c, n, true);
  PipeBarrier<PIPE_ALL>();
  DataCopy(gout[3 * n], b, 8);
  Select(d, mask, a, 3.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
  PipeBarrier<PIPE_ALL>();
  DataCopy(gout[4 * n], d, n);
}

TEST(TensorTraitTensors, TheListedFormsLeaveThePlainKernelsBits) {
  std::vector<float> x(64), plain(320, 0.0f), trait(320, 0.0f);
  for (int i = 0; i < 64; ++i) x[i] = 0.125f * static_cast<float>(i * 7 % 41) - 2.0f;
  for (auto* out : {&plain, &trait}) {
    const LaunchResult r = RunOne(
        [&] {
          if (out == &trait) {
            TraitFormsKernel<TensorTrait<float>, TensorTrait<uint8_t>>(x.data(), out->data());
          } else {
            TraitFormsKernel<float, uint8_t>(x.data(), out->data());
          }
        },
        false, {testing::Region(x, "x"), testing::Region(*out, "out")});
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  }
  EXPECT_EQ(std::memcmp(plain.data(), trait.data(), plain.size() * sizeof(float)), 0);
  // And the plain kernel's select against its scalar model.
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(plain[256 + i], x[i] < 1.5f ? x[i] : 3.0f) << i;
  }
}

// Gather, GatherMask and Sort32 with their index tensors as trait tensors too (O).
template <typename E, typename O>
void TraitGatherKernel(float* x, float* out, uint64_t* kept) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> ba, bb, bo, bs;
  for (auto* b : {&ba, &bb, &bo}) pipe.InitBuffer(*b, 64 * sizeof(float));
  pipe.InitBuffer(bs, 512);
  GlobalTensor<E> gx, gout;
  gx.SetGlobalBuffer(x, 64);
  gout.SetGlobalBuffer(out, 192);
  LocalTensor<E> a = ba.template Get<E>(), b = bb.template Get<E>(), s = bs.template Get<E>();
  LocalTensor<O> off = bo.template Get<O>();
  DataCopy(a, gx, 64);
  PipeBarrier<PIPE_ALL>();
  for (uint32_t i = 0; i < 64; ++i) off.SetValue(i, ((i * 37) % 64) * 4);  // byte offsets
  Gather(b, a, off, 0, 64);
  PipeBarrier<PIPE_ALL>();
  DataCopy(gout, b, 64);
  GatherMask(b, a, 1, false, 0, {1, 1, 8, 0}, *kept);  // pattern 1: the even elements
  PipeBarrier<PIPE_ALL>();
  DataCopy(gout[64], b, 32);
  for (uint32_t i = 0; i < 32; ++i) off.SetValue(i, i);
  Sort32(s, a, off, 1);  // 32 (score, index) pairs, descending
  PipeBarrier<PIPE_ALL>();
  DataCopy(gout[128], s, 64);
}

TEST(TensorTraitTensors, GatherAndSortWithTraitIndexTensors) {
  std::vector<float> x(64), plain(192, 0.0f), trait(192, 0.0f);
  for (int i = 0; i < 64; ++i) x[i] = static_cast<float>((i * 29) % 64) - 10.0f;
  uint64_t kept_plain = 0, kept_trait = 0;
  for (auto* out : {&plain, &trait}) {
    const LaunchResult r = RunOne(
        [&] {
          if (out == &trait) {
            TraitGatherKernel<TensorTrait<float>, TensorTrait<uint32_t>>(x.data(), out->data(),
                                                                         &kept_trait);
          } else {
            TraitGatherKernel<float, uint32_t>(x.data(), out->data(), &kept_plain);
          }
        },
        false, {testing::Region(x, "x"), testing::Region(*out, "out")});
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  }
  EXPECT_EQ(std::memcmp(plain.data(), trait.data(), plain.size() * sizeof(float)), 0);
  EXPECT_EQ(kept_trait, kept_plain);
  EXPECT_EQ(kept_plain, 32u);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(plain[i], x[(i * 37) % 64]) << i;
  for (int i = 0; i < 32; ++i) EXPECT_EQ(plain[64 + i], x[2 * i]) << i;
  EXPECT_GE(plain[128], plain[130]);  // descending scores
}

TEST(ShapeInfoStruct, SetAndGetOnBothTensorsAndTheShapeSize) {
  const uint32_t dims[] = {2, 3, 4};
  const uint32_t original[] = {24};
  ShapeInfo info(3, dims, 1, original, DataFormat::NCHW);
  EXPECT_EQ(info.shapeDim, 3);
  EXPECT_EQ(info.originalShapeDim, 1);
  EXPECT_EQ(info.originalShape[0], 24u);
  EXPECT_EQ(info.dataFormat, DataFormat::NCHW);
  EXPECT_EQ(GetShapeSize(info), 24u);
  EXPECT_EQ(GetShapeSize(ShapeInfo()), 1u);
  const ShapeInfo nd(2, dims);
  EXPECT_EQ(nd.dataFormat, DataFormat::ND);
  EXPECT_EQ(nd.originalShape[1], 3u);
  std::vector<float> gm(8, 0.0f);
  ShapeInfo local_back, global_back;
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 256);
        LocalTensor<float> t = buf.Get<float>();
        t.SetShapeInfo(info);
        local_back = t[8].GetShapeInfo();  // a subview keeps it
        GlobalTensor<float> g;
        g.SetGlobalBuffer(gm.data(), gm.size());
        g.SetShapeInfo(nd);
        global_back = g.GetShapeInfo();
      },
      true, {testing::Region(gm, "gm")});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(local_back.shapeDim, 3);
  EXPECT_EQ(local_back.shape[2], 4u);
  EXPECT_EQ(global_back.shapeDim, 2);
  EXPECT_EQ(GetShapeSize(global_back), 6u);
}

TEST(ShapeInfoStruct, MoreDimensionsThanKMaxShapeDimFault) {
  const uint32_t dims[9] = {1, 1, 1, 1, 1, 1, 1, 1, 2};
  const LaunchResult r = RunOne([&] { ShapeInfo too_many(9, dims); });
  ASSERT_TRUE(r.fault.has_value());
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(r.fault->message.find("argument 9 is invalid: a shape has at most K_MAX_SHAPE_DIM = 8"),
            std::string::npos)
      << r.fault->message;
  const LaunchResult original = RunOne([&] { ShapeInfo bad(2, dims, 9, dims, DataFormat::ND); });
  ASSERT_TRUE(original.fault.has_value());
  EXPECT_EQ(original.fault->kind, FaultKind::kInvalidArgument);
}

}  // namespace
}  // namespace opsim::sim
