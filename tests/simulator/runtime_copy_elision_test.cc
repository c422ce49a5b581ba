// Copy elision (LaunchOptions::copy_elision): the count-form ReduceSum/Max/Min, WholeReduce*
// without an index and Cast read a deferred GM -> UB copy in place, and every other way of seeing
// the UB bytes or changing their GM source performs it first. Each kernel runs unchecked with
// elision on and off, and checked: the outputs must be the same bits, and
// KernelStats::elided_copy_bytes says whether the copy was skipped.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <numeric>
#include <vector>

#include "kernel_operator.h"
#include "opsim/core/float16.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

struct Outcome {
  std::vector<float> y;
  uint64_t elided = 0;
};

// Runs kernel(x, y) on `blocks` blocks with fresh copies of x0 and y (y starts at -1) in the three
// modes; every run must succeed and produce the same y; returns the run with elision on.
Outcome RunModes(const std::vector<float>& x0, size_t y_size, uint32_t blocks,
                 const std::function<void(float* x, float* y)>& kernel) {
  struct Mode {
    bool checked;
    bool elide;
  };
  std::vector<Outcome> outcomes;
  for (const Mode m : {Mode{false, true}, Mode{false, false}, Mode{true, true}}) {
    std::vector<float> x = x0;
    std::vector<float> y(y_size, -1.0f);
    LaunchOptions options;
    options.checked = m.checked;
    options.copy_elision = m.elide;
    options.host_threads = 1;
    options.regions = {{x.data(), x.size() * sizeof(float), "x"},
                       {y.data(), y.size() * sizeof(float), "y"}};
    const LaunchResult r =
        Launch(testing::TestDevice(4), blocks, options, [&] { kernel(x.data(), y.data()); });
    EXPECT_TRUE(r.status.ok()) << r.status.ToString();
    if (!m.elide || m.checked) {
      EXPECT_EQ(r.stats.elided_copy_bytes, 0u);
    }
    outcomes.push_back({y, r.stats.elided_copy_bytes});
  }
  for (size_t i = 1; i < outcomes.size(); ++i) {
    EXPECT_EQ(0, std::memcmp(outcomes[0].y.data(), outcomes[i].y.data(), y_size * sizeof(float)))
        << "mode " << i << " wrote other bits";
  }
  return outcomes[0];
}

std::vector<float> Iota(size_t n) {
  std::vector<float> v(n);
  std::iota(v.begin(), v.end(), 1.0f);
  return v;
}

float RowSum(const std::vector<float>& x, size_t begin, size_t n, size_t step = 1) {
  float s = 0;
  for (size_t i = 0; i < n; ++i) s += x[begin + i * step];
  return s;
}

// The common shape: x [rows, cols] copied into a VECIN queue buffer, one result per row, copied
// out as 8 floats (32 B).
struct Tile {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> in;
  TQue<TPosition::VECOUT, 1> out;
  TBuf<TPosition::VECCALC> work;  // the level-2 ReduceSum's work tensor
  GlobalTensor<float> x, y;
  Tile(float* xp, uint32_t x_elems, float* yp, uint32_t y_elems, uint32_t in_bytes) {
    x.SetGlobalBuffer(xp, x_elems);
    y.SetGlobalBuffer(yp, y_elems);
    pipe.InitBuffer(in, 1, in_bytes);
    pipe.InitBuffer(out, 1, 256);
    pipe.InitBuffer(work, 256);
  }
  // Sums rows of the dequeued input (`stride` a multiple of 8) into y[0, 8), as kernels do: rows
  // of up to a repeat with one WholeReduceSum (a row per repeat), one longer row with the
  // level-2 ReduceSum.
  void ReduceOut(const LocalTensor<float>& t, uint32_t rows, uint32_t cols, uint32_t stride) {
    LocalTensor<float> o = out.AllocTensor<float>();
    Duplicate(o, 0.0f, 64);
    if (cols <= 64) {
      WholeReduceSum(o, t, static_cast<int32_t>(cols), static_cast<int32_t>(rows), 1, 1,
                     static_cast<int32_t>(stride / 8));
    } else {
      ASSERT_EQ(rows, 1u) << "one long row at a time";
      ReduceSum(o, t, work.Get<float>(), static_cast<int32_t>(cols));
    }
    out.EnQue(o);
    o = out.DeQue<float>();
    DataCopy(y, o, 8);
    out.FreeTensor(o);
  }
  // Folds the dequeued input's `rows` x `cols` (packed) into `cols` zeroed sums, column by column
  // (an Add of each row) or, with !columns, row by row (a level-2 ReduceSum per row: `rows`
  // sums), and copies the `cols` floats of the accumulator to y.
  void SumsOut(const LocalTensor<float>& t, uint32_t rows, uint32_t cols, bool columns) {
    TBuf<TPosition::VECCALC> acc_buf, work_buf;
    LocalTensor<float> acc = Zeros(acc_buf, cols);
    pipe.InitBuffer(work_buf, cols * sizeof(float));
    for (uint32_t r = 0; r < rows; ++r) {
      if (columns) {
        Add(acc, acc, t[r * cols], cols);
      } else {
        ReduceSum(acc[r], t[r * cols], work_buf.Get<float>(), static_cast<int32_t>(cols));
      }
    }
    CopyOut(acc, cols);
  }
  // A zeroed float32 VECCALC tile of `n` elements.
  LocalTensor<float> Zeros(TBuf<TPosition::VECCALC>& buf, uint32_t n) {
    pipe.InitBuffer(buf, n * sizeof(float));
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 0.0f, n);
    return t;
  }
  // Copies the first `n` floats of a vector result to y once the V pipe is done.
  void CopyOut(const LocalTensor<float>& t, uint32_t n) {
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(y, t, n);
  }
};

// The bytes of the float16 values of x, two to a float: a GM buffer for a half tensor.
std::vector<float> AsHalves(const std::vector<float>& x) {
  std::vector<float> out((x.size() + 1) / 2);
  for (size_t i = 0; i < x.size(); ++i) {
    const uint16_t bits = FloatToHalfBits(x[i]);
    std::memcpy(reinterpret_cast<uint8_t*>(out.data()) + 2 * i, &bits, 2);
  }
  return out;
}

// 8 rows of `blocks` 32 B blocks each, `blocks` blocks apart in GM (a column piece's copy).
DataCopyParams EightStridedRows(uint16_t blocks) {
  DataCopyParams p;
  p.blockCount = 8;
  p.blockLen = blocks;
  p.srcStride = blocks;
  p.dstStride = 0;
  return p;
}

TEST(CopyElision, RowReductionsReadAContiguousCopyInPlace) {
  const std::vector<float> x = Iota(4 * 64);
  const Outcome o = RunModes(x, 8, 1, [](float* xp, float* yp) {
    Tile k(xp, 256, yp, 8, 1024);
    LocalTensor<float> t = k.in.AllocTensor<float>();
    DataCopy(t, k.x, 256);
    k.in.EnQue(t);
    t = k.in.DeQue<float>();
    k.ReduceOut(t, 4, 64, 64);
    k.in.FreeTensor(t);
  });
  EXPECT_EQ(o.elided, 1024u);
  for (size_t r = 0; r < 4; ++r) EXPECT_EQ(o.y[r], RowSum(x, r * 64, 64)) << r;
}

TEST(CopyElision, CountFormReductionsReadACopyInPlace) {
  // ReduceSum / ReduceMax (with its index) of a tile just copied in, as public reductions do: the
  // copy is never performed.
  const std::vector<float> x = Iota(1000);
  const Outcome o = RunModes(x, 16, 1, [](float* xp, float* yp) {
    Tile k(xp, 1000, yp, 16, 4096);
    LocalTensor<float> t = k.in.AllocTensor<float>();
    DataCopy(t, k.x, 1000);
    k.in.EnQue(t);
    t = k.in.DeQue<float>();
    TBuf<TPosition::VECCALC> work_buf, out_buf;
    k.pipe.InitBuffer(work_buf, 256);
    LocalTensor<float> out = k.Zeros(out_buf, 16);
    ReduceSum(out, t, work_buf.Get<float>(), 1000);
    ReduceMax(out[8], t, work_buf.Get<float>(), 1000, true);
    k.CopyOut(out, 16);
    k.in.FreeTensor(t);
  });
  EXPECT_EQ(o.elided, 4000u);
  EXPECT_EQ(o.y[0], 500500.0f);
  EXPECT_EQ(o.y[8], 1000.0f);
  uint32_t index = 0;
  std::memcpy(&index, &o.y[9], 4);
  EXPECT_EQ(index, 999u);
}

// Values whose sums depend on the order of the adds (magnitudes 1 to 1e5, both signs).
std::vector<float> OrderSensitive(size_t n) {
  std::vector<float> v(n);
  uint32_t s = 1;
  for (float& e : v) {
    s = s * 1664525u + 1013904223u;
    const float mantissa = static_cast<float>(static_cast<int32_t>(s >> 8) % 20001 - 10000);
    e = mantissa * ((s & 3u) == 0 ? 1e5f : 1.0f) / 7.0f;
  }
  return v;
}

TEST(CopyElision, WholeReduceReadsPartialRepeatsInPlace) {
  // Rows of 16 and of 7 floats, a row per repeat (2 and 1 blocks apart), as kernels reduce short
  // rows: WholeReduceSum/Max with a counter mask read the deferred copy; the same reductions with
  // a bit mask (their own lane plan, over a tile copied into the UB) give the same bits.
  const std::vector<float> x = OrderSensitive(24 * 16);
  const Outcome o = RunModes(x, 192, 1, [](float* xp, float* yp) {
    Tile k(xp, 384, yp, 192, 1536);
    LocalTensor<float> t = k.in.AllocTensor<float>();
    DataCopy(t, k.x, 384);
    k.in.EnQue(t);
    t = k.in.DeQue<float>();
    TBuf<TPosition::VECCALC> out_buf, ub_buf;
    k.pipe.InitBuffer(ub_buf, 1536);
    LocalTensor<float> ub = ub_buf.Get<float>();
    DataCopy(ub, k.x, 384);
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    LocalTensor<float> out = k.Zeros(out_buf, 192);
    WholeReduceSum(out, t, 16, 24, 1, 1, 2);
    WholeReduceMax(out[24], t, 16, 24, 1, 1, 2, ReduceOrder::ORDER_ONLY_VALUE);
    WholeReduceSum(out[48], t, 7, 48, 1, 1, 1);
    const uint64_t lanes16[2] = {0xFFFF, 0};
    const uint64_t lanes7[2] = {0x7F, 0};
    WholeReduceSum(out[96], ub, lanes16, 24, 1, 1, 2);
    WholeReduceMax(out[120], ub, lanes16, 24, 1, 1, 2, ReduceOrder::ORDER_ONLY_VALUE);
    WholeReduceSum(out[144], ub, lanes7, 48, 1, 1, 1);
    k.CopyOut(out, 192);
    k.in.FreeTensor(t);
  });
  EXPECT_EQ(o.elided, 1536u);
  EXPECT_EQ(0, std::memcmp(o.y.data(), o.y.data() + 96, 96 * sizeof(float)));
  EXPECT_NE(o.y[0], RowSum(x, 0, 16));  // the tree's order shows: a chain gives other bits
}

TEST(CopyElision, StridedRowsAreReadWithTheGmPitch) {
  // Columns [8, 24) of an [8, 64] x, packed 16 apart in the UB, each row reduced.
  const std::vector<float> x = Iota(8 * 64);
  const Outcome o = RunModes(x, 8, 1, [](float* xp, float* yp) {
    Tile k(xp, 512, yp, 8, 512);
    LocalTensor<float> t = k.in.AllocTensor<float>();
    DataCopyParams p;
    p.blockCount = 8;
    p.blockLen = 2;   // 16 floats
    p.srcStride = 6;  // 48 floats between rows in GM
    p.dstStride = 0;
    DataCopy(t, k.x[8], p);
    k.in.EnQue(t);
    t = k.in.DeQue<float>();
    k.ReduceOut(t, 8, 16, 16);
    k.in.FreeTensor(t);
  });
  EXPECT_EQ(o.elided, 512u);
  for (size_t r = 0; r < 8; ++r) EXPECT_EQ(o.y[r], RowSum(x, r * 64 + 8, 16)) << r;
}

TEST(CopyElision, RowSumsAndAddsOfItsRowsReadATileInPlace) {
  // A level-2 ReduceSum per row reads the tile in place, row after row, and so does Add folding
  // the rows into column sums in another buffer: the copy is never performed.
  const std::vector<float> x = Iota(4 * 512);
  for (const bool fold : {true, false}) {
    const Outcome o = RunModes(x, 512, 1, [fold](float* xp, float* yp) {
      Tile k(xp, 2048, yp, 512, 8192);
      LocalTensor<float> t = k.in.AllocTensor<float>();
      DataCopy(t, k.x, 2048);
      k.in.EnQue(t);
      t = k.in.DeQue<float>();
      k.SumsOut(t, 4, 512, fold);
      k.in.FreeTensor(t);
    });
    EXPECT_EQ(o.elided, 8192u);
    if (fold) {
      for (size_t c = 0; c < 512; c += 73) EXPECT_EQ(o.y[c], RowSum(x, c, 4, 512)) << c;
    } else {
      for (size_t r = 0; r < 4; ++r) EXPECT_EQ(o.y[r], RowSum(x, r * 512, 512)) << r;
    }
  }
}

TEST(CopyElision, HalvingFoldsReadATileInPlaceAndWriteOnlyTheirHalf) {
  // A tile of 5 rows of 64 floats folded in halves as the Reduce kernels fold ARA tiles (rows 3-4
  // into 0-1, row 2 into 0, row 1 into 0), then row 0 added into zeroed sums. The first fold reads
  // GM and writes rows 0-1: the copy keeps rows 2-4 deferred, and the second fold reads row 2 in
  // place. With `tile_out` the whole tile is copied out afterwards: rows 2-4 are copied then (and
  // hold x), rows 0-1 hold the folds.
  const std::vector<float> x = Iota(5 * 64);
  for (const bool tile_out : {false, true}) {
    const Outcome o = RunModes(x, 64 + 5 * 64, 1, [tile_out](float* xp, float* yp) {
      Tile k(xp, 5 * 64, yp, 64 + 5 * 64, 5 * 256);
      TBuf<TPosition::VECCALC> acc_buf;
      LocalTensor<float> acc = k.Zeros(acc_buf, 64);
      LocalTensor<float> t = k.in.AllocTensor<float>();
      DataCopy(t, k.x, 5 * 64);
      k.in.EnQue(t);
      t = k.in.DeQue<float>();
      Add(t, t, t[3 * 64], 2 * 64);
      Add(t, t, t[2 * 64], 64);
      Add(t, t, t[64], 64);
      Add(acc, acc, t, 64);
      k.CopyOut(acc, 64);
      if (tile_out) DataCopy(k.y[64], t, 5 * 64);
      k.in.FreeTensor(t);
    });
    EXPECT_EQ(o.elided, tile_out ? 2u * 256 : 5u * 256);
    for (size_t c = 0; c < 64; c += 9) {
      const float want = ((x[c] + x[192 + c]) + x[128 + c]) + (x[64 + c] + x[256 + c]);
      EXPECT_EQ(o.y[c], want) << c;
    }
    if (tile_out) {
      for (size_t i = 128; i < 320; i += 17) EXPECT_EQ(o.y[64 + i], x[i]) << i;
      EXPECT_EQ(o.y[64 + 64], x[64] + x[256]);
    }
  }
}

TEST(CopyElision, CastReadsACopyInPlace) {
  // An [8, 64] float16 x widened to float32 by Cast (as the 16-bit reductions do before they sum)
  // and its rows summed: Cast reads the copied tile from GM. The columns [16, 48) of x, packed
  // 32 apart (a strided copy), are not one row for Cast: that copy is performed.
  const std::vector<float> x = Iota(8 * 64);
  for (const bool strided : {false, true}) {
    const uint32_t cols = strided ? 32 : 64;
    const Outcome o = RunModes(AsHalves(x), 8, 1, [strided, cols](float* xp, float* yp) {
      Tile k(xp, 256, yp, 8, 1024);
      TBuf<TPosition::VECCALC> out_buf, wide_buf;
      LocalTensor<float> out = k.Zeros(out_buf, 8);
      k.pipe.InitBuffer(wide_buf, 8 * 64 * sizeof(float));
      LocalTensor<float> wide = wide_buf.Get<float>();
      GlobalTensor<half> xh;
      xh.SetGlobalBuffer(reinterpret_cast<half*>(xp), 512);
      LocalTensor<half> t = k.in.AllocTensor<half>();
      if (strided) {
        DataCopy(t, xh[16], EightStridedRows(2));
      } else {
        DataCopy(t, xh, 512);
      }
      k.in.EnQue(t);
      t = k.in.DeQue<half>();
      Cast(wide, t, RoundMode::CAST_NONE, 8 * cols);
      k.in.FreeTensor(t);
      WholeReduceSum(out, wide, static_cast<int32_t>(cols), 8, 1, 1,
                     static_cast<int32_t>(cols / 8));
      k.CopyOut(out, 8);
    });
    EXPECT_EQ(o.elided, strided ? 0u : 1024u);
    for (size_t r = 0; r < 8; ++r) {
      float want = 0;
      for (size_t c = 0; c < cols; ++c) want += x[r * 64 + (strided ? 16 : 0) + c];
      EXPECT_EQ(o.y[r], want) << (strided ? "strided row " : "row ") << r;
    }
  }
}

// 4 rows of 12 floats copied with DataCopyPad, padded to 16 in the UB with 1000, then each row
// reduced over its first `cols` columns.
Outcome ReducePaddedRows(const std::vector<float>& x, uint32_t cols) {
  return RunModes(x, 8, 1, [cols](float* xp, float* yp) {
    Tile k(xp, 48, yp, 8, 256);
    LocalTensor<float> t = k.in.AllocTensor<float>();
    DataCopyPad(t, k.x, DataCopyExtParams{4, 48, 0, 0, 0},
                DataCopyPadExtParams<float>{true, 0, 4, 1000.0f});
    k.in.EnQue(t);
    t = k.in.DeQue<float>();
    k.ReduceOut(t, 4, cols, 16);
    k.in.FreeTensor(t);
  });
}

TEST(CopyElision, PaddedRowsAreReadInPlaceAndThePaddingIsNotRead) {
  const std::vector<float> x = Iota(4 * 12);
  const Outcome o = ReducePaddedRows(x, 12);
  EXPECT_EQ(o.elided, 192u);
  for (size_t r = 0; r < 4; ++r) EXPECT_EQ(o.y[r], RowSum(x, r * 12, 12)) << r;
}

TEST(CopyElision, ReadingThePaddingPerformsTheCopy) {
  const std::vector<float> x = Iota(4 * 12);
  const Outcome o = ReducePaddedRows(x, 16);  // the pad values count
  EXPECT_EQ(o.elided, 0u);
  for (size_t r = 0; r < 4; ++r) EXPECT_EQ(o.y[r], RowSum(x, r * 12, 12) + 4000.0f) << r;
}

TEST(CopyElision, EveryOtherReaderSeesTheCopiedBytes) {
  // A scalar read, another vector instruction writing the tile, and a copy out of it: each
  // performs the deferred copy before it runs.
  const std::vector<float> x = Iota(64);
  const Outcome o = RunModes(x, 72, 1, [](float* xp, float* yp) {
    Tile k(xp, 64, yp, 72, 256);
    LocalTensor<float> t = k.in.AllocTensor<float>();
    DataCopy(t, k.x, 64);
    k.in.EnQue(t);
    t = k.in.DeQue<float>();
    const float fifth = t.GetValue(5);
    Adds(t, t, fifth, 64);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(k.y[8], t, 64);
    k.ReduceOut(t, 1, 64, 64);
    k.in.FreeTensor(t);
  });
  EXPECT_EQ(o.elided, 0u);
  EXPECT_EQ(o.y[0], RowSum(x, 0, 64) + 64 * 6.0f);
  for (size_t i = 0; i < 64; ++i) EXPECT_EQ(o.y[8 + i], x[i] + 6.0f) << i;
}

TEST(CopyElision, WritingTheSourceFirstPerformsTheCopy) {
  // After the copy in, the kernel overwrites its GM source three ways (DataCopy out, SetValue,
  // a reference from operator()); the reduction must still see the values copied in.
  const std::vector<float> x = Iota(3 * 64);
  const Outcome o = RunModes(x, 8, 1, [](float* xp, float* yp) {
    Tile k(xp, 192, yp, 8, 1024);
    TBuf<TPosition::VECCALC> zeros;
    k.pipe.InitBuffer(zeros, 256);
    LocalTensor<float> z = zeros.Get<float>();
    Duplicate(z, 0.0f, 64);
    LocalTensor<float> t = k.in.AllocTensor<float>();
    DataCopy(t, k.x, 192);
    k.in.EnQue(t);
    t = k.in.DeQue<float>();
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(k.x, z, 64);
    k.x.SetValue(64, -5.0f);
    k.x(128) = -7.0f;
    k.ReduceOut(t, 3, 64, 64);
    k.in.FreeTensor(t);
  });
  EXPECT_EQ(o.elided, 0u);
  for (size_t r = 0; r < 3; ++r) EXPECT_EQ(o.y[r], RowSum(x, r * 64, 64)) << r;
}

TEST(CopyElision, ACopyOverTwoDeferredCopiesPerformsBoth) {
  // Two copies into the halves of one tile, reduced as one row.
  const std::vector<float> x = Iota(128);
  const Outcome o = RunModes(x, 8, 1, [](float* xp, float* yp) {
    Tile k(xp, 128, yp, 8, 512);
    LocalTensor<float> t = k.in.AllocTensor<float>();
    DataCopy(t, k.x, 64);
    DataCopy(t[64], k.x[64], 64);
    k.in.EnQue(t);
    t = k.in.DeQue<float>();
    k.ReduceOut(t, 1, 128, 128);
    k.in.FreeTensor(t);
  });
  EXPECT_EQ(o.elided, 0u);
  EXPECT_EQ(o.y[0], RowSum(x, 0, 128));
}

TEST(CopyElision, ATBufReloadedEachTileReadsEachLoad) {
  const std::vector<float> x = Iota(4 * 64);
  const Outcome o = RunModes(x, 8, 1, [](float* xp, float* yp) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> tile, acc;
    pipe.InitBuffer(tile, 256);
    pipe.InitBuffer(acc, 256);
    GlobalTensor<float> x, y;
    x.SetGlobalBuffer(xp, 256);
    y.SetGlobalBuffer(yp, 8);
    LocalTensor<float> t = tile.Get<float>();
    LocalTensor<float> a = acc.Get<float>();
    Duplicate(a, 0.0f, 64);
    for (uint32_t r = 0; r < 4; ++r) {
      DataCopy(t, x[r * 64], 64);
      SetFlag<HardEvent::MTE2_V>(0);
      WaitFlag<HardEvent::MTE2_V>(0);
      WholeReduceSum(a[r], t, 64, 1, 1, 1, 8);
      SetFlag<HardEvent::V_MTE2>(0);
      WaitFlag<HardEvent::V_MTE2>(0);
    }
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(y, a, 8);
  });
  EXPECT_EQ(o.elided, 1024u);  // each load replaces the last one unperformed
  for (size_t r = 0; r < 4; ++r) EXPECT_EQ(o.y[r], RowSum(x, r * 64, 64)) << r;
}

TEST(CopyElision, SyncAllPerformsCopiesAnotherCoreMayOverwrite) {
  // Block 0 copies x in, then (after SyncAll) block 1 overwrites x, and after a second SyncAll
  // block 0 reduces its tile: it holds what was copied before the first barrier.
  const std::vector<float> x = Iota(64);
  const Outcome o = RunModes(x, 8, 2, [](float* xp, float* yp) {
    Tile k(xp, 64, yp, 8, 256);
    TBuf<TPosition::VECCALC> zeros;
    k.pipe.InitBuffer(zeros, 256);
    LocalTensor<float> t = k.in.AllocTensor<float>();
    if (GetBlockIdx() == 0) DataCopy(t, k.x, 64);
    k.in.EnQue(t);
    t = k.in.DeQue<float>();
    SyncAll();
    if (GetBlockIdx() == 1) {
      LocalTensor<float> z = zeros.Get<float>();
      Duplicate(z, 0.0f, 64);
      SetFlag<HardEvent::V_MTE3>(0);
      WaitFlag<HardEvent::V_MTE3>(0);
      DataCopy(k.x, z, 64);
    }
    SyncAll();
    if (GetBlockIdx() == 0) k.ReduceOut(t, 1, 64, 64);
    k.in.FreeTensor(t);
  });
  EXPECT_EQ(o.elided, 0u);
  EXPECT_EQ(o.y[0], RowSum(x, 0, 64));
}

}  // namespace
}  // namespace opsim::sim
