// DataCopy with SliceInfo (GM <-> UB slice copies) against a scalar model of CANN's documented
// selection, in every element width, and each rule's fault.
#include <gtest/gtest.h>

#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;
using testing::RunOne;

// The model: the m-th selected row of the source lands on the m-th selected row of the
// destination (rows counted with dimension 1 fastest); in a row, burst b of burstLen 32 B blocks
// starts (burst + stride) elements after burst b-1 on each side.
std::vector<uint64_t> Rows(const std::vector<SliceInfo>& s) {
  std::vector<uint64_t> starts{s[0].startIndex};
  uint64_t plane = 1;
  for (size_t d = 1; d < s.size(); ++d) {
    plane *= s[d - 1].shapeValue;
    std::vector<uint64_t> next;
    for (uint64_t i = s[d].startIndex; i <= s[d].endIndex; i += 1ull + s[d].stride) {
      for (uint64_t lower : starts) next.push_back(lower + i * plane);
    }
    starts = next;
  }
  return starts;
}

template <typename T>
void ModelCopy(const std::vector<SliceInfo>& dst, const std::vector<SliceInfo>& src,
               const std::vector<T>& from, std::vector<T>* to) {
  const uint64_t burst = src[0].burstLen * 32 / sizeof(T);
  const uint64_t bursts =
      (src[0].endIndex - src[0].startIndex + 1 + src[0].stride) / (burst + src[0].stride);
  const std::vector<uint64_t> s_rows = Rows(src);
  const std::vector<uint64_t> d_rows = Rows(dst);
  for (size_t r = 0; r < s_rows.size(); ++r) {
    for (uint64_t b = 0; b < bursts; ++b) {
      for (uint64_t e = 0; e < burst; ++e) {
        (*to)[d_rows[r] + b * (burst + dst[0].stride) + e] =
            from[s_rows[r] + b * (burst + src[0].stride) + e];
      }
    }
  }
}

template <typename T>
std::vector<T> Ramp(size_t n) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<T>(static_cast<float>(i % 97 + 1));
  return v;
}

// GM -> UB with the slices (over zeros), then the whole UB buffer back out to compare.
template <typename T>
void CheckIn(const std::vector<SliceInfo>& dst, const std::vector<SliceInfo>& src, size_t gm_elems,
             size_t ub_elems) {
  std::vector<T> in = Ramp<T>(gm_elems);
  std::vector<T> out(ub_elems, T(0));
  std::vector<T> want(ub_elems, T(0));
  ModelCopy(dst, src, in, &want);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, static_cast<uint32_t>(ub_elems * sizeof(T)));
        GlobalTensor<T> x, y;
        x.SetGlobalBuffer(in.data(), gm_elems);
        y.SetGlobalBuffer(out.data(), ub_elems);
        LocalTensor<T> t = b.Get<T>();
        DataCopy(t, y, static_cast<uint32_t>(ub_elems));  // zeros, so every byte is written
        PipeBarrier<PIPE_ALL>();
        DataCopy(t, x, dst.data(), src.data(), static_cast<uint32_t>(src.size()));
        PipeBarrier<PIPE_ALL>();
        DataCopy(y, t, static_cast<uint32_t>(ub_elems));
      },
      true, {{in.data(), in.size() * sizeof(T), "x"}, {out.data(), out.size() * sizeof(T), "y"}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(0, std::memcmp(out.data(), want.data(), out.size() * sizeof(T))) << sizeof(T);
}

// UB -> GM: a ramp in the UB, the slices out to a zeroed GM buffer.
template <typename T>
void CheckOut(const std::vector<SliceInfo>& dst, const std::vector<SliceInfo>& src, size_t ub_elems,
              size_t gm_elems) {
  std::vector<T> in = Ramp<T>(ub_elems);
  std::vector<T> out(gm_elems, T(0));
  std::vector<T> want(gm_elems, T(0));
  ModelCopy(dst, src, in, &want);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, static_cast<uint32_t>(ub_elems * sizeof(T)));
        GlobalTensor<T> x, y;
        x.SetGlobalBuffer(in.data(), ub_elems);
        y.SetGlobalBuffer(out.data(), gm_elems);
        LocalTensor<T> t = b.Get<T>();
        DataCopy(t, x, static_cast<uint32_t>(ub_elems));
        PipeBarrier<PIPE_ALL>();
        DataCopy(y, t, dst.data(), src.data(), static_cast<uint32_t>(src.size()));
      },
      true, {{in.data(), in.size() * sizeof(T), "x"}, {out.data(), out.size() * sizeof(T), "y"}});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(0, std::memcmp(out.data(), want.data(), out.size() * sizeof(T))) << sizeof(T);
}

// Three dimensions: dimension 0 two blocks wide of a 2-block-plus-gap row, rows 1 and 3 of 4,
// planes 0 and 2 of 3; packed into the UB.
template <typename T>
void ThreeDims() {
  const uint32_t blk = 32 / sizeof(T);
  const uint32_t row = 3 * blk;  // the GM row: 2 blocks taken, 1 left
  const std::vector<SliceInfo> src = {
      {0, 2 * blk - 1, 0, 2, row}, {1, 3, 1, 1, 4}, {0, 2, 1, 1, 3}};
  const std::vector<SliceInfo> dst = {
      {0, 2 * blk - 1, 0, 2, 2 * blk}, {0, 1, 0, 1, 2}, {0, 1, 0, 1, 2}};
  CheckIn<T>(dst, src, row * 4 * 3, 2 * blk * 2 * 2);
  // And back: the packed UB rows to rows 0 and 2, planes 1 and 2, of a GM tensor.
  const std::vector<SliceInfo> out_dst = {
      {0, 2 * blk - 1, blk, 2, row}, {0, 2, 1, 1, 4}, {1, 2, 0, 1, 3}};
  const std::vector<SliceInfo> out_src = dst;
  CheckOut<T>(out_dst, {{0, 2 * blk - 1, 0, 2, 2 * blk}, out_src[1], out_src[2]}, 2 * blk * 4,
              row * 4 * 3);
}

TEST(DataCopySlice, ThreeDimensionsInEveryElementWidth) {
  ThreeDims<int8_t>();
  ThreeDims<uint8_t>();
  ThreeDims<int16_t>();
  ThreeDims<uint16_t>();
  ThreeDims<half>();
  ThreeDims<bfloat16_t>();
  ThreeDims<int32_t>();
  ThreeDims<uint32_t>();
  ThreeDims<float>();
}

// One dimension: three bursts of one block, 8 floats apart in GM, packed in the UB (CANN's
// example has the same shape: startIndex, endIndex, a gap, burstLen blocks per burst).
TEST(DataCopySlice, OneDimensionBurstsWithAGmGap) {
  CheckIn<float>({{0, 23, 0, 1, 24}}, {{8, 8 + 3 * 16 - 8 - 1, 8, 1, 64}}, 64, 24);
}

// A GM gap of 3 halves (6 B) is no whole block: the chip moves it byte-exact.
TEST(DataCopySlice, GmGapThatIsNoWholeBlock) {
  CheckIn<half>({{0, 63, 0, 1, 64}}, {{2, 2 + 4 * 19 - 3 - 1, 3, 1, 96}}, 96, 64);
  CheckOut<int8_t>({{5, 5 + 2 * 35 - 3 - 1, 3, 1, 96}}, {{0, 63, 0, 1, 64}}, 64, 96);
}

// Runs a GM -> UB slice copy of 64 floats with the given slices and returns its fault.
std::optional<Fault> FaultOf(std::vector<SliceInfo> dst, std::vector<SliceInfo> src,
                             uint32_t dims) {
  std::vector<float> in(4096, 1.0f);
  const LaunchResult r = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 4096);
        GlobalTensor<float> x;
        x.SetGlobalBuffer(in.data(), in.size());
        LocalTensor<float> t = b.Get<float>();
        DataCopy(t, x, dst.data(), src.data(), dims);
      },
      true, {{in.data(), in.size() * sizeof(float), "x"}});
  return r.fault;
}

void ExpectFault(std::vector<SliceInfo> dst, std::vector<SliceInfo> src, uint32_t dims,
                 FaultKind kind, const std::string& text) {
  const std::optional<Fault> f = FaultOf(std::move(dst), std::move(src), dims);
  ASSERT_TRUE(f.has_value()) << text;
  EXPECT_EQ(f->kind, kind) << f->ToString();
  EXPECT_NE(f->message.find(text), std::string::npos) << f->ToString();
  EXPECT_EQ(f->instruction, "DataCopy with SliceInfo");
}

TEST(DataCopySlice, EachRuleFaultsNamingTheValue) {
  const SliceInfo row{0, 7, 0, 1, 8};
  std::vector<SliceInfo> nine(9, row);
  ExpectFault({row}, {row}, 0, FaultKind::kInvalidArgument, "dimValue 0 is not 1 to 8");
  ExpectFault(nine, nine, 9, FaultKind::kInvalidArgument, "dimValue 9 is not 1 to 8");
  ExpectFault({row}, {{9, 7, 0, 1, 8}}, 1, FaultKind::kInvalidArgument,
              "srcSliceInfo[0].startIndex 9 is past its endIndex 7");
  ExpectFault({row, {0, 0, 0, 2, 2}}, {row, {0, 0, 0, 1, 2}}, 2, FaultKind::kInvalidArgument,
              "dstSliceInfo[1].burstLen is 2: above dimension 0 burstLen must be 1");
  ExpectFault({row}, {{0, 7, 0, 0, 8}}, 1, FaultKind::kInvalidArgument, "makes 0 bursts");
  ExpectFault({row}, {{0, 6, 0, 1, 8}}, 1, FaultKind::kInvalidArgument, "makes 0 bursts");
  ExpectFault({row, {0, 1, 0, 1, 2}}, {{0, 7, 0, 1, 0}, {0, 1, 0, 1, 2}}, 2,
              FaultKind::kUnsupported, "srcSliceInfo[0].shapeValue is 0");
  ExpectFault({{0, 31, 4, 1, 32}}, {{0, 15, 0, 1, 16}}, 1, FaultKind::kMisalignedCopy,
              "dstSliceInfo[0].stride 4 elements is not a whole number of 32 B blocks");
  ExpectFault({row, {0, 0, 0, 1, 1}}, {row, {0, 1, 0, 1, 2}}, 2, FaultKind::kInvalidArgument,
              "the source slices select 2 rows, the destination's only 1");
  ExpectFault({{1024, 1031, 0, 1, 2048}}, {row}, 1, FaultKind::kOutOfBoundsUb,
              "dst slice row at element 1024");
}

// A slice past the GlobalTensor is the DMA's GM bounds fault.
TEST(DataCopySlice, PastTheGlobalTensorFaults) {
  const std::optional<Fault> f = FaultOf({{0, 7, 0, 1, 8}}, {{4096, 4103, 0, 1, 8192}}, 1);
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->kind, FaultKind::kOutOfBoundsGm) << f->ToString();
}

}  // namespace
}  // namespace opsim::sim
