// The high-level Pad and UnPad (lib/pad/pad.h) in every element type they take: rows of whole
// 32-byte blocks padded on the right from srcOriWidth, other rows padded to 32 bytes with
// leftPad and rightPad values, UnPad packing each row's first columns; CANN's Pad example (16 x
// 15 half, right pad 321); against a scalar model; and the documented rules as faults.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_pad_test {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kPdBuf = 16384;

// PadTilingFunc's fields the 910B's Pad reads (its figures are checked in
// opbase_hl5_tiling_test.cc); blocks: tmpBuffer1BlockNum (stackBufferSize / 1024).
template <typename T>
PadTiling PdTiling(uint32_t h, uint32_t w, uint32_t ori, uint32_t blocks = 1) {
  PadTiling t;
  t.srcHeight = h;
  t.srcWidth = w;
  t.srcOriWidth = ori;
  t.widthWithoutLastBlock = w - 32 / sizeof(T);
  t.blocksPerRow = w * sizeof(T) / 32;
  t.heightTiling = 255;
  t.heightFractal = h / 255;
  t.heightFractalTail = h % 255;
  t.tmpBuffer1BlockNum = blocks;
  t.widthTiling = 16 * blocks;
  t.tmpBuffer2Offset = blocks * 512 / sizeof(T);
  return t;
}

template <typename T>
T PdSrc(uint32_t i) {
  return static_cast<T>(static_cast<int>(i % 997) - 300);
}

struct PdResult {
  std::vector<uint8_t> dst;
  LaunchResult launch;
};

// Runs Pad or UnPad on src PdSrc(i), dst 0x5A bytes.
template <typename T>
PdResult RunPd(const std::function<void(const LocalTensor<T>&, const LocalTensor<T>&,
                                        LocalTensor<uint8_t>&)>& body,
               uint32_t tmp_bytes = 1024) {
  PdResult r;
  r.dst.assign(kPdBuf, 0);
  r.launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bd, bs, bt;
    pipe.InitBuffer(bd, kPdBuf);
    pipe.InitBuffer(bs, kPdBuf);
    pipe.InitBuffer(bt, tmp_bytes);
    LocalTensor<T> dst = bd.Get<T>(), src = bs.Get<T>();
    std::memset(static_cast<void*>(dst.data()), 0x5A, kPdBuf);
    for (uint32_t i = 0; i < kPdBuf / sizeof(T); ++i) src.data()[i] = PdSrc<T>(i);
    detail::HostWroteUb(dst.ref());
    detail::HostWroteUb(src.ref());
    LocalTensor<uint8_t> tmp = bt.Get<uint8_t>();
    body(dst, src, tmp);
    std::memcpy(r.dst.data(), static_cast<const void*>(dst.data()), kPdBuf);
  });
  return r;
}

template <typename T>
T PdAt(const PdResult& r, uint64_t i) {
  T v;
  std::memcpy(static_cast<void*>(&v), r.dst.data() + i * sizeof(T), sizeof(T));
  return v;
}

template <typename T>
void ExpectSame(T got, T want, const std::string& what) {
  ASSERT_EQ(std::memcmp(&got, &want, sizeof(T)), 0) << what;
}

// Rows of whole blocks: the model copies and sets [ori, ori + right) of each row.
template <typename T>
void ExpectAlignedPad(uint32_t h, uint32_t w, uint32_t ori, uint16_t right, int32_t value,
                      bool with_tmp) {
  PadTiling tiling = PdTiling<T>(h, w, ori);
  PadParams params(0, right, value);
  const PdResult r =
      RunPd<T>([&](const LocalTensor<T>& d, const LocalTensor<T>& s, LocalTensor<uint8_t>& tmp) {
        if (with_tmp) {
          Pad(d, s, params, tmp, tiling);
        } else {
          Pad(d, s, params, tiling);
        }
      });
  const std::string what = "aligned " + std::to_string(h) + "x" + std::to_string(w);
  ASSERT_TRUE(r.launch.status.ok()) << what << ": " << r.launch.status.ToString();
  for (uint32_t i = 0; i < h * w; ++i) {
    const uint32_t c = i % w;
    const T want = c >= ori && c < ori + right ? static_cast<T>(value) : PdSrc<T>(i);
    ExpectSame(PdAt<T>(r, i), want, what + " at " + std::to_string(i));
  }
  for (uint32_t b = h * w * sizeof(T); b < kPdBuf; ++b) ASSERT_EQ(r.dst[b], 0x5A) << what;
}

TEST(HlPad, AlignedRowsPadOnTheRight) {
  ExpectAlignedPad<half>(16, 16, 14, 2, 321, true);
  ExpectAlignedPad<float>(5, 16, 13, 3, -7, false);
  ExpectAlignedPad<int16_t>(3, 32, 20, 12, 70000, true);  // the value wraps as static_cast
  ExpectAlignedPad<uint16_t>(2, 16, 15, 1, 9, true);
  ExpectAlignedPad<int32_t>(4, 8, 5, 2, -123456, false);
  ExpectAlignedPad<uint32_t>(3, 24, 17, 7, 42, true);
  ExpectAlignedPad<float>(260, 8, 7, 1, 5, true);  // more rows than one Duplicate of 255 repeats
}

// Other rows: [left values][row][right values], each the row's width rounded up to 32 bytes.
template <typename T>
void ExpectUnalignedPad(uint32_t h, uint32_t w, uint16_t left, uint16_t right, int32_t value,
                        bool with_tmp, uint32_t blocks = 1) {
  PadTiling tiling = PdTiling<T>(h, w, w, blocks);
  PadParams params(left, right, value);
  const PdResult r = RunPd<T>(
      [&](const LocalTensor<T>& d, const LocalTensor<T>& s, LocalTensor<uint8_t>& tmp) {
        if (with_tmp) {
          Pad(d, s, params, tmp, tiling);
        } else {
          Pad(d, s, params, tiling);
        }
      },
      1024 * blocks);
  const std::string what = "unaligned " + std::to_string(h) + "x" + std::to_string(w);
  ASSERT_TRUE(r.launch.status.ok()) << what << ": " << r.launch.status.ToString();
  const uint32_t padded = left + w + right;
  for (uint32_t i = 0; i < h * padded; ++i) {
    const uint32_t row = i / padded, c = i % padded;
    const T want = c >= left && c < left + w ? PdSrc<T>(row * w + c - left) : static_cast<T>(value);
    ExpectSame(PdAt<T>(r, i), want, what + " at " + std::to_string(i));
  }
  for (uint32_t b = h * padded * sizeof(T); b < kPdBuf; ++b) ASSERT_EQ(r.dst[b], 0x5A) << what;
}

TEST(HlPad, UnalignedRowsPadToWholeBlocks) {
  ExpectUnalignedPad<half>(16, 15, 0, 1, 321, true);
  ExpectUnalignedPad<half>(32, 13, 2, 1, -4, false);
  ExpectUnalignedPad<float>(8, 5, 1, 2, 11, true);
  ExpectUnalignedPad<int32_t>(8, 37, 0, 3, 77, true, 2);
  ExpectUnalignedPad<uint16_t>(16, 3, 6, 7, 65535, false);
  ExpectUnalignedPad<int16_t>(16, 41, 4, 3, -2, true);
  ExpectUnalignedPad<uint32_t>(8, 7, 1, 0, 3, true);
}

// CANN's Pad page: 16 x 15 half 0..239, right pad 1 with 321.
TEST(HlPad, CannsExample) {
  PadTiling tiling = PdTiling<half>(16, 15, 15);
  PadParams params(0, 1, 321);
  std::vector<float> got(256, -1.0f);
  const LaunchResult launch = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bd, bs;
    pipe.InitBuffer(bd, 512);
    pipe.InitBuffer(bs, 512);
    LocalTensor<half> src = bs.Get<half>(), dst = bd.Get<half>();
    for (uint32_t i = 0; i < 240; ++i) src.SetValue(i, static_cast<half>(static_cast<float>(i)));
    for (uint32_t i = 240; i < 256; ++i) src.SetValue(i, static_cast<half>(0.0f));
    Pad(dst, src, params, tiling);
    for (uint32_t i = 0; i < 256; ++i) got[i] = static_cast<float>(dst.GetValue(i));
  });
  ASSERT_TRUE(launch.status.ok()) << launch.status.ToString();
  for (uint32_t i = 0; i < 256; ++i) {
    EXPECT_EQ(got[i], i % 16 == 15 ? 321.0f : static_cast<float>(i / 16 * 15 + i % 16)) << i;
  }
}

template <typename T>
void ExpectUnPad(uint32_t h, uint32_t w, uint16_t right, bool with_tmp) {
  UnPadTiling tiling;
  tiling.srcHeight = h;
  tiling.srcWidth = w;
  UnPadParams params(0, right);
  const PdResult r =
      RunPd<T>([&](const LocalTensor<T>& d, const LocalTensor<T>& s, LocalTensor<uint8_t>& tmp) {
        if (with_tmp) {
          UnPad(d, s, params, tmp, tiling);
        } else {
          UnPad(d, s, params, tiling);
        }
      });
  const std::string what = "UnPad " + std::to_string(h) + "x" + std::to_string(w);
  ASSERT_TRUE(r.launch.status.ok()) << what << ": " << r.launch.status.ToString();
  const uint32_t kept = w - right;
  for (uint32_t i = 0; i < h * kept; ++i) {
    ExpectSame(PdAt<T>(r, i), PdSrc<T>(i / kept * w + i % kept), what + " at " + std::to_string(i));
  }
  for (uint32_t b = h * kept * sizeof(T); b < kPdBuf; ++b) ASSERT_EQ(r.dst[b], 0x5A) << what;
}

TEST(HlUnPad, KeepsEachRowsFirstColumns) {
  ExpectUnPad<half>(16, 16, 1, true);
  ExpectUnPad<float>(7, 24, 7, false);
  ExpectUnPad<int16_t>(3, 48, 15, true);
  ExpectUnPad<uint16_t>(255, 16, 2, false);
  ExpectUnPad<int32_t>(4, 8, 3, true);
  ExpectUnPad<uint32_t>(2, 16, 1, false);
}

void ExpectPdFault(const PdResult& r, const char* api, const std::string& text) {
  ASSERT_TRUE(r.launch.fault.has_value()) << text;
  EXPECT_EQ(r.launch.fault->instruction, api);
  EXPECT_NE(r.launch.fault->message.find(text), std::string::npos) << r.launch.fault->message;
}

PdResult PdPadCall(PadTiling tiling, PadParams params, uint32_t tmp_bytes = 1024) {
  return RunPd<half>([&](const LocalTensor<half>& d, const LocalTensor<half>& s,
                         LocalTensor<uint8_t>& tmp) { Pad(d, s, params, tmp, tiling); },
                     tmp_bytes);
}
PdResult PdUnPadCall(uint32_t h, uint32_t w, uint16_t right) {
  UnPadTiling tiling;
  tiling.srcHeight = h;
  tiling.srcWidth = w;
  UnPadParams params(0, right);
  return RunPd<half>([&](const LocalTensor<half>& d, const LocalTensor<half>& s,
                         LocalTensor<uint8_t>&) { UnPad(d, s, params, tiling); });
}

TEST(HlPad, DocumentedRulesFault) {
  ExpectPdFault(PdPadCall(PadTiling{}, PadParams(0, 1, 0)), "Pad",
                "tiling.srcHeight 0 and srcWidth 0 must be above 0");
  ExpectPdFault(PdPadCall(PdTiling<half>(3, 15, 15), PadParams(0, 1, 0)), "Pad",
                "srcHeight 3 x srcWidth 15 elements must be whole 32-byte blocks");
  ExpectPdFault(PdPadCall(PdTiling<half>(16, 15, 15), PadParams(1, 1, 0)), "Pad",
                "leftPad 1 + srcWidth 15 + rightPad 1 must be 16");
  ExpectPdFault(PdPadCall(PdTiling<half>(16, 13, 13), PadParams(0, 1, 0)), "Pad",
                "leftPad 0 + srcWidth 13 + rightPad 1 must be 16");
  ExpectPdFault(PdPadCall(PdTiling<half>(16, 16, 14), PadParams(0, 3, 0)), "Pad",
                "srcOriWidth 14 + rightPad 3 must not exceed srcWidth 16");
  ExpectPdFault(PdPadCall(PdTiling<half>(16, 32, 10), PadParams(0, 3, 0)), "Pad",
                "tiling.srcOriWidth 10 must be in the last 32-byte block");
  ExpectPdFault(PdPadCall(PdTiling<half>(16, 15, 15, 0), PadParams(0, 1, 0)), "Pad",
                "tiling.tmpBuffer1BlockNum is 0");
  ExpectPdFault(PdPadCall(PdTiling<half>(16, 15, 15, 2), PadParams(0, 1, 0), 1024), "Pad",
                "sharedTmpBuffer holds 1024 bytes; the tiling's 2 blocks (tmpBuffer1BlockNum) use "
                "2048");
  PadTiling stale = PdTiling<half>(16, 32, 30);
  stale.blocksPerRow = 1;
  ExpectPdFault(PdPadCall(stale, PadParams(0, 2, 0)), "Pad",
                "tiling.blocksPerRow is 1; the tiling function gives 2");
  ExpectPdFault(PdUnPadCall(16, 15, 1), "UnPad", "tiling.srcWidth 15 must be whole 32-byte blocks");
  ExpectPdFault(PdUnPadCall(16, 16, 0), "UnPad", "rightPad 0 must be in [1, 15]");
  ExpectPdFault(PdUnPadCall(16, 16, 16), "UnPad", "rightPad 16 must be in [1, 15]");
  ExpectPdFault(PdUnPadCall(256, 16, 1), "UnPad", "tiling.srcHeight 256 must be at most 255");
}

}  // namespace opsim::sim::hl_pad_test
