// A widening Cast (float16/bfloat16 -> float32) whose source is read in place from GM is
// deferred like a copy (copy_elision.h, DeferWidening), and the count-form ReduceSum over its
// float32 piece sums the 16-bit source instead (vec::RepeatSumsInOrderWidened): the bits of every
// result must be those of the checked run, which widens and sums as written, and every other
// reader or writer of the piece or of its GM source must see the widening performed first.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include "kernel_operator.h"
#include "opsim/core/float16.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

constexpr uint32_t kWidenElems = 2048;   // 16-bit elements copied in (a whole number of blocks)
constexpr uint32_t kWidenCount = 2037;   // the ones widened and summed: a partial last repeat
constexpr float kUnwrittenMark = -3.5f;  // what the float32 piece holds before the Cast

// 16-bit bits of values whose float32 sum depends on the order of the adds, for float16
// (`half`) or bfloat16.
std::vector<uint16_t> WidenInput(bool half, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> mag(-8.0f, 8.0f);
  std::vector<uint16_t> bits(kWidenElems);
  for (uint32_t i = 0; i < kWidenElems; ++i) {
    const float v = std::ldexp(mag(rng), static_cast<int>(i % 13) - 6);
    bits[i] = half ? FloatToHalfBits(v) : FloatToBFloat16Bits(v);
  }
  return bits;
}

struct WidenRun {
  float sum = 0;
  std::vector<float> piece;  // the float32 piece's UB bytes, read raw, after the ReduceSum
  std::vector<float> out;    // what the kernel copied out besides the sum (variant-defined)
};

// The kernel's steps between the Cast and the ReduceSum, and after.
enum class WidenStep {
  kNothing,
  kPartialOverwrite,
  kSourceWritten,
  kCopyOut,
  kSecondCast,
  kAddIntoPiece
};

// x (16-bit, in GM) copied into the UB, Cast into a float32 piece, optionally touched
// (`between`), then ReduceSum'd; y[0] the sum, y[8..] what kCopyOut copied out.
template <typename T>
WidenRun RunWidenKernel(std::vector<uint16_t> x, WidenStep between, bool checked, bool elide) {
  std::vector<float> y(8 + kWidenElems, 0.0f);
  WidenRun run;
  LaunchOptions options;
  options.checked = checked;
  options.copy_elision = elide;
  options.host_threads = 1;
  options.regions = {{x.data(), x.size() * 2, "x"}, {y.data(), y.size() * sizeof(float), "y"}};
  const LaunchResult r = Launch(testing::TestDevice(4), 1, options, [&] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in;
    TBuf<TPosition::VECCALC> piece_buf, work_buf, sum_buf, other_buf;
    pipe.InitBuffer(in, 1, kWidenElems * 2);
    pipe.InitBuffer(piece_buf, kWidenElems * sizeof(float));
    pipe.InitBuffer(work_buf, 256);
    pipe.InitBuffer(sum_buf, 32);
    pipe.InitBuffer(other_buf, kWidenElems * 2);
    GlobalTensor<T> xg;
    xg.SetGlobalBuffer(reinterpret_cast<T*>(x.data()), kWidenElems);
    GlobalTensor<float> yg;
    yg.SetGlobalBuffer(y.data(), static_cast<uint32_t>(y.size()));
    LocalTensor<float> piece = piece_buf.Get<float>();
    Duplicate(piece, kUnwrittenMark, static_cast<int32_t>(kWidenElems));
    LocalTensor<T> t = in.AllocTensor<T>();
    DataCopy(t, xg, kWidenElems);
    in.EnQue(t);
    t = in.DeQue<T>();
    Cast(piece, t, RoundMode::CAST_NONE, kWidenCount);
    if (between == WidenStep::kPartialOverwrite) {
      Duplicate(piece[64], 0.25f, 64);
    } else if (between == WidenStep::kSourceWritten) {
      xg.SetValue(100, T(1000.0f));
    } else if (between == WidenStep::kCopyOut) {
      SetFlag<HardEvent::V_MTE3>(0);
      WaitFlag<HardEvent::V_MTE3>(0);
      DataCopy(yg[8], piece, kWidenElems);
    } else if (between == WidenStep::kSecondCast) {
      LocalTensor<T> other = other_buf.Get<T>();
      Duplicate(other, T(2.0f), static_cast<int32_t>(kWidenElems));
      Cast(piece, other, RoundMode::CAST_NONE, kWidenCount);  // overwrites the first widening
    } else if (between == WidenStep::kAddIntoPiece) {
      LocalTensor<float> other = other_buf.Get<float>();
      Duplicate(other, 0.5f, 64);
      Add(piece[64], other, other, 64);  // sources elsewhere: only dst lies in the widening
    }
    LocalTensor<float> sum = sum_buf.Get<float>();
    ReduceSum(sum, piece, work_buf.Get<float>(), static_cast<int32_t>(kWidenCount));
    run.piece.assign(piece.data(), piece.data() + kWidenElems);
    SetFlag<HardEvent::V_MTE3>(1);
    WaitFlag<HardEvent::V_MTE3>(1);
    DataCopy(yg, sum, 8);
    in.FreeTensor(t);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  run.sum = y[0];
  run.out.assign(y.begin() + 8, y.end());
  return run;
}

// The three modes agree bit for bit; returns the unchecked run with copy elision (the fused one).
template <typename T>
WidenRun WidenModesAgree(const std::vector<uint16_t>& x, WidenStep between) {
  const WidenRun fused = RunWidenKernel<T>(x, between, false, true);
  const WidenRun plain = RunWidenKernel<T>(x, between, false, false);
  const WidenRun checked = RunWidenKernel<T>(x, between, true, false);
  EXPECT_EQ(0, std::memcmp(&fused.sum, &checked.sum, sizeof(float)))
      << fused.sum << " vs " << checked.sum;
  EXPECT_EQ(0, std::memcmp(&plain.sum, &checked.sum, sizeof(float)));
  EXPECT_EQ(fused.out, checked.out);
  return fused;
}

bool WidenPieceUnwritten(const WidenRun& run) {
  for (uint32_t i = 0; i < kWidenCount; ++i) {
    if (run.piece[i] != kUnwrittenMark) return false;
  }
  return true;
}

TEST(WidenElision, ReduceSumOfAWideningSumsTheSourceInPlace) {
  for (uint32_t seed : {1u, 2u, 3u}) {
    const WidenRun h = WidenModesAgree<half>(WidenInput(true, seed), WidenStep::kNothing);
    EXPECT_TRUE(WidenPieceUnwritten(h)) << "float16: the piece was widened, seed " << seed;
    const WidenRun b = WidenModesAgree<bfloat16_t>(WidenInput(false, seed), WidenStep::kNothing);
    EXPECT_TRUE(WidenPieceUnwritten(b)) << "bfloat16: the piece was widened, seed " << seed;
  }
}

TEST(WidenElision, SpecialValuesGiveTheCheckedBits) {
  // Infinities, a NaN (signalling in float16), subnormals and signed zeros among the values.
  for (const bool half_input : {true, false}) {
    std::vector<uint16_t> x = WidenInput(half_input, 9);
    const uint16_t specials_half[] = {0x7c00, 0x0001, 0x8000, 0x03ff, 0x8001};
    const uint16_t specials_bf16[] = {0x7f80, 0x0001, 0x8000, 0x007f, 0x8001};
    for (int k = 0; k < 5; ++k) x[7 + 300 * k] = half_input ? specials_half[k] : specials_bf16[k];
    if (half_input) {
      WidenModesAgree<half>(x, WidenStep::kNothing);
      x[1500] = 0x7d01;  // a signalling NaN
      WidenModesAgree<half>(x, WidenStep::kNothing);
    } else {
      WidenModesAgree<bfloat16_t>(x, WidenStep::kNothing);
      x[1500] = 0x7f81;
      WidenModesAgree<bfloat16_t>(x, WidenStep::kNothing);
    }
  }
}

TEST(WidenElision, OtherReadersAndWritersSeeThePieceWidened) {
  const std::vector<uint16_t> x = WidenInput(true, 4);
  // Part of the piece overwritten, or copied out: the widening is performed first.
  EXPECT_FALSE(WidenPieceUnwritten(WidenModesAgree<half>(x, WidenStep::kPartialOverwrite)));
  const WidenRun copied = WidenModesAgree<half>(x, WidenStep::kCopyOut);
  EXPECT_FALSE(WidenPieceUnwritten(copied));
  for (uint32_t i = 0; i < kWidenCount; i += 97) {
    EXPECT_EQ(copied.out[i], HalfBitsToFloat(x[i])) << i;
  }
  // Its GM source written: the piece keeps the values read before the write.
  const WidenRun written = WidenModesAgree<half>(x, WidenStep::kSourceWritten);
  EXPECT_FALSE(WidenPieceUnwritten(written));
  EXPECT_EQ(written.piece[100], HalfBitsToFloat(x[100]));
}

TEST(WidenElision, AnAddIntoThePieceCutsTheWidening) {
  // A float32 Add whose sources lie outside every deferred copy and whose dst lies inside the
  // widened piece (Binary's direct path must still see dst): the widening is cut around the
  // lanes it writes, and the sum counts the Add's lanes, not the source's.
  const std::vector<uint16_t> x = WidenInput(false, 7);
  const WidenRun run = WidenModesAgree<bfloat16_t>(x, WidenStep::kAddIntoPiece);
  for (uint32_t i = 64; i < 128; ++i) EXPECT_EQ(run.piece[i], 1.0f) << i;
}

TEST(WidenElision, ACastOverTheWholePieceDropsTheEarlierWidening) {
  // The second Cast reads a tile of the UB (no GM source): it converts at once, and the first,
  // deferred one is dropped, not performed (its values appear nowhere).
  const WidenRun run = WidenModesAgree<half>(WidenInput(true, 5), WidenStep::kSecondCast);
  EXPECT_EQ(run.sum, 2.0f * kWidenCount);
  EXPECT_EQ(run.piece[0], 2.0f);
}

// The ARA rows' steps over a widened piece of kFoldRows rows of kFoldCols (reduce_tile_ops.h's
// AccumulateRows): folds in halves with `op` (odd counts leave rows the next fold reads from the
// widening, beside a folded row), then `op` of the row left into accumulators; or, with one row,
// `op` of the piece straight into them. y: the accumulators, then the whole piece copied out
// (the lanes no fold wrote are still the widening's then).
constexpr uint32_t kFoldCols = 136;  // a partial last chunk of the fused kernel's vectors
constexpr uint32_t kFoldRows = 7;

template <typename T>
std::vector<float> RunFoldKernel(const std::vector<uint16_t>& x, uint32_t rows, bool use_max,
                                 bool checked, bool elide) {
  const uint32_t elems = rows * kFoldCols;
  std::vector<float> y(kFoldCols + kWidenElems, 0.0f);
  LaunchOptions options;
  options.checked = checked;
  options.copy_elision = elide;
  options.host_threads = 1;
  options.regions = {{const_cast<uint16_t*>(x.data()), x.size() * 2, "x"},
                     {y.data(), y.size() * sizeof(float), "y"}};
  const LaunchResult r = Launch(testing::TestDevice(4), 1, options, [&] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in;
    TBuf<TPosition::VECCALC> piece_buf, acc_buf;
    pipe.InitBuffer(in, 1, kWidenElems * 2);
    pipe.InitBuffer(piece_buf, kWidenElems * sizeof(float));
    pipe.InitBuffer(acc_buf, kFoldCols * sizeof(float));
    GlobalTensor<T> xg;
    xg.SetGlobalBuffer(reinterpret_cast<T*>(const_cast<uint16_t*>(x.data())), kWidenElems);
    GlobalTensor<float> yg;
    yg.SetGlobalBuffer(y.data(), static_cast<uint32_t>(y.size()));
    LocalTensor<float> acc = acc_buf.Get<float>();
    Duplicate(acc, 0.75f, static_cast<int32_t>(kFoldCols));
    LocalTensor<float> piece = piece_buf.Get<float>();
    Duplicate(piece, kUnwrittenMark, static_cast<int32_t>(kWidenElems));
    LocalTensor<T> t = in.AllocTensor<T>();
    DataCopy(t, xg, kWidenElems);
    in.EnQue(t);
    t = in.DeQue<T>();
    Cast(piece, t, RoundMode::CAST_NONE, elems);
    const auto combine = [&](const LocalTensor<float>& d, const LocalTensor<float>& a,
                             const LocalTensor<float>& b, uint32_t n) {
      if (use_max) {
        Max(d, a, b, static_cast<int32_t>(n));
      } else {
        Add(d, a, b, static_cast<int32_t>(n));
      }
    };
    for (uint32_t n = rows; n > 1;) {
      const uint32_t folded = n / 2;
      const uint32_t kept = n - folded;
      combine(piece, piece, piece[kept * kFoldCols], folded * kFoldCols);
      n = kept;
    }
    combine(acc, acc, piece, kFoldCols);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yg, acc, kFoldCols);
    DataCopy(yg[kFoldCols], piece, kWidenElems);
    in.FreeTensor(t);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return y;
}

// The fused run (unchecked, copy elision) gives the checked run's bytes, and so does the plain
// unchecked one.
template <typename T>
void FoldModesAgree(const std::vector<uint16_t>& x, uint32_t rows, bool use_max) {
  const std::vector<float> fused = RunFoldKernel<T>(x, rows, use_max, false, true);
  const std::vector<float> plain = RunFoldKernel<T>(x, rows, use_max, false, false);
  const std::vector<float> checked = RunFoldKernel<T>(x, rows, use_max, true, false);
  ASSERT_EQ(fused.size(), checked.size());
  EXPECT_EQ(0, std::memcmp(fused.data(), checked.data(), fused.size() * sizeof(float)))
      << "rows " << rows << (use_max ? " Max" : " Add");
  EXPECT_EQ(0, std::memcmp(plain.data(), checked.data(), plain.size() * sizeof(float)));
}

TEST(WidenElision, FoldsAndAccumulationOfAWideningGiveTheCheckedBits) {
  for (const bool half_input : {true, false}) {
    std::vector<uint16_t> x = WidenInput(half_input, 11);
    // An infinity, a (signalling in float16) NaN, a subnormal and a negative zero.
    const uint16_t specials_half[] = {0x7c00, 0x7d01, 0x0001, 0x8000};
    const uint16_t specials_bf16[] = {0x7f80, 0x7f81, 0x0001, 0x8000};
    for (int k = 0; k < 4; ++k) x[5 + 211 * k] = half_input ? specials_half[k] : specials_bf16[k];
    for (const uint32_t rows : {1u, 2u, 3u, kFoldRows}) {
      for (const bool use_max : {false, true}) {
        if (half_input) {
          FoldModesAgree<half>(x, rows, use_max);
        } else {
          FoldModesAgree<bfloat16_t>(x, rows, use_max);
        }
      }
    }
  }
}

// An ARA column chunk's tile (reduce_wide.h, AccumulateRowsWide): kTileRows rows of kTileCols,
// kGmPitch apart in GM, packed in the UB by one strided copy (DataCopyPad, as the 910B's
// kernels copy, or DataCopy); pieces of `group` rows cast, folded and added into accumulators
// (DeferWideningOfBlocks: one widening per row, the tile never copied). A piece starting
// mid-row (`group` 0) is added whole into accumulators of its length. y: the accumulators, then
// the piece buffer copied out.
constexpr uint32_t kTileRows = 7;
constexpr uint32_t kTileCols = 64;
constexpr uint32_t kGmPitch = 96;
constexpr uint32_t kMidStart = 24;

struct BlocksRun {
  std::vector<float> y;
  uint64_t elided = 0;
};

template <typename T>
BlocksRun RunBlocksKernel(const std::vector<uint16_t>& x, uint32_t group, bool pad, bool checked,
                          bool elide) {
  constexpr uint32_t kAccElems = 2 * kTileCols;
  constexpr uint32_t kPieceElems = 4 * kTileCols;
  std::vector<float> y(kAccElems + kPieceElems, 0.0f);
  LaunchOptions options;
  options.checked = checked;
  options.copy_elision = elide;
  options.host_threads = 1;
  options.regions = {{const_cast<uint16_t*>(x.data()), x.size() * 2, "x"},
                     {y.data(), y.size() * sizeof(float), "y"}};
  const LaunchResult r = Launch(testing::TestDevice(4), 1, options, [&] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in;
    TBuf<TPosition::VECCALC> piece_buf, acc_buf;
    pipe.InitBuffer(in, 1, kTileRows * kTileCols * 2);
    pipe.InitBuffer(piece_buf, kPieceElems * sizeof(float));
    pipe.InitBuffer(acc_buf, kAccElems * sizeof(float));
    GlobalTensor<T> xg;
    xg.SetGlobalBuffer(reinterpret_cast<T*>(const_cast<uint16_t*>(x.data())),
                       static_cast<uint32_t>(x.size()));
    GlobalTensor<float> yg;
    yg.SetGlobalBuffer(y.data(), static_cast<uint32_t>(y.size()));
    LocalTensor<float> acc = acc_buf.Get<float>();
    Duplicate(acc, 0.75f, static_cast<int32_t>(kAccElems));
    LocalTensor<float> piece = piece_buf.Get<float>();
    Duplicate(piece, kUnwrittenMark, static_cast<int32_t>(kPieceElems));
    LocalTensor<T> t = in.AllocTensor<T>();
    if (pad) {
      DataCopyPad(t, xg[16],
                  DataCopyExtParams{kTileRows, kTileCols * 2, (kGmPitch - kTileCols) * 2, 0, 0},
                  DataCopyPadExtParams<T>{true, 0, 0, T(0.0f)});
    } else {
      DataCopy(t, xg[16],
               DataCopyParams{kTileRows, kTileCols / 16, (kGmPitch - kTileCols) / 16, 0});
    }
    in.EnQue(t);
    t = in.DeQue<T>();
    if (group == 0) {
      Cast(piece, t[kMidStart], RoundMode::CAST_NONE, 2 * kTileCols);
      Add(acc, acc, piece, static_cast<int32_t>(2 * kTileCols));
    }
    for (uint32_t r0 = 0; group > 0 && r0 < kTileRows; r0 += group) {
      uint32_t n = std::min(group, kTileRows - r0);
      Cast(piece, t[r0 * kTileCols], RoundMode::CAST_NONE, n * kTileCols);
      while (n > 1) {
        const uint32_t kept = n - n / 2;
        Add(piece, piece, piece[kept * kTileCols], static_cast<int32_t>(n / 2 * kTileCols));
        n = kept;
      }
      Add(acc, acc, piece, static_cast<int32_t>(kTileCols));
    }
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yg, acc, kAccElems);
    DataCopy(yg[kAccElems], piece, kPieceElems);
    in.FreeTensor(t);
  });
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return {y, r.stats.elided_copy_bytes};
}

template <typename T>
void BlocksModesAgree(const std::vector<uint16_t>& x, uint32_t group, bool pad) {
  const BlocksRun fused = RunBlocksKernel<T>(x, group, pad, false, true);
  const BlocksRun plain = RunBlocksKernel<T>(x, group, pad, false, false);
  const BlocksRun checked = RunBlocksKernel<T>(x, group, pad, true, false);
  ASSERT_EQ(fused.y.size(), checked.y.size());
  EXPECT_EQ(0, std::memcmp(fused.y.data(), checked.y.data(), fused.y.size() * sizeof(float)))
      << "group " << group << (pad ? " DataCopyPad" : " DataCopy");
  EXPECT_EQ(0, std::memcmp(plain.y.data(), checked.y.data(), plain.y.size() * sizeof(float)));
  // Pieces of one to three whole rows read the tile where it is in GM: it is never copied.
  if (group >= 1 && group <= 3) {
    EXPECT_EQ(fused.elided, kTileRows * kTileCols * 2u) << "group " << group;
  }
}

TEST(WidenElision, PiecesOfAStridedTilesRowsAreWidenedRowByRowInPlace) {
  for (const bool half_input : {true, false}) {
    std::vector<uint16_t> x = WidenInput(half_input, 13);
    x.resize(kTileRows * kGmPitch);
    const uint16_t specials_half[] = {0x7c00, 0x7d01, 0x0001, 0x8000};
    const uint16_t specials_bf16[] = {0x7f80, 0x7f81, 0x0001, 0x8000};
    for (int k = 0; k < 4; ++k) {
      x[16 + 3 + kGmPitch * (k + 1)] = half_input ? specials_half[k] : specials_bf16[k];
    }
    for (const uint32_t group : {0u, 1u, 2u, 3u, 4u}) {
      for (const bool pad : {true, false}) {
        if (half_input) {
          BlocksModesAgree<half>(x, group, pad);
        } else {
          BlocksModesAgree<bfloat16_t>(x, group, pad);
        }
      }
    }
  }
}

}  // namespace
}  // namespace opsim::sim
