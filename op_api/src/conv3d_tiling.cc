// Conv3dTilingApi::Conv3dTiling (lib/conv/conv3d/conv3d_tiling.h): the pages' rules (the Set*
// pages, GetTiling's "call the four shape setters first", the usage page's type table), the
// Load3D instruction's limits CANN's tiling checks (stride H/W <= 63, dilation H/W <= 255,
// padding H/W <= 255, kernel H/W <= 511) and a choice of mL0, nL0 and kL0 that fits the core's
// L0A, L0B, L0C and L1 with one buffer each (the kernel side does not double buffer).
#include "lib/conv/conv3d/conv3d_tiling.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace Conv3dTilingApi {
namespace {

constexpr int64_t kC0 = 16;  // half and bfloat16_t: 32 B of channels

const char* DtypeName(ConvDtype d) {
  switch (d) {
    case ConvDtype::FLOAT16: return "FLOAT16";
    case ConvDtype::FLOAT32: return "FLOAT32";
    case ConvDtype::BF16: return "BF16";
    case ConvDtype::INT8: return "INT8";
    default: return "another type";
  }
}

const char* FormatName(ConvFormat f) {
  static const char* const kNames[] = {"ND",      "NCHW",     "NHWC",        "HWCN",
                                       "DHWNC",   "DHWCN",    "NDHWC",       "NCDHW",
                                       "NC1HWC0", "NDC1HWC0", "FRACTAL_Z_3D"};
  const auto i = static_cast<size_t>(f);
  return i < sizeof(kNames) / sizeof(kNames[0]) ? kNames[i] : "an unknown format";
}

const char* PositionName(TPosition p) {
  static const char* const kNames[] = {"GM",  "A1",  "A2",    "B1",     "B2",      "C1",  "C2",
                                       "CO1", "CO2", "VECIN", "VECOUT", "VECCALC", "SPM", "TSCM"};
  const auto i = static_cast<size_t>(p);
  return i < sizeof(kNames) / sizeof(kNames[0]) ? kNames[i] : "an unknown position";
}

uint64_t MemSize(const platform_ascendc::PlatformAscendC& p, platform_ascendc::CoreMemType t) {
  uint64_t size = 0;
  p.GetCoreMemSize(t, size);
  return size;
}

std::string Dims(const int64_t* v, int n) {
  std::string s = "(";
  for (int i = 0; i < n; ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + ")";
}

}  // namespace

Conv3dTilingBase::Conv3dTilingBase(const platform_ascendc::PlatformAscendC& p) {
  using platform_ascendc::CoreMemType;
  platform_.socVersion = p.GetSocVersion();
  platform_.l1Size = MemSize(p, CoreMemType::L1);
  platform_.l0ASize = MemSize(p, CoreMemType::L0_A);
  platform_.l0BSize = MemSize(p, CoreMemType::L0_B);
  platform_.l0CSize = MemSize(p, CoreMemType::L0_C);
  platform_.ubSize = MemSize(p, CoreMemType::UB);
}

Conv3dTilingBase::Conv3dTilingBase(const PlatformInfo& platform) : platform_(platform) {}

void Conv3dTilingBase::SetOrgWeightShape(int64_t co, int64_t kd, int64_t kh, int64_t kw) {
  org_[0] = co, org_[1] = kd, org_[2] = kh, org_[3] = kw;
  set_[0] = true;
}
void Conv3dTilingBase::SetOrgInputShape(int64_t ci, int64_t di, int64_t hi, int64_t wi) {
  org_[4] = ci, org_[5] = di, org_[6] = hi, org_[7] = wi;
  set_[1] = true;
}
void Conv3dTilingBase::SetSingleWeightShape(int64_t ci, int64_t kd, int64_t kh, int64_t kw) {
  single_[0] = ci, single_[1] = kd, single_[2] = kh, single_[3] = kw;
  set_[2] = true;
}
void Conv3dTilingBase::SetSingleOutputShape(int64_t co, int64_t dout, int64_t m) {
  single_[4] = co, single_[5] = dout, single_[6] = m;
  set_[3] = true;
}
void Conv3dTilingBase::SetInputType(const TPosition pos, const ConvFormat f, const ConvDtype d) {
  input_ = {pos, f, d};
}
void Conv3dTilingBase::SetWeightType(const TPosition pos, const ConvFormat f, const ConvDtype d) {
  weight_ = {pos, f, d};
}
void Conv3dTilingBase::SetBiasType(const TPosition pos, const ConvFormat f, const ConvDtype d) {
  bias_ = {pos, f, d};
  has_bias_ = true;
}
void Conv3dTilingBase::SetOutputType(const TPosition pos, const ConvFormat f, const ConvDtype d) {
  output_ = {pos, f, d};
}
void Conv3dTilingBase::SetPadding(int64_t head, int64_t tail, int64_t up, int64_t down,
                                  int64_t left, int64_t right) {
  pad_[0] = head, pad_[1] = tail, pad_[2] = up, pad_[3] = down, pad_[4] = left, pad_[5] = right;
}
void Conv3dTilingBase::SetDilation(int64_t d, int64_t h, int64_t w) {
  dilation_[0] = d, dilation_[1] = h, dilation_[2] = w;
}
void Conv3dTilingBase::SetStride(int64_t d, int64_t h, int64_t w) {
  stride_[0] = d, stride_[1] = h, stride_[2] = w;
}
void Conv3dTilingBase::SetGroups(int64_t groups) { groups_ = groups; }

bool Conv3dTilingBase::Fail(const char* kind, const std::string& why) {
  error_ = std::string(kind) + ": " + why;
  std::fprintf(stderr, "[ERROR] conv3d_tiling: %s\n", error_.c_str());
  return false;
}

bool Conv3dTilingBase::CheckCalls() {
  static const char* const kSetters[4] = {"SetOrgWeightShape", "SetOrgInputShape",
                                          "SetSingleWeightShape", "SetSingleOutputShape"};
  for (int i = 0; i < 4; ++i) {
    if (!set_[i]) {
      return Fail("invalid_argument", std::string(kSetters[i]) +
                                          " was not called (the GetTiling page: call "
                                          "SetOrgInputShape, SetOrgWeightShape, "
                                          "SetSingleWeightShape and SetSingleOutputShape first)");
    }
  }
  using platform_ascendc::SocVersion;
  if (platform_.socVersion != SocVersion::ASCEND910B &&
      platform_.socVersion != SocVersion::ASCEND910_93) {
    const SocVersion v = platform_.socVersion;
    const char* name = v == SocVersion::ASCEND910    ? "ASCEND910"
                       : v == SocVersion::ASCEND310P ? "ASCEND310P"
                       : v == SocVersion::ASCEND310B ? "ASCEND310B"
                       : v == SocVersion::ASCEND950  ? "ASCEND950"
                                                     : nullptr;
    return Fail("unsupported", std::string("SocVersion::") +
                                   (name ? name : std::to_string(static_cast<int>(v)).c_str()) +
                                   ": the Conv3D API is on Atlas A2/A3 (ASCEND910B) only");
  }
  return true;
}

bool Conv3dTilingBase::CheckTypes() {
  const auto where = [](const char* setter, const ConvOperandType& o, TPosition pos,
                        ConvFormat format) {
    if (o.pos != pos) {
      return std::string(setter) + ": TPosition::" + PositionName(o.pos) +
             " (the page: TPosition::" + PositionName(pos) + " only)";
    }
    if (o.format != format) {
      return std::string(setter) + ": ConvFormat::" + FormatName(o.format) +
             " (the page: ConvFormat::" + FormatName(format) + " only)";
    }
    return std::string();
  };
  for (const std::string& why :
       {where("SetInputType", input_, TPosition::GM, ConvFormat::NDC1HWC0),
        where("SetWeightType", weight_, TPosition::GM, ConvFormat::FRACTAL_Z_3D),
        where("SetOutputType", output_, TPosition::CO1, ConvFormat::NDC1HWC0),
        has_bias_ ? where("SetBiasType", bias_, TPosition::GM, ConvFormat::ND) : std::string()}) {
    if (!why.empty()) return Fail("unsupported", why);
  }
  // The usage page's table 2: half/half/half/half and bf16/bf16/float/bf16.
  const ConvDtype in = input_.dtype;
  const bool pair_ok = (in == ConvDtype::FLOAT16 || in == ConvDtype::BF16) && weight_.dtype == in &&
                       output_.dtype == in;
  const ConvDtype bias_want = in == ConvDtype::BF16 ? ConvDtype::FLOAT32 : ConvDtype::FLOAT16;
  if (!pair_ok || (has_bias_ && bias_.dtype != bias_want)) {
    return Fail("unsupported", std::string("input ") + DtypeName(in) + ", weight " +
                                   DtypeName(weight_.dtype) + ", bias " +
                                   (has_bias_ ? DtypeName(bias_.dtype) : "none") + ", output " +
                                   DtypeName(output_.dtype) +
                                   " (the usage page's combinations: FLOAT16 x FLOAT16 + FLOAT16 "
                                   "-> FLOAT16, BF16 x BF16 + FLOAT32 -> BF16)");
  }
  return true;
}

bool Conv3dTilingBase::CheckShapes() {
  if (*std::min_element(org_, org_ + 8) <= 0) {
    return Fail("invalid_argument", "SetOrgWeightShape" + Dims(org_, 4) + " / SetOrgInputShape" +
                                        Dims(org_ + 4, 4) + ": every extent must be >= 1");
  }
  if (*std::min_element(single_, single_ + 7) <= 0) {
    return Fail("invalid_argument", "SetSingleWeightShape" + Dims(single_, 4) +
                                        " / SetSingleOutputShape" + Dims(single_ + 4, 3) +
                                        ": every extent must be >= 1");
  }
  if (single_[0] != org_[4] || single_[1] != org_[1] || single_[2] != org_[2] ||
      single_[3] != org_[3]) {
    return Fail("unsupported", "SetSingleWeightShape" + Dims(single_, 4) +
                                   ": the single-core weight is the whole weight (Ci, kd, kh, "
                                   "kw) = (" +
                                   std::to_string(org_[4]) + ", " + std::to_string(org_[1]) + ", " +
                                   std::to_string(org_[2]) + ", " + std::to_string(org_[3]) +
                                   ") (CANN's constraint)");
  }
  return true;
}

bool Conv3dTilingBase::CheckAttrs() {
  if (groups_ != 1) {
    return Fail("unsupported", "SetGroups(" + std::to_string(groups_) +
                                   "): grouped convolution is not supported (the SetGroups page: "
                                   "groups = 1 only)");
  }
  if (*std::min_element(stride_, stride_ + 3) < 1 ||
      *std::min_element(dilation_, dilation_ + 3) < 1 || *std::min_element(pad_, pad_ + 6) < 0) {
    return Fail("invalid_argument", "SetStride" + Dims(stride_, 3) + ", SetDilation" +
                                        Dims(dilation_, 3) + ", SetPadding" + Dims(pad_, 6) +
                                        ": strides and dilations >= 1, padding >= 0");
  }
  // The Load3D instruction's fields (CANN's tiling checks the same limits).
  const int64_t lim[4][3] = {{stride_[1], stride_[2], 63},
                             {dilation_[1], dilation_[2], 255},
                             {std::max(pad_[2], pad_[3]), std::max(pad_[4], pad_[5]), 255},
                             {org_[2], org_[3], 511}};
  static const char* const kWhat[4] = {"stride H/W", "dilation H/W", "padding H/W", "kernel H/W"};
  for (int i = 0; i < 4; ++i) {
    if (lim[i][0] > lim[i][2] || lim[i][1] > lim[i][2]) {
      return Fail("invalid_argument", std::string(kWhat[i]) + " (" + std::to_string(lim[i][0]) +
                                          ", " + std::to_string(lim[i][1]) + ") exceeds " +
                                          std::to_string(lim[i][2]) +
                                          " (the Load3D instruction's limit)");
    }
  }
  static const char* const kAxis[3] = {"D", "H", "W"};
  for (int a = 0; a < 3; ++a) {
    const int64_t padded = org_[5 + a] + pad_[2 * a] + pad_[2 * a + 1];
    const int64_t extent = dilation_[a] * (org_[1 + a] - 1) + 1;
    if (padded < extent) {
      return Fail("invalid_argument",
                  std::string("the padded input's ") + kAxis[a] + " = " + std::to_string(padded) +
                      " is smaller than the dilated kernel's " + std::to_string(extent));
    }
  }
  return true;
}

// mL0 x nL0 results in L0C, mL0 x kL0 in L0A, kL0 x nL0 in L0B (2 B each), kL0 whole channel
// blocks of kh x kw x C0, and the L1 pieces (the rows mL0 positions reach, the weight block and
// the bias row) in L1.
bool Conv3dTilingBase::ChooseBlocks(AscendC::tiling::TConv3DApiTiling& t) {
  const uint64_t l0a = platform_.l0ASize ? platform_.l0ASize : 65536;
  const uint64_t l0b = platform_.l0BSize ? platform_.l0BSize : 65536;
  const uint64_t l0c = platform_.l0CSize ? platform_.l0CSize : 131072;
  const uint64_t l1 = platform_.l1Size ? platform_.l1Size : 524288;
  const uint64_t unit = uint64_t(org_[2] * org_[3]) * kC0;  // one channel block's K
  const uint64_t ci1 = uint64_t(org_[4] + kC0 - 1) / kC0;
  const uint64_t m16 = (uint64_t(single_[6]) + 15) / 16 * 16;
  const uint64_t n16 = (uint64_t(single_[4]) + 15) / 16 * 16;
  // The kernel copies nL0 of each weight row's Cout (to 16) channels, skipping the rest with
  // DataCopy's 16-bit srcStride (in 32 B blocks, one channel each).
  if ((uint64_t(org_[0]) + 15) / 16 * 16 - 16 > 65535) {
    return Fail("unsupported", "Cout = " + std::to_string(org_[0]) +
                                   ": the weight rows' gap passes DataCopy's srcStride (65535 "
                                   "blocks of 32 B)");
  }
  for (uint64_t m = std::min<uint64_t>(m16, 256); m >= 16; m -= 16) {
    for (uint64_t n = std::min<uint64_t>(n16, 128); n >= 16; n -= 16) {
      if (m * n * 4 > l0c) continue;
      uint64_t c1 = std::min<uint64_t>(ci1, 4095 / unit);
      while (c1 > 0 && (m * c1 * unit * 2 > l0a || c1 * unit * n * 2 > l0b)) --c1;
      if (c1 == 0) continue;
      t.mL0 = static_cast<uint32_t>(m);
      t.nL0 = static_cast<uint32_t>(n);
      t.kL0 = static_cast<uint32_t>(c1 * unit);
      const uint64_t fmap = c1 * opsim::conv3d::FmapRowsInL1(t, m) * t.orgWi * 32;
      if (fmap + uint64_t{t.kL0} * n * 2 + n * kC0 * 2 > l1) continue;
      t.kAL1 = t.kBL1 = t.kL0;
      t.nBL1 = t.nL0;
      t.mAL1 = t.mL0;
      t.al1FullLoad = t.bl1FullLoad = t.biasFullLoadFlag = 0;
      // The block's whole weight (kd x Ci1 x kh x kw rows of its Cout) stays in L1 when it fits
      // beside the input rows: loaded once per IterateAll instead of once per tile and step.
      const uint64_t k_all = uint64_t(org_[1]) * ci1 * unit;
      if (fmap + std::max<uint64_t>(k_all * n16 * 2, uint64_t{t.kL0} * n * 2) + n * kC0 * 2 <= l1) {
        t.bl1FullLoad = 1;
        t.kBL1 = static_cast<uint32_t>(k_all);
        t.nBL1 = static_cast<uint32_t>(n16);
      }
      t.iterateMNOrder = 0;
      return true;
    }
  }
  return Fail("unsupported",
              "no mL0 x nL0 x kL0 fits the core's buffers: one channel block "
              "of kh x kw = " +
                  std::to_string(org_[2] * org_[3]) + " taps takes " + std::to_string(unit) +
                  " of K and splitting the taps is not modelled");
}

int64_t Conv3dTilingBase::Compute(AscendC::tiling::TConv3DApiTiling& t) {
  error_.clear();
  if (!CheckCalls() || !CheckTypes() || !CheckShapes() || !CheckAttrs()) return -1;
  t = {};
  t.groups = 1;
  t.orgCo = static_cast<uint32_t>(org_[0]);
  t.kernelD = static_cast<uint32_t>(org_[1]);
  t.kernelH = static_cast<uint32_t>(org_[2]);
  t.kernelW = static_cast<uint32_t>(org_[3]);
  t.orgCi = static_cast<uint32_t>(org_[4]);
  t.orgDi = uint64_t(org_[5]), t.orgHi = uint64_t(org_[6]), t.orgWi = uint64_t(org_[7]);
  t.strideD = uint32_t(stride_[0]), t.strideH = uint32_t(stride_[1]);
  t.strideW = uint32_t(stride_[2]);
  t.dilationD = uint32_t(dilation_[0]), t.dilationH = uint32_t(dilation_[1]);
  t.dilationW = uint32_t(dilation_[2]);
  t.padHead = uint32_t(pad_[0]), t.padTail = uint32_t(pad_[1]), t.padUp = uint32_t(pad_[2]);
  t.padDown = uint32_t(pad_[3]), t.padLeft = uint32_t(pad_[4]), t.padRight = uint32_t(pad_[5]);
  const auto out = [&](int a) {
    return uint64_t(
        (org_[5 + a] + pad_[2 * a] + pad_[2 * a + 1] - dilation_[a] * (org_[1 + a] - 1) - 1) /
            stride_[a] +
        1);
  };
  t.orgDo = out(0), t.orgHo = out(1), t.orgWo = out(2);
  t.singleCoreCo = static_cast<uint32_t>(single_[4]);
  t.singleCoreDo = uint64_t(single_[5]);
  t.singleCoreM = uint64_t(single_[6]);
  if (t.singleCoreCo > t.orgCo || t.singleCoreDo > t.orgDo || t.singleCoreM > t.orgHo * t.orgWo) {
    Fail("invalid_argument", "SetSingleOutputShape" + Dims(single_ + 4, 3) +
                                 " exceeds the output (Cout, Dout, Hout x Wout) = (" +
                                 std::to_string(t.orgCo) + ", " + std::to_string(t.orgDo) + ", " +
                                 std::to_string(t.orgHo * t.orgWo) + ")");
    return -1;
  }
  return ChooseBlocks(t) ? 0 : -1;
}

int64_t Conv3dTiling::GetTiling(AscendC::tiling::TConv3DApiTiling& tiling) {
  AscendC::tiling::TConv3DApiTiling t;
  if (Compute(t) != 0) return -1;
  tiling = t;
  return 0;
}

int64_t Conv3dTiling::GetTiling(optiling::TConv3DApiTiling& tiling) {
  AscendC::tiling::TConv3DApiTiling t;
  if (Compute(t) != 0) return -1;
#define OPSIM_CONV3D_SET(f) tiling.set_##f(t.f);
  OPSIM_CONV3D_SET(groups)
  OPSIM_CONV3D_SET(singleCoreDo)
  OPSIM_CONV3D_SET(singleCoreCo)
  OPSIM_CONV3D_SET(singleCoreM)
  OPSIM_CONV3D_SET(orgDo)
  OPSIM_CONV3D_SET(orgCo)
  OPSIM_CONV3D_SET(orgHo)
  OPSIM_CONV3D_SET(orgWo)
  OPSIM_CONV3D_SET(orgCi)
  OPSIM_CONV3D_SET(orgDi)
  OPSIM_CONV3D_SET(orgHi)
  OPSIM_CONV3D_SET(orgWi)
  OPSIM_CONV3D_SET(kernelD)
  OPSIM_CONV3D_SET(kernelH)
  OPSIM_CONV3D_SET(kernelW)
  OPSIM_CONV3D_SET(strideD)
  OPSIM_CONV3D_SET(strideH)
  OPSIM_CONV3D_SET(strideW)
  OPSIM_CONV3D_SET(dilationD)
  OPSIM_CONV3D_SET(dilationH)
  OPSIM_CONV3D_SET(dilationW)
  OPSIM_CONV3D_SET(padHead)
  OPSIM_CONV3D_SET(padTail)
  OPSIM_CONV3D_SET(padUp)
  OPSIM_CONV3D_SET(padDown)
  OPSIM_CONV3D_SET(padLeft)
  OPSIM_CONV3D_SET(padRight)
  OPSIM_CONV3D_SET(mL0)
  OPSIM_CONV3D_SET(kL0)
  OPSIM_CONV3D_SET(nL0)
  OPSIM_CONV3D_SET(kAL1)
  OPSIM_CONV3D_SET(kBL1)
  OPSIM_CONV3D_SET(nBL1)
  OPSIM_CONV3D_SET(mAL1)
  OPSIM_CONV3D_SET(al1FullLoad)
  OPSIM_CONV3D_SET(bl1FullLoad)
  OPSIM_CONV3D_SET(iterateMNOrder)
  OPSIM_CONV3D_SET(biasFullLoadFlag)
#undef OPSIM_CONV3D_SET
  return 0;
}

}  // namespace Conv3dTilingApi
