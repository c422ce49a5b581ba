// AIPP (cube_aipp.h): SetAippFunctions + LoadImageToLocal against a scalar model of the pages'
// rules written here (crop, channel swaps, the int8_t/half conversions, channel padding, the four
// border padding modes, single-line reads) for every input format, and each rule as its fault.
#include <gtest/gtest.h>

#include <algorithm>
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
};

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
    case AippInputFormat::YUV400_U8: return {y[r * w + x]};
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
  const uint32_t img_ch = c.format == AippInputFormat::YUV400_U8 ? 1 : 3;
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
        const auto px = AippModelPixel(c, y, uv, p.vertStartPos + ri, p.horizStartPos + cj);
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
  };
  for (const AippCase& c : cases) {
    if (c.half_out) {
      RunAippCase<half>(c);
    } else {
      RunAippCase<int8_t>(c);
    }
  }
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
  EXPECT_GT(mte2.busy_ns, d.dma_setup_ns + 8 * 32 * 3 / d.dma_gbps_per_core * 0.99);
  EXPECT_LT(mte2.busy_ns, d.dma_setup_ns + 8 * 32 * 3 / d.dma_gbps_per_core * 1.01 + 1);
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

std::string AippFault(const std::function<void(GlobalTensor<uint8_t>&, TBuf<TPosition::A1>&)>& body,
                      FaultKind* kind, const DeviceProfile& d = testing::TestDevice()) {
  std::vector<uint8_t> img(64 * 8 * 4 + 1, 1);
  LaunchOptions o;
  o.checked = true;
  o.regions = {testing::Region(img, "image")};
  const LaunchResult r = Launch(d, 1, o, [&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    pipe.InitBuffer(a1, 64 * 1024);
    GlobalTensor<uint8_t> g;
    g.SetGlobalBuffer(img.data(), img.size());
    body(g, a1);
  });
  if (!r.fault) return "no fault";
  *kind = r.fault->kind;
  return r.fault->instruction + ": " + r.fault->message;
}

TEST(CubeAipp, EachRuleIsAFault) {
  using G = GlobalTensor<uint8_t>;
  using B = TBuf<TPosition::A1>;
  using F = AippInputFormat;
  // An RGB888 load of `p` after a SetAippFunctions with `edit` applied.
  const auto rgb = [](LoadImageToLocalParams p, std::function<void(AippParams<int8_t>&)> edit) {
    return [p, edit](G& g, B& b) {
      AippParams<int8_t> cfg;
      if (edit) edit(cfg);
      SetAippFunctions(g, F::RGB888_U8, cfg);
      LoadImageToLocal(b.Get<int8_t>(), p);
    };
  };
  const LoadImageToLocalParams ok{8, 4, 0, 0, 64, 0, 0, 0, 0};
  const auto with = [&](std::function<void(LoadImageToLocalParams&)> f) {
    LoadImageToLocalParams p = ok;
    f(p);
    return p;
  };
  struct Case {
    const char* what;
    std::function<void(G&, B&)> body;
    FaultKind kind;
    const char* says;
  };
  const std::vector<Case> cases = {
      {"horizSize 1", rgb(with([](auto& p) { p.horizSize = 1; }), nullptr),
       FaultKind::kInvalidArgument, "horizSize = 1"},
      {"vertSize 4096", rgb(with([](auto& p) { p.vertSize = 4096; }), nullptr),
       FaultKind::kInvalidArgument, "vertSize = 4096"},
      {"odd horizStartPos", rgb(with([](auto& p) { p.horizStartPos = 1; }), nullptr),
       FaultKind::kInvalidArgument, "horizStartPos = 1 must be even"},
      {"srcHorizSize 1", rgb(with([](auto& p) { p.srcHorizSize = 1; }), nullptr),
       FaultKind::kInvalidArgument, "srcHorizSize = 1"},
      {"topPadSize 33",
       rgb(with([](auto& p) { p.topPadSize = 33; }),
           [](auto& c) { c.paddingParams.paddingMode = 1; }),
       FaultKind::kInvalidArgument, "topPadSize = 33"},
      {"crop past the row", rgb(with([](auto& p) { p.horizStartPos = 60; }), nullptr),
       FaultKind::kInvalidArgument, "runs past the source row"},
      {"mode 0 top pad", rgb(with([](auto& p) { p.topPadSize = 1; }), nullptr),
       FaultKind::kInvalidArgument, "pads left and right only"},
      {"mode 2 pad wider than the crop",
       rgb(with([](auto& p) { p.leftPadSize = 9; }),
           [](auto& c) { c.paddingParams.paddingMode = 2; }),
       FaultKind::kInvalidArgument, "left/right pads must be <= horizSize"},
      {"paddingMode 4", rgb(ok, [](auto& c) { c.paddingParams.paddingMode = 4; }),
       FaultKind::kInvalidArgument, "paddingMode = 4"},
      {"cPaddingMode 2", rgb(ok, [](auto& c) { c.cPaddingParams.cPaddingMode = 2; }),
       FaultKind::kInvalidArgument, "cPaddingMode = 2"},
      {"dtcRoundMode 1", rgb(ok, [](auto& c) { c.dtcParams.dtcRoundMode = 1; }),
       FaultKind::kUnsupported, "dtcRoundMode = 1"},
      {"csc", rgb(ok, [](auto& c) { c.cscParams.isEnableCsc = true; }), FaultKind::kUnsupported,
       "isEnableCsc"},
      {"rows past the image", rgb(with([](auto& p) { p.vertSize = 40; }), nullptr),
       FaultKind::kOutOfBoundsGm, "src0"},
      {"dst too small",
       rgb(with([](auto& p) {
             p.vertSize = 300;
             p.srcHorizSize = 8;
           }),
           nullptr),
       FaultKind::kOutOfBoundsUb, "dst"},
      {"format 7", [](G& g, B&) { SetAippFunctions(g, static_cast<F>(7), AippParams<int8_t>{}); },
       FaultKind::kInvalidArgument, "format = 7"},
      {"yuv420sp without uv",
       [](G& g, B&) { SetAippFunctions(g, F::YUV420SP_U8, AippParams<int8_t>{}); },
       FaultKind::kInvalidArgument, "use the form with src1"},
      {"yuv420sp odd vertStartPos",
       [](G& g, B& b) {
         SetAippFunctions(g, g[64 * 8], F::YUV420SP_U8, AippParams<int8_t>{});
         LoadImageToLocal(b.Get<int8_t>(), {8, 2, 0, 1, 64, 0, 0, 0, 0});
       },
       FaultKind::kInvalidArgument, "vertStartPos = 1 must be even"},
      {"xrgb misaligned",
       [](G& g, B&) { SetAippFunctions(g[1], F::XRGB8888_U8, AippParams<int8_t>{}); },
       FaultKind::kMisalignedCopy, "4 B aligned"},
      {"uint8 output", [](G& g, B&) { SetAippFunctions(g, F::RGB888_U8, AippParams<uint8_t>{}); },
       FaultKind::kUnsupported, "uint8_t"},
      {"no SetAippFunctions", [](G&, B& b) { LoadImageToLocal(b.Get<int8_t>(), {}); },
       FaultKind::kInvalidArgument, "no SetAippFunctions"},
      {"dst type",
       [](G& g, B& b) {
         SetAippFunctions(g, F::RGB888_U8, AippParams<half>{});
         LoadImageToLocal(b.Get<int8_t>(), {8, 4, 0, 0, 64, 0, 0, 0, 0});
       },
       FaultKind::kInvalidArgument, "SetAippFunctions' U is float16"},
  };
  for (const Case& c : cases) {
    FaultKind kind{};
    const std::string msg = AippFault(c.body, &kind);
    EXPECT_EQ(kind, c.kind) << c.what << ": " << msg;
    EXPECT_NE(msg.find(c.says), std::string::npos) << c.what << ": " << msg;
  }
  DeviceProfile old = testing::TestDevice();
  old.architecture = "dav-1001";
  FaultKind kind{};
  const std::string msg = AippFault(rgb(ok, nullptr), &kind, old);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
}

}  // namespace
}  // namespace opsim::sim
