// AIPP (cube_aipp.h): SetAippFunctions + LoadImageToLocal against a scalar model of the pages'
// rules written here (crop, channel swaps, colour-space conversion, the int8_t/half conversions,
// channel padding, the four border padding modes, single-line reads) for every input format (the
// faults: runtime_cube_aipp_faults_test.cc).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
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

struct AippCase {
  const char* name;
  AippInputFormat format;
  bool half_out;
  uint32_t src_w, src_h;
  LoadImageToLocalParams p;
  uint32_t padding_mode = 0, c_padding_mode = 0;
  bool swap_rb = false, swap_uv = false, swap_ax = false, single_line = false;
  bool csc = false;
};

// The colour-space matrices of the tests (CANN's ATC tables: BT.601 narrow YUV -> RGB and
// RGB -> YUV, 8 fraction bits). The bias a source does not use is set too: it must not count.
constexpr int16_t kYuvToRgb[3][3] = {{298, 0, 409}, {298, -100, -208}, {298, 516, 0}};
constexpr int16_t kRgbToYuv[3][3] = {{66, 129, 25}, {-38, -74, 112}, {112, -94, -18}};

bool AippModelYuv(AippInputFormat f) {
  return f == AippInputFormat::YUV420SP_U8 || f == AippInputFormat::YUV400_U8;
}

// The conversion: YUV sources M (x - (16, 128, 128)), RGB sources M x + (16, 128, 128), each
// rounded by + 128 and floored to 8 fraction bits, then saturated to [0, 255].
std::vector<int> AippModelCsc(AippInputFormat f, const std::vector<int>& x) {
  const bool yuv = AippModelYuv(f);
  const int bias[3] = {16, 128, 128};
  std::vector<int> out(3);
  for (int k = 0; k < 3; ++k) {
    double sum = 128;
    for (int c = 0; c < 3; ++c) {
      sum += (yuv ? kYuvToRgb[k][c] : kRgbToYuv[k][c]) * double(x[c] - (yuv ? bias[c] : 0));
    }
    out[k] = std::clamp(static_cast<int>(std::floor(sum / 256)) + (yuv ? 0 : bias[k]), 0, 255);
  }
  return out;
}

uint32_t AippModelBpp(AippInputFormat f) {
  return f == AippInputFormat::XRGB8888_U8 ? 4 : f == AippInputFormat::RGB888_U8 ? 3 : 1;
}

// The channels of source pixel (r, x) after the swaps, read as the pages describe the formats.
std::vector<int> AippModelPixel(const AippCase& c, const std::vector<uint8_t>& y,
                                const std::vector<uint8_t>& uv, uint32_t r, uint32_t x) {
  const uint32_t w = c.src_w;
  switch (c.format) {
    case AippInputFormat::YUV420SP_U8: {
      const uint32_t pair = (r / 2) * w + (x - x % 2);  // U then V, one pair per 2 x 2 pixels
      int u = uv[pair], v = uv[pair + 1];
      if (c.swap_uv) std::swap(u, v);
      return {y[r * w + x], u, v};
    }
    case AippInputFormat::YUV400_U8: return {y[r * w + x], 0, 0};
    default: {
      const uint32_t bpp = AippModelBpp(c.format);
      std::vector<int> ch(y.begin() + (r * w + x) * bpp, y.begin() + (r * w + x + 1) * bpp);
      if (c.swap_ax) ch.erase(ch.begin());  // XRGB -> RGBX, X dropped
      ch.resize(3);
      if (c.swap_rb) std::swap(ch[0], ch[2]);
      return ch;
    }
  }
}

// The expected L1 bytes. Image pixels: int8_t = clamp(v - mean), half = (v - mean - min) * var
// in half steps; the border by mode (0 constants, 1 nearest, 2 adjacent block, 3 mirror).
template <typename U>
std::vector<uint8_t> AippModel(const AippCase& c, const AippParams<U>& cfg,
                               const std::vector<uint8_t>& y, const std::vector<uint8_t>& uv) {
  const LoadImageToLocalParams& p = c.p;
  const uint32_t rows = c.single_line ? 1 : p.vertSize, cols = p.horizSize;
  const uint32_t top = p.topPadSize, left = p.leftPadSize;
  const uint32_t h = top + rows + p.botPadSize, w = left + cols + p.rightPadSize;
  const uint32_t nch = c.c_padding_mode == 0 ? 32 / sizeof(U) : 4;
  const uint32_t img_ch = c.format == AippInputFormat::YUV400_U8 && !c.csc ? 1 : 3;
  const uint8_t mean[3] = {cfg.dtcParams.dtcMeanCh0, cfg.dtcParams.dtcMeanCh1,
                           cfg.dtcParams.dtcMeanCh2};
  const half mins[3] = {cfg.dtcParams.dtcMinCh0, cfg.dtcParams.dtcMinCh1, cfg.dtcParams.dtcMinCh2};
  const half vars[3] = {cfg.dtcParams.dtcVarCh0, cfg.dtcParams.dtcVarCh1, cfg.dtcParams.dtcVarCh2};
  const U pads[4] = {cfg.paddingParams.paddingValueCh0, cfg.paddingParams.paddingValueCh1,
                     cfg.paddingParams.paddingValueCh2, cfg.paddingParams.paddingValueCh3};
  // Image row (column) of output row i: -1 for mode 0's border.
  const auto map = [&](uint32_t i, uint32_t lo, uint32_t n, uint32_t after) -> int {
    if (i >= lo && i < lo + n) return static_cast<int>(i - lo);
    const uint32_t d = i < lo ? lo - 1 - i : i - lo - n;  // distance from the image's edge
    switch (c.padding_mode) {
      case 1: return i < lo ? 0 : static_cast<int>(n - 1);
      case 2: return i < lo ? static_cast<int>(lo - 1 - d) : static_cast<int>(n - after + d);
      case 3: return i < lo ? static_cast<int>(d) : static_cast<int>(n - 1 - d);
      default: return -1;
    }
  };
  std::vector<U> out(size_t{h} * w * nch);
  for (uint32_t i = 0; i < h; ++i) {
    for (uint32_t j = 0; j < w; ++j) {
      const bool inside = i >= top && i < top + rows && j >= left && j < left + cols;
      const int ri = map(i, top, rows, p.botPadSize), cj = map(j, left, cols, p.rightPadSize);
      for (uint32_t k = 0; k < nch; ++k) {
        U& o = out[(size_t{i} * w + j) * nch + k];
        o = cfg.cPaddingParams.cPaddingValue;
        if (!inside && c.padding_mode == 0) {
          if (k < 4) o = pads[k];
          continue;
        }
        if (k >= img_ch) continue;
        auto px = AippModelPixel(c, y, uv, p.vertStartPos + ri, p.horizStartPos + cj);
        if (c.csc) px = AippModelCsc(c.format, px);
        const int v = px[k] - mean[k];
        if constexpr (std::is_same_v<U, int8_t>) {
          o = static_cast<int8_t>(std::clamp(v, -128, 127));
        } else {
          o = (half(v) - mins[k]) * vars[k];
        }
      }
    }
  }
  std::vector<uint8_t> bytes(out.size() * sizeof(U));
  std::memcpy(bytes.data(), out.data(), bytes.size());
  return bytes;
}

template <typename U>
AippParams<U> AippConfigFor(const AippCase& c) {
  AippParams<U> cfg;
  cfg.paddingParams.paddingMode = c.padding_mode;
  cfg.paddingParams.paddingValueCh0 = U(3);
  cfg.paddingParams.paddingValueCh1 = U(-4);
  cfg.paddingParams.paddingValueCh2 = U(5);
  cfg.paddingParams.paddingValueCh3 = U(-6);
  cfg.swapParams = {c.swap_rb, c.swap_uv, c.swap_ax};
  cfg.singleLineParams.isSingleLineCopy = c.single_line;
  cfg.dtcParams.dtcMeanCh0 = 100;
  cfg.dtcParams.dtcMeanCh1 = 20;
  cfg.dtcParams.dtcMeanCh2 = 200;
  cfg.dtcParams.dtcMinCh0 = half(1.5f);
  cfg.dtcParams.dtcMinCh1 = half(-7.25f);
  cfg.dtcParams.dtcMinCh2 = half(0.1f);
  cfg.dtcParams.dtcVarCh0 = half(1.0f / 255);
  cfg.dtcParams.dtcVarCh1 = half(0.5f);
  cfg.dtcParams.dtcVarCh2 = half(3.0f);
  cfg.cPaddingParams.cPaddingMode = c.c_padding_mode;
  cfg.cPaddingParams.cPaddingValue = U(9);
  AippColorSpaceConvParams& m = cfg.cscParams;
  m.isEnableCsc = c.csc;
  const auto& mat = AippModelYuv(c.format) ? kYuvToRgb : kRgbToYuv;
  int16_t* cells[9] = {&m.cscMatrixR0C0, &m.cscMatrixR0C1, &m.cscMatrixR0C2,
                       &m.cscMatrixR1C0, &m.cscMatrixR1C1, &m.cscMatrixR1C2,
                       &m.cscMatrixR2C0, &m.cscMatrixR2C1, &m.cscMatrixR2C2};
  for (int i = 0; i < 9; ++i) *cells[i] = mat[i / 3][i % 3];
  const bool yuv = AippModelYuv(c.format);
  m.cscBiasIn0 = yuv ? 16 : 5, m.cscBiasIn1 = yuv ? 128 : 6, m.cscBiasIn2 = yuv ? 128 : 7;
  m.cscBiasOut0 = yuv ? 8 : 16, m.cscBiasOut1 = yuv ? 9 : 128, m.cscBiasOut2 = yuv ? 10 : 128;
  return cfg;
}

template <typename U>
void RunAippCase(const AippCase& c) {
  std::mt19937 gen(static_cast<uint32_t>(c.src_w * 131 + c.p.horizSize));
  std::uniform_int_distribution<int> byte(0, 255);
  std::vector<uint8_t> y(size_t{c.src_w} * c.src_h * AippModelBpp(c.format));
  std::vector<uint8_t> uv(size_t{c.src_w} * (c.src_h / 2) + 2);
  for (auto& b : y) b = static_cast<uint8_t>(byte(gen));
  for (auto& b : uv) b = static_cast<uint8_t>(byte(gen));
  const AippParams<U> cfg = AippConfigFor<U>(c);
  const auto want = AippModel<U>(c, cfg, y, uv);
  std::vector<uint8_t> got(want.size());
  const LaunchResult r = testing::RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        pipe.InitBuffer(a1, static_cast<uint32_t>((want.size() + 31) / 32 * 32));
        GlobalTensor<uint8_t> gy, guv;
        gy.SetGlobalBuffer(y.data(), y.size());
        guv.SetGlobalBuffer(uv.data(), uv.size());
        if (c.format == AippInputFormat::YUV420SP_U8) {
          SetAippFunctions(gy, guv, c.format, cfg);
        } else {
          SetAippFunctions(gy, c.format, cfg);
        }
        LocalTensor<U> dst = a1.Get<U>();
        LoadImageToLocal(dst, c.p);
        std::memcpy(got.data(), dst.ref().ptr, got.size());
      },
      true, {testing::Region(y, "image"), testing::Region(uv, "uv")});
  ASSERT_TRUE(r.status.ok()) << c.name << ": " << r.status.ToString();
  for (size_t i = 0; i < want.size(); i += sizeof(U)) {
    ASSERT_EQ(std::memcmp(&got[i], &want[i], sizeof(U)), 0)
        << c.name << ": element " << i / sizeof(U) << " of " << want.size() / sizeof(U);
  }
}

TEST(CubeAipp, EveryFormatAgainstTheModel) {
  using F = AippInputFormat;
  const std::vector<AippCase> cases = {
      {"yuv420sp crop", F::YUV420SP_U8, false, 12, 8, {6, 4, 2, 2, 12, 0, 0, 0, 0}},
      {"yuv420sp half, uv swapped, 4 channels",
       F::YUV420SP_U8,
       true,
       10,
       6,
       {5, 3, 4, 2, 10, 0, 0, 3, 2},
       0,
       1,
       false,
       true},
      {"xrgb: X to the back and R/B, nearest border",
       F::XRGB8888_U8,
       false,
       9,
       7,
       {4, 3, 2, 1, 9, 2, 1, 3, 2},
       1,
       0,
       true,
       false,
       true},
      {"rgbx half: R/B, adjacent-block border",
       F::XRGB8888_U8,
       true,
       8,
       6,
       {5, 4, 0, 1, 8, 3, 2, 4, 5},
       2,
       0,
       true},
      {"rgb888: R/B, mirrored border",
       F::RGB888_U8,
       false,
       11,
       9,
       {6, 5, 4, 3, 11, 4, 5, 6, 1},
       3,
       1,
       true},
      {"rgb888 half, constant left/right", F::RGB888_U8, true, 7, 5, {4, 3, 2, 1, 7, 0, 0, 2, 3}},
      {"yuv400 single line, mirrored",
       F::YUV400_U8,
       false,
       9,
       5,
       {5, 0, 2, 3, 9, 1, 1, 2, 3},
       3,
       0,
       false,
       false,
       false,
       true},
      {"yuv400 half, 4 channels, nearest",
       F::YUV400_U8,
       true,
       6,
       6,
       {4, 4, 0, 2, 6, 2, 2, 1, 1},
       1,
       1},
      {"yuv420sp -> rgb, uv swapped",
       F::YUV420SP_U8,
       false,
       12,
       8,
       {6, 4, 2, 2, 12, 0, 0, 1, 1},
       0,
       0,
       false,
       true,
       false,
       false,
       true},
      {"rgb888 -> yuv half, R/B, mirrored",
       F::RGB888_U8,
       true,
       11,
       9,
       {6, 5, 4, 3, 11, 2, 1, 2, 1},
       3,
       1,
       true,
       false,
       false,
       false,
       true},
      {"xrgb -> yuv, X to the back, nearest",
       F::XRGB8888_U8,
       false,
       9,
       7,
       {4, 3, 2, 1, 9, 1, 2, 1, 2},
       1,
       0,
       false,
       false,
       true,
       false,
       true},
      {"yuv400 -> rgb: three channels",
       F::YUV400_U8,
       false,
       9,
       5,
       {5, 3, 2, 1, 9, 0, 0, 2, 2},
       0,
       1,
       false,
       false,
       false,
       false,
       true},
  };
  for (const AippCase& c : cases) {
    if (c.half_out) {
      RunAippCase<half>(c);
    } else {
      RunAippCase<int8_t>(c);
    }
  }
}

// Two pixels worked by hand (uint8_t out on the 310P, no type conversion): white and pure red
// into YUV ((66 + 129 + 25) * 255 + 128 >> 8 = 219, + 16; red's U floors -9562 / 256 to -38).
TEST(CubeAipp, ColourSpaceByHand) {
  std::vector<uint8_t> rgb = {255, 255, 255, 255, 0, 0};
  std::vector<uint8_t> got(2 * 32);
  DeviceProfile d = testing::TestDevice();
  d.architecture = "dav-2002";
  LaunchOptions o;
  o.checked = true;
  o.regions = {testing::Region(rgb, "image")};
  LaunchResult r = Launch(d, 1, o, [&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    pipe.InitBuffer(a1, 64);
    GlobalTensor<uint8_t> g;
    g.SetGlobalBuffer(rgb.data(), rgb.size());
    AippParams<uint8_t> cfg;
    cfg.cscParams = {true, 66, 129, 25, -38, -74, 112, 112, -94, -18, 0, 0, 0, 16, 128, 128};
    cfg.singleLineParams.isSingleLineCopy = true;  // one row: vertSize unused
    SetAippFunctions(g, AippInputFormat::RGB888_U8, cfg);
    LoadImageToLocal(a1.Get<uint8_t>(), {2, 1, 0, 0, 2, 0, 0, 0, 0});
    std::memcpy(got.data(), a1.Get<uint8_t>().ref().ptr, got.size());
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(std::vector<int>(got.begin(), got.begin() + 3), (std::vector<int>{235, 128, 128}));
  EXPECT_EQ(std::vector<int>(got.begin() + 32, got.begin() + 35), (std::vector<int>{82, 90, 240}));
}

// The load is one MTE2 DMA: set-up plus the crop's rows (and UV rows) at the DMA rate.
TEST(CubeAipp, LoadImageIsOneDmaOnMte2) {
  std::vector<uint8_t> img(64 * 16 * 3, 7);
  const LaunchResult r = testing::RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::B1> b1;
        pipe.InitBuffer(b1, 32 * 8 * 32);
        GlobalTensor<uint8_t> g;
        g.SetGlobalBuffer(img.data(), img.size());
        AippParams<int8_t> cfg;
        SetAippFunctions(g, AippInputFormat::RGB888_U8, cfg);
        LoadImageToLocal(b1.Get<int8_t>(), {32, 8, 0, 0, 64, 0, 0, 0, 0});
      },
      true, {testing::Region(img, "image")});
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  const DeviceProfile d = testing::TestDevice();
  const auto& mte2 = r.stats.pipes[static_cast<int>(Pipe::kMte2)];
  EXPECT_EQ(mte2.instructions, 1u);
  // MTE2 is held for the DMA's issue and transfer; the set-up is latency.
  EXPECT_GT(mte2.busy_ns, d.dma_issue_ns + 8 * 32 * 3 / d.dma_gbps_per_core * 0.99);
  EXPECT_LT(mte2.busy_ns, d.dma_issue_ns + 8 * 32 * 3 / d.dma_gbps_per_core * 1.01 + 1);
}

// The 310P AI Core (dav-2002) takes uint8_t out: the values as they are ("U为uint8_t时数据类型
// 转换功能不生效"), here 4 channels a pixel.
TEST(CubeAipp, Uint8OutOnThe310P) {
  std::vector<uint8_t> img(6 * 2 * 3);
  for (size_t i = 0; i < img.size(); ++i) img[i] = static_cast<uint8_t>(i * 7 + 1);
  DeviceProfile d = testing::TestDevice();
  d.architecture = "dav-2002";
  std::vector<uint8_t> got(6 * 2 * 4);
  LaunchOptions o;
  o.checked = true;
  o.regions = {testing::Region(img, "image")};
  const LaunchResult r = Launch(d, 1, o, [&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    pipe.InitBuffer(a1, 64);
    GlobalTensor<uint8_t> g;
    g.SetGlobalBuffer(img.data(), img.size());
    AippParams<uint8_t> cfg;
    cfg.dtcParams.dtcMeanCh0 = 50;  // not applied to uint8_t
    cfg.cPaddingParams.cPaddingMode = 1;
    cfg.cPaddingParams.cPaddingValue = 200;
    SetAippFunctions(g, AippInputFormat::RGB888_U8, cfg);
    LocalTensor<uint8_t> dst = a1.Get<uint8_t>();
    LoadImageToLocal(dst, {6, 2, 0, 0, 6, 0, 0, 0, 0});
    std::memcpy(got.data(), dst.ref().ptr, got.size());
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (size_t px = 0; px < 12; ++px) {
    for (size_t k = 0; k < 4; ++k) {
      ASSERT_EQ(got[px * 4 + k], k < 3 ? img[px * 3 + k] : 200) << px << ", " << k;
    }
  }
}

}  // namespace
}  // namespace opsim::sim
