// LoadData with LoadData3DParamsV2 (img2col, L1 -> L0A/L0B) against a scalar model written from
// CANN's load3d.py pseudocode (its padded map, window walk and the numpy reshapes of each
// destination), in every element width the Atlas A2 form takes, with the register setters and
// each fault.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

// One case: the feature map [C1][H][W][C0] in L1 and the load's parameters.
struct Im2colCase {
  uint32_t c1, h, w;
  uint8_t pad[4];  // left, right, top, bottom
  uint8_t kh, kw, sh, sw, dh, dw;
  uint16_t m_start, m_ext, k_start, k_ext;
  bool transpose;
  TPosition dst;
  LoadDataRepeatParam repeat;  // repeatTime 1: none
};

// The pseudocode's nc1hwc0_im2col: pad the map with the value, walk the filter (W fastest) and
// lay each window out as [C1][tap][C0]; result[m] holds row m's K bytes.
std::vector<std::vector<uint8_t>> Im2colOf(const Im2colCase& c, uint32_t eb,
                                           const std::vector<uint8_t>& l1, const uint8_t* pad) {
  const uint32_t c0 = 32 / eb;
  const uint32_t hp = c.h + c.pad[2] + c.pad[3], wp = c.w + c.pad[0] + c.pad[1];
  auto at = [&](uint32_t c1, uint32_t y, uint32_t x, uint32_t e) -> const uint8_t* {
    if (y < c.pad[2] || y >= c.pad[2] + c.h || x < c.pad[0] || x >= c.pad[0] + c.w) return pad;
    return l1.data() + (((c1 * c.h + (y - c.pad[2])) * c.w + (x - c.pad[0])) * c0 + e) * eb;
  };
  const uint32_t kh_span = (c.kh - 1u) * c.dh + 1, kw_span = (c.kw - 1u) * c.dw + 1;
  std::vector<std::vector<uint8_t>> rows;
  for (uint32_t y0 = 0; y0 + kh_span <= hp; y0 += c.sh) {
    for (uint32_t x0 = 0; x0 + kw_span <= wp; x0 += c.sw) {
      std::vector<uint8_t> row;
      for (uint32_t g = 0; g < c.c1; ++g) {
        for (uint32_t i = 0; i < c.kh; ++i) {
          for (uint32_t j = 0; j < c.kw; ++j) {
            for (uint32_t e = 0; e < c0; ++e) {
              const uint8_t* p = at(g, y0 + i * c.dh, x0 + j * c.dw, e);
              row.insert(row.end(), p, p + eb);
            }
          }
        }
      }
      rows.push_back(row);
    }
  }
  return rows;
}

// The part loaded, the repeat's iterations concatenated ("one big matrix"), then each
// destination's numpy reshape from move_to_l0a/move_to_l0b; untouched bytes stay 0xEE.
std::vector<uint8_t> ModelDst(const Im2colCase& c, uint32_t eb,
                              const std::vector<std::vector<uint8_t>>& mat, size_t bytes) {
  const uint32_t c0 = 32 / eb;
  std::vector<uint32_t> rows, cols;
  const uint32_t rep = c.repeat.repeatTime;
  for (uint32_t r = 0; r < (c.repeat.repeatMode == 0 ? rep : 1u); ++r) {
    for (uint32_t i = 0; i < c.m_ext; ++i)
      rows.push_back(c.m_start + r * c.repeat.repeatStride * 16 + i);
  }
  for (uint32_t r = 0; r < (c.repeat.repeatMode == 1 ? rep : 1u); ++r) {
    for (uint32_t j = 0; j < c.k_ext; ++j)
      cols.push_back(c.k_start + r * c.repeat.repeatStride * c0 + j);
  }
  const size_t m = rows.size(), k = cols.size();
  const size_t mb = (m + 15) / 16, kp = (k + 15) / 16 * 16;
  std::vector<uint8_t> out(bytes, 0xEE);
  auto put = [&](size_t index, size_t i, size_t j) {
    std::memcpy(out.data() + index * eb, mat[rows[i]].data() + cols[j] * eb, eb);
  };
  for (size_t i = 0; i < m; ++i) {
    const size_t mi = i / 16, r = i % 16, half_ = r / 8, mc = r % 8;
    for (size_t j = 0; j < k; ++j) {
      if (c.dst == TPosition::A2 && !c.transpose) {  // [M/16, K/C0, 16, C0]
        put(((mi * (k / c0) + j / c0) * 16 + r) * c0 + j % c0, i, j);
      } else if (c.dst == TPosition::A2 && eb == 2) {  // [K/C0, M/16, C0, 16]
        put(((j / c0 * mb + mi) * c0 + j % c0) * 16 + r, i, j);
      } else if (c.dst == TPosition::A2) {  // b32: [Kp/16, M/16, 2, 16, 8]
        put(((((j / 16) * mb + mi) * 2 + half_) * 16 + j % 16) * 8 + mc, i, j);
      } else if (eb == 2) {  // L0B b16: [M/16, K/16, C0, 16]
        put(((mi * (k / 16) + j / 16) * 16 + j % 16) * 16 + r, i, j);
      } else {  // L0B b32: [M/16, 2, Kp, 8]
        put(((mi * 2 + half_) * kp + j) * 8 + mc, i, j);
      }
    }
  }
  return out;
}

// How the kernel gives the load its geometry: in the parameters, through the registers with
// LoadData3DParamsV2, or through the registers with the packed LoadData3DParamsV2Pro.
enum class Load3dForm { kParams, kSetters, kPro };

// E: the tensors' element, T or TensorTrait<T> (the trait forms run the same loads).
template <typename T, typename E = T>
void ExpectLikeModel(const Im2colCase& c, T pad_value, Load3dForm form = Load3dForm::kParams) {
  constexpr uint32_t eb = sizeof(T);
  constexpr size_t kL0 = 16 * 1024;
  const uint32_t c0 = 32 / eb;
  const size_t l1_bytes = size_t{c.c1} * c.h * c.w * 32;
  std::vector<uint8_t> l1(l1_bytes);
  for (size_t i = 0; i < l1.size(); ++i) l1[i] = static_cast<uint8_t>(i * 13 + i / 97 + 1);
  std::vector<uint8_t> got(kL0);
  const LaunchResult r = testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    pipe.InitBuffer(a1, static_cast<uint32_t>(l1_bytes));
    pipe.InitBuffer(a2, kL0);
    pipe.InitBuffer(b2, kL0);
    LocalTensor<E> src = a1.Get<E>();
    LocalTensor<E> dst = c.dst == TPosition::A2 ? a2.Get<E>() : b2.Get<E>();
    std::memcpy(static_cast<void*>(src.data()), l1.data(), l1_bytes);
    std::memset(static_cast<void*>(dst.data()), 0xEE, kL0);
    detail::HostWroteUb(src.ref());
    LoadData3DParamsV2<T> p;
    std::memcpy(p.padList, c.pad, 4);
    p.l1H = static_cast<uint16_t>(c.h);
    p.l1W = static_cast<uint16_t>(c.w);
    p.channelSize = static_cast<uint16_t>(c.c1 * c0);
    p.kExtension = c.k_ext, p.mExtension = c.m_ext, p.kStartPt = c.k_start, p.mStartPt = c.m_start;
    p.strideW = c.sw, p.strideH = c.sh, p.filterW = c.kw, p.filterH = c.kh;
    p.dilationFilterW = c.dw, p.dilationFilterH = c.dh;
    p.enTranspose = c.transpose;
    if (c.repeat.repeatTime != 1) SetLoadDataRepeat(c.repeat);
    if (form == Load3dForm::kPro) {
      SetFmatrix(p.l1H, p.l1W, c.pad, FmatrixMode::FMATRIX_LEFT);
      SetLoadDataPaddingValue(pad_value);
      LoadData3DParamsV2Pro pro;
      pro.channelSize = p.channelSize;
      pro.enTranspose = c.transpose;
      pro.extConfig = (uint64_t{c.m_start} << 48) | (uint64_t{c.k_start} << 32) |
                      (uint64_t{c.m_ext} << 16) | c.k_ext;
      pro.filterConfig = (uint64_t{c.dh} << 40) | (uint64_t{c.dw} << 32) | (uint64_t{c.kh} << 24) |
                         (uint64_t{c.kw} << 16) | (uint64_t{c.sh} << 8) | c.sw;
      LoadData(dst, src, pro);
    } else if (form == Load3dForm::kSetters) {
      // The parameters' geometry and pad value are ignored: the registers hold the real ones.
      static constexpr IsResetLoad3dConfig kManual = {false, false};
      SetFmatrix(p.l1H, p.l1W, c.pad, FmatrixMode::FMATRIX_LEFT);
      SetLoadDataPaddingValue(pad_value);
      p.l1H = 1, p.l1W = 1, p.padValue = T(0);
      std::memset(p.padList, 0, 4);
      LoadData<E, kManual>(dst, src, p);
    } else {
      p.padValue = pad_value;
      LoadData(dst, src, p);
    }
    PipeBarrier<PIPE_ALL>();
    std::memcpy(got.data(), static_cast<const void*>(dst.data()), kL0);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  uint8_t pad[4] = {0, 0, 0, 0};
  std::memcpy(pad, &pad_value, eb);
  const std::vector<uint8_t> want = ModelDst(c, eb, Im2colOf(c, eb, l1, pad), kL0);
  for (size_t i = 0; i < kL0; ++i) {
    ASSERT_EQ(got[i], want[i]) << "byte " << i << " (element " << i / eb << "), " << eb * 8
                               << "-bit, to " << (c.dst == TPosition::A2 ? "L0A" : "L0B")
                               << (c.transpose ? " transposed" : "");
  }
}

constexpr LoadDataRepeatParam kNoRepeat{};

TEST(CubeLoad3d, SixteenBitLikeTheModel) {
  // 3 x 3 filter, padding 1 all round: Hout x Wout = 6 x 5 = 30 rows, K = 2 x 9 x 16.
  const Im2colCase same{2,   6,   5,     {1, 1, 1, 1},  3,        3, 1, 1, 1, 1, 0, 16,
                        144, 144, false, TPosition::A2, kNoRepeat};
  ExpectLikeModel<half>(same, half(0.0f));
  // The last rows: mExtension 14 reaches row 30, the matrix's end (no multiple of 16 needed).
  Im2colCase tail = same;
  tail.m_start = 16, tail.m_ext = 14, tail.k_start = 0, tail.k_ext = 288;
  ExpectLikeModel<half>(tail, half(0.0f));
  // Stride 2, dilation 2, uneven padding, a 2 x 3 filter and a padding value that shows.
  const Im2colCase strided{1, 9,  11,    {2, 0, 1, 3},  2,        3, 2, 2, 2, 2, 0, 16,
                           0, 96, false, TPosition::A2, kNoRepeat};
  ExpectLikeModel<half>(strided, half(7.0f));
  ExpectLikeModel<bfloat16_t>(strided, bfloat16_t(-2.0f));
  Im2colCase t = strided;
  t.transpose = true;
  ExpectLikeModel<half>(t, half(3.0f));
  Im2colCase b = strided;
  b.dst = TPosition::B2;
  b.transpose = true;  // ignored: L1 -> L0B always turns over
  ExpectLikeModel<bfloat16_t>(b, bfloat16_t(1.0f));
  ExpectLikeModel<half>(same, half(0.0f), Load3dForm::kSetters);  // registers set by hand
}

TEST(CubeLoad3d, ThirtyTwoBitLikeTheModel) {
  // C0 = 8: K = 1 x 3 x 8 = 24 columns, not a multiple of 16 (the transposed and L0B layouts pad).
  const Im2colCase c{1, 5,  7,     {1, 1, 0, 0},  1,        3, 1, 1, 1, 1, 0, 32,
                     0, 24, false, TPosition::A2, kNoRepeat};
  ExpectLikeModel<float>(c, -1.5f);
  Im2colCase t = c;
  t.transpose = true;
  ExpectLikeModel<float>(t, 2.5f);
  Im2colCase b = c;
  b.dst = TPosition::B2;
  ExpectLikeModel<float>(b, 0.25f);
  ExpectLikeModel<int32_t>(b, int32_t{-9});
  Im2colCase two{2,  4,  4,     {0, 1, 0, 1},  2,        2, 1, 1, 1, 1, 0, 16,
                 32, 32, false, TPosition::B2, kNoRepeat};
  ExpectLikeModel<uint32_t>(two, uint32_t{77});
}

TEST(CubeLoad3d, EightBitLikeTheModel) {
  // C0 = 32 int8 channels; L0A only (not transposed), as the page allows.
  const Im2colCase c{2,  5,   6,     {1, 1, 1, 1},  3,        2, 2, 1, 1, 2, 0, 16,
                     64, 128, false, TPosition::A2, kNoRepeat};
  ExpectLikeModel<int8_t>(c, int8_t{-3});
  ExpectLikeModel<uint8_t>(c, uint8_t{200}, Load3dForm::kSetters);
}

TEST(CubeLoad3d, RegistersSetBySetFmatrixAndSetLoadDataPaddingValueAndV2Pro) {
  const Im2colCase c{1, 9,  11,    {2, 0, 1, 3},  2,        3, 2, 2, 2, 2, 16, 14,
                     0, 96, false, TPosition::A2, kNoRepeat};
  ExpectLikeModel<half>(c, half(5.0f), Load3dForm::kSetters);
  Im2colCase f{1, 5,  7,    {1, 1, 0, 0},  1,        3, 1, 1, 1, 1, 0, 32,
               0, 24, true, TPosition::A2, kNoRepeat};
  ExpectLikeModel<float>(f, -4.0f, Load3dForm::kSetters);
  // LoadData3DParamsV2Pro: the same loads from the packed fields and the registers.
  ExpectLikeModel<half>(c, half(5.0f), Load3dForm::kPro);
  // On LocalTensor<TensorTrait<T>> (CANN's TensorTrait list): every form, the same bytes.
  ExpectLikeModel<half, TensorTrait<half>>(c, half(5.0f), Load3dForm::kPro);
  ExpectLikeModel<half, TensorTrait<half>>(c, half(5.0f), Load3dForm::kSetters);
  ExpectLikeModel<float, TensorTrait<float>>(f, -4.0f);
  ExpectLikeModel<float>(f, -4.0f, Load3dForm::kPro);
  f.dst = TPosition::B2;
  ExpectLikeModel<float>(f, 6.0f, Load3dForm::kPro);
}

TEST(CubeLoad3d, RepeatAlongMAndK) {
  // Two 16-row parts 32 rows apart, side by side along M; then three C0 columns 2 C0 apart.
  const Im2colCase m_rep{2,
                         8,
                         8,
                         {1, 1, 1, 1},
                         3,
                         3,
                         1,
                         1,
                         1,
                         1,
                         0,
                         16,
                         0,
                         64,
                         false,
                         TPosition::A2,
                         LoadDataRepeatParam{2, 2, 0}};
  ExpectLikeModel<half>(m_rep, half(0.0f));
  const Im2colCase k_rep{2,
                         8,
                         8,
                         {1, 1, 1, 1},
                         3,
                         3,
                         1,
                         1,
                         1,
                         1,
                         16,
                         32,
                         16,
                         16,
                         true,
                         TPosition::A2,
                         LoadDataRepeatParam{2, 3, 1}};
  ExpectLikeModel<half>(k_rep, half(1.0f));
}

std::string Load3dFault(const std::function<void()>& kernel, FaultKind* kind,
                        std::vector<Warning>* warnings = nullptr,
                        const DeviceProfile& d = testing::TestDevice()) {
  LaunchOptions o;
  o.checked = true;
  const LaunchResult r = Launch(d, 1, o, kernel);
  if (warnings != nullptr) *warnings = r.warnings;
  if (!r.fault) return "no fault";
  *kind = r.fault->kind;
  return r.fault->instruction + ": " + r.fault->message;
}

template <class X>
struct Load3dSame {
  using type = X;
};

// A load of a 1 x 4 x 4 x C0 map in a 2 KiB A1 buffer (3 x 3 filter, padding 1: 16 rows x 9 C0
// columns) with
// `edit` applied to its parameters; `to` picks the destination.
template <typename T = half, const IsResetLoad3dConfig& kConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG>
std::function<void()> Load3dKernel(
    typename Load3dSame<std::function<void(LoadData3DParamsV2<T>&)>>::type edit,
    TPosition to = TPosition::A2, uint32_t l0_bytes = 8192,
    std::function<void()> before = nullptr) {
  return [=] {
    TPipe pipe;
    TBuf<TPosition::A1> a1;
    TBuf<TPosition::A2> a2;
    TBuf<TPosition::B2> b2;
    pipe.InitBuffer(a1, 2048);
    pipe.InitBuffer(a2, l0_bytes);
    pipe.InitBuffer(b2, l0_bytes);
    LocalTensor<T> src = a1.Get<T>();
    detail::HostWroteUb(src.ref());
    LoadData3DParamsV2<T> p;
    const uint8_t pads[4] = {1, 1, 1, 1};
    std::memcpy(p.padList, pads, 4);
    p.l1H = 4, p.l1W = 4, p.channelSize = 32 / sizeof(T);
    p.kExtension = static_cast<uint16_t>(9 * 32 / sizeof(T)), p.mExtension = 16;
    p.filterW = 3, p.filterH = 3;
    edit(p);
    if (before) before();
    LocalTensor<T> dst = to == TPosition::A2   ? a2.Get<T>()
                         : to == TPosition::B2 ? b2.Get<T>()
                                               : a1.Get<T>();
    LoadData<T, kConfig>(dst, src, p);
  };
}

constexpr IsResetLoad3dConfig kNoFmatrix = {false, true};
constexpr IsResetLoad3dConfig kNoPadding = {true, false};

TEST(CubeLoad3d, Faults) {
  using P = LoadData3DParamsV2<half>;
  struct Case {
    const char* name;
    std::function<void()> kernel;
    FaultKind kind;
    const char* phrase;
  };
  const auto none = [](P&) {};
  const std::vector<Case> cases = {
      {"fmatrix never set", Load3dKernel<half, kNoFmatrix>(none), FaultKind::kInvalidArgument,
       "feature-map register was never set"},
      {"dst in L1", Load3dKernel(none, TPosition::A1), FaultKind::kInvalidArgument,
       "L0A (A2) or L0B (B2)"},
      {"int8 to L0B", Load3dKernel<int8_t>([](LoadData3DParamsV2<int8_t>&) {}, TPosition::B2),
       FaultKind::kInvalidArgument, "8-bit elements cannot go L1 -> L0B"},
      {"int8 transposed",
       Load3dKernel<int8_t>([](LoadData3DParamsV2<int8_t>& p) { p.enTranspose = true; }),
       FaultKind::kInvalidArgument, "enTranspose = true with 8-bit"},
      {"small channels", Load3dKernel([](P& p) { p.channelSize = 20; }), FaultKind::kUnsupported,
       "small-channel forms are not modelled"},
      {"channels", Load3dKernel([](P& p) { p.channelSize = 18; }), FaultKind::kInvalidArgument,
       "channelSize = 18"},
      {"kStartPt", Load3dKernel([](P& p) { p.kStartPt = 8, p.kExtension = 16; }),
       FaultKind::kInvalidArgument, "kStartPt = 8 is not a multiple of C0 = 16"},
      {"past K", Load3dKernel([](P& p) { p.kStartPt = 16; }), FaultKind::kInvalidArgument,
       "reaches column 160 of the unrolled matrix, which has 144"},
      {"kExtension", Load3dKernel([](P& p) { p.kExtension = 24; }), FaultKind::kInvalidArgument,
       "kExtension = 24 is not a multiple of C0 = 16"},
      {"mExtension", Load3dKernel([](P& p) { p.mExtension = 8; }), FaultKind::kInvalidArgument,
       "mExtension = 8 is not a multiple of 16"},
      {"filter too big", Load3dKernel([](P& p) { p.filterW = 7; }), FaultKind::kInvalidArgument,
       "does not fit the padded feature map"},
      {"dilation 0", Load3dKernel([](P& p) { p.dilationFilterH = 0; }), FaultKind::kInvalidArgument,
       "dilationFilterH = 0"},
      {"stride 64", Load3dKernel([](P& p) { p.strideW = 64; }), FaultKind::kInvalidArgument,
       "strideW = 64"},
      {"stride 0", Load3dKernel([](P& p) { p.strideH = 0; }), FaultKind::kUnsupported,
       "a stride of 0"},
      {"enSmallK", Load3dKernel([](P& p) { p.enSmallK = true; }), FaultKind::kInvalidArgument,
       "enSmallK"},
      {"fMatrixCtrl", Load3dKernel([](P& p) { p.fMatrixCtrl = true; }), FaultKind::kInvalidArgument,
       "fMatrixCtrl = true"},
      {"dst past L0A", Load3dKernel(none, TPosition::A2, 4096), FaultKind::kOutOfBoundsUb,
       "dst accesses"},
      {"src past L1", Load3dKernel([](P& p) { p.channelSize = 80, p.kExtension = 720; }),
       FaultKind::kOutOfBoundsUb, "src accesses"},
      {"SetFmatrix l1H 0",
       Load3dKernel(none, TPosition::A2, 8192,
                    [] {
                      const uint8_t pads[4] = {0, 0, 0, 0};
                      SetFmatrix(0, 4, pads, FmatrixMode::FMATRIX_LEFT);
                    }),
       FaultKind::kInvalidArgument, "l1H = 0, l1W = 4 (each must be in [1, 32767])"},
      {"boundary 100", Load3dKernel(none, TPosition::A2, 8192, [] { SetLoadDataBoundary(100); }),
       FaultKind::kInvalidArgument, "1..1023 are undefined"},
      {"block across the boundary",
       Load3dKernel([](P& p) { p.channelSize = 48, p.kExtension = 432; }, TPosition::A2, 8192,
                    [] { SetLoadDataBoundary(1040); }),
       FaultKind::kUnsupported, "straddles the boundary 1040 B"},
      {"repeat mode 2",
       Load3dKernel(none, TPosition::A2, 8192,
                    [] {
                      SetLoadDataRepeat({0, 1, 2});
                    }),
       FaultKind::kInvalidArgument, "repeatMode = 2"},
  };
  for (const Case& c : cases) {
    FaultKind kind{};
    const std::string msg = Load3dFault(c.kernel, &kind);
    EXPECT_NE(msg.find(c.phrase), std::string::npos) << c.name << ": " << msg;
    EXPECT_EQ(kind, c.kind) << c.name << ": " << msg;
  }
  DeviceProfile a910 = testing::TestDevice();
  a910.architecture = "dav-1001";
  FaultKind kind{};
  const std::string msg = Load3dFault(Load3dKernel(none), &kind, nullptr, a910);
  EXPECT_EQ(kind, FaultKind::kUnsupported) << msg;
}

// SetLoadDataBoundary(1024) with the map at L1's start: every read at L1 offset o >= 1024 comes
// from o % 1024, so the load equals the same load, without a boundary, of a map whose bytes past
// 1024 repeat its first 1024 (asc-devkit's set_loaddata_boundary sample relies on the wrap).
std::vector<uint8_t> Load3dWithBoundary(const std::vector<uint8_t>& l1, uint32_t boundary,
                                        uint32_t below = 0, FaultKind* kind = nullptr) {
  std::vector<uint8_t> got(4096);
  const LaunchResult r = testing::RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::A1> skip, a1;
    TBuf<TPosition::A2> a2;
    if (below > 0) pipe.InitBuffer(skip, below);
    pipe.InitBuffer(a1, static_cast<uint32_t>(l1.size()));
    pipe.InitBuffer(a2, 4096);
    LocalTensor<half> src = a1.Get<half>(), dst = a2.Get<half>();
    std::memcpy(static_cast<void*>(src.data()), l1.data(), l1.size());
    std::memset(static_cast<void*>(dst.data()), 0xEE, got.size());
    detail::HostWroteUb(src.ref());
    LoadData3DParamsV2<half> p;  // C1 = 2 groups of a 6 x 6 map, 1 x 1 filter: 36 x 32
    p.l1H = 6, p.l1W = 6, p.channelSize = 32, p.kExtension = 32, p.mExtension = 36;
    SetLoadDataBoundary(boundary);
    LoadData(dst, src, p);
    PipeBarrier<PIPE_ALL>();
    std::memcpy(got.data(), static_cast<const void*>(dst.data()), got.size());
  });
  if (kind != nullptr) *kind = r.fault ? r.fault->kind : FaultKind{};
  EXPECT_TRUE(kind != nullptr || r.status.ok()) << r.status.ToString();
  return got;
}

TEST(CubeLoad3d, BoundaryWrapsToTheStartOfL1) {
  std::vector<uint8_t> l1(2 * 6 * 6 * 32), wrapped(l1.size());
  for (size_t i = 0; i < l1.size(); ++i) l1[i] = static_cast<uint8_t>(i * 7 + i / 251);
  for (size_t i = 0; i < l1.size(); ++i) wrapped[i] = l1[i % 1024];
  const std::vector<uint8_t> with = Load3dWithBoundary(l1, 1024);
  EXPECT_EQ(with, Load3dWithBoundary(wrapped, 0));
  EXPECT_NE(with, Load3dWithBoundary(l1, 0));
  // Boundary 0 and one past the map's end change nothing.
  EXPECT_EQ(Load3dWithBoundary(l1, 4096), Load3dWithBoundary(l1, 0));
  // A map that does not start at L1's start would wrap into the buffer below it.
  FaultKind kind{};
  Load3dWithBoundary(l1, 1024, 512, &kind);
  EXPECT_EQ(kind, FaultKind::kUnsupported);
}

TEST(CubeLoad3d, NopAndUnsetPaddingWarn) {
  using P = LoadData3DParamsV2<half>;
  std::vector<Warning> warnings;
  FaultKind kind{};
  EXPECT_EQ(Load3dFault(Load3dKernel([](P& p) { p.l1W = 0; }), &kind, &warnings), "no fault");
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].kind, "empty_load");
  EXPECT_EQ(Load3dFault(Load3dKernel<half, kNoPadding>([](P&) {}), &kind, &warnings), "no fault");
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].kind, "padding_value_unset");
  // Padding set before: no warning; no padding read: none either.
  EXPECT_EQ(Load3dFault(Load3dKernel<half, kNoPadding>([](P&) {}, TPosition::A2, 8192,
                                                       [] { SetLoadDataPaddingValue(0); }),
                        &kind, &warnings),
            "no fault");
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(Load3dFault(Load3dKernel<half, kNoPadding>([](P& p) {
                          std::memset(p.padList, 0, 4);
                          p.mExtension = 4;  // 2 x 2 positions: covers the matrix
                        }),
                        &kind, &warnings),
            "no fault");
  EXPECT_TRUE(warnings.empty());
}

}  // namespace
}  // namespace opsim::sim
