// AIPP (cube_aipp.h): each rule of SetAippFunctions and LoadImageToLocal as its fault (the
// loads themselves: runtime_cube_aipp_test.cc).
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

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
