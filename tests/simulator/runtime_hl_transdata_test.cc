// The high-level TransData (lib/transpose/transdata.h): its four conversions in each 16-bit type,
// with C, N and H * W off their 16-element groups, against a scalar model of the page's layouts
// (padding channels and batches 0; an NCDHW source's H * W padding never read); both forms, a
// round trip; and the documented rules as faults.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::hl_transdata_test {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kTdBuf = 32768;

struct TdDims {
  int64_t n, c, d, h, w;
  int64_t C1() const { return (c + 15) / 16; }
  int64_t N1() const { return (n + 15) / 16; }
  int64_t Hw() const { return h * w; }
  int64_t Pad() const { return (h * w + 15) / 16 * 16; }
};

// The model: where element (n, c, d, hw) lives in each layout, written out from the page.
int64_t AtNcdhw(const TdDims& x, int64_t n, int64_t c, int64_t d, int64_t hw) {
  return n * x.c * x.d * x.Pad() + c * x.d * x.Pad() + d * x.Pad() + hw;
}
int64_t At6hd(const TdDims& x, int64_t n, int64_t c, int64_t d, int64_t hw) {
  const int64_t c1 = c / 16, c0 = c % 16;
  return n * x.d * x.C1() * x.Hw() * 16 + d * x.C1() * x.Hw() * 16 + c1 * x.Hw() * 16 + hw * 16 +
         c0;
}
int64_t AtFz3d(const TdDims& x, int64_t n, int64_t c, int64_t d, int64_t hw) {
  const int64_t per_hw = x.N1() * 16 * 16;
  return d * x.C1() * x.Hw() * per_hw + (c / 16) * x.Hw() * per_hw + hw * per_hw + (n / 16) * 256 +
         (n % 16) * 16 + c % 16;
}

uint16_t TdValue(int64_t n, int64_t c, int64_t d, int64_t hw) {
  return static_cast<uint16_t>(0x3C00 + n * 977 + c * 131 + d * 17 + hw);
}

enum class TdFmt { kNcdhw, k6hd, kFz3d };

int64_t TdAt(TdFmt f, const TdDims& x, int64_t n, int64_t c, int64_t d, int64_t hw) {
  return f == TdFmt::kNcdhw ? AtNcdhw(x, n, c, d, hw)
         : f == TdFmt::k6hd ? At6hd(x, n, c, d, hw)
                            : AtFz3d(x, n, c, d, hw);
}

// Writes the valid elements of src in format f (nothing else: in checked mode the padding stays
// unwritten), runs `call`, returns dst's bytes (0xEE where nothing wrote).
template <typename T>
std::vector<uint16_t> TdRun(TdFmt f, const TdDims& x, uint32_t tmp_bytes,
                            const std::function<void(const LocalTensor<T>&, const LocalTensor<T>&,
                                                     const LocalTensor<uint8_t>&)>& call,
                            LaunchResult* out, bool checked = true) {
  std::vector<uint16_t> got(kTdBuf / 2);
  *out = RunOne(
      [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> bd, bs, bt;
        pipe.InitBuffer(bd, kTdBuf);
        pipe.InitBuffer(bs, kTdBuf);
        pipe.InitBuffer(bt, tmp_bytes);
        LocalTensor<T> dst = bd.Get<T>(), src = bs.Get<T>();
        for (int64_t n = 0; n < x.n; ++n)
          for (int64_t c = 0; c < x.c; ++c)
            for (int64_t d = 0; d < x.d; ++d)
              for (int64_t hw = 0; hw < x.Hw(); ++hw) {
                const uint16_t v = TdValue(n, c, d, hw);
                const auto at = static_cast<uint32_t>(TdAt(f, x, n, c, d, hw));
                std::memcpy(static_cast<void*>(src.data() + at), &v, 2);
                detail::UbRef one = src[at].ref();  // written, element by element
                one.bytes = 2;
                detail::HostWroteUb(one);
              }
        std::memset(static_cast<void*>(dst.data()), 0xEE, kTdBuf);
        call(dst, src, bt.Get<uint8_t>());
        std::memcpy(got.data(), static_cast<const void*>(dst.data()), kTdBuf);
      },
      checked);
  return got;
}

// dst in format `to` holds every source element where the model puts it, 0 in the padding
// channels and batches; the NCDHW padding positions are written (their values are the chip's).
void TdExpect(TdFmt to, const TdDims& x, const std::vector<uint16_t>& got,
              const std::string& what) {
  std::vector<int> role(kTdBuf / 2, 0);  // 1: data, 2: padding the chip writes
  int64_t total = 0;
  if (to == TdFmt::kNcdhw) {
    total = x.n * x.c * x.d * x.Pad();
    for (int64_t i = 0; i < total; ++i) role[i] = 2;
  } else if (to == TdFmt::k6hd) {
    total = x.n * x.d * x.C1() * x.Hw() * 16;
  } else {
    total = x.d * x.C1() * x.Hw() * x.N1() * 256;
  }
  for (int64_t n = 0; n < x.n; ++n)
    for (int64_t c = 0; c < x.c; ++c)
      for (int64_t d = 0; d < x.d; ++d)
        for (int64_t hw = 0; hw < x.Hw(); ++hw) {
          const int64_t i = TdAt(to, x, n, c, d, hw);
          role[i] = 1;
          ASSERT_EQ(got[i], TdValue(n, c, d, hw))
              << what << " n" << n << " c" << c << " d" << d << " hw" << hw << " at " << i;
        }
  for (int64_t i = 0; i < total; ++i) {
    if (role[i] == 0) {
      ASSERT_EQ(got[i], 0) << what << ": padding at " << i;
    }
  }
  for (int64_t i = total; i < kTdBuf / 2; ++i) ASSERT_EQ(got[i], 0xEEEE) << what << " past " << i;
}

constexpr TransDataConfig kTo6hd = {DataFormat::NCDHW, DataFormat::NDC1HWC0};
constexpr TransDataConfig kFrom6hd = {DataFormat::NDC1HWC0, DataFormat::NCDHW};
constexpr TransDataConfig kToFz = {DataFormat::NCDHW, DataFormat::FRACTAL_Z_3D};
constexpr TransDataConfig kFromFz = {DataFormat::FRACTAL_Z_3D, DataFormat::NCDHW};

auto NcdhwLayout(const TdDims& x) {
  return MakeLayout(MakeShape(x.n, x.c, x.d, x.h, x.w), MakeStride());
}
auto HdLayout(const TdDims& x) {
  return MakeLayout(MakeShape(x.n, x.d, x.C1(), x.h, x.w, int64_t{16}), MakeStride());
}
auto FzLayout(const TdDims& x) {
  return MakeLayout(MakeShape(x.d, x.C1(), x.h, x.w, x.N1(), int64_t{16}, int64_t{16}),
                    MakeStride());
}

TEST(HlTransData, NcdhwToNdc1hwc0InEveryType) {
  const TdDims x{2, 20, 2, 3, 5};  // C1 2 (4 channels of padding), H * W 15 padded to 16
  const auto params =
      TransDataParams<decltype(NcdhwLayout(x)), decltype(HdLayout(x))>{NcdhwLayout(x), HdLayout(x)};
  LaunchResult r;
  TdExpect(TdFmt::k6hd, x,
           TdRun<half>(
               TdFmt::kNcdhw, x, 8192,
               [&](auto& d, auto& s, auto& t) { TransData<kTo6hd>(d, s, t, params); }, &r),
           "half");
  ASSERT_TRUE(r.status.ok() && !r.fault) << (r.fault ? r.fault->message : r.status.ToString());
  TdExpect(TdFmt::k6hd, x,
           TdRun<int16_t>(
               TdFmt::kNcdhw, x, 8192,
               [&](auto& d, auto& s, auto&) { TransData<kTo6hd>(d, s, params); }, &r),
           "int16_t, no buffer");
  ASSERT_TRUE(r.status.ok() && !r.fault) << (r.fault ? r.fault->message : r.status.ToString());
}

TEST(HlTransData, Ndc1hwc0ToNcdhw) {
  const TdDims x{1, 7, 3, 2, 2};
  const auto params =
      TransDataParams<decltype(HdLayout(x)), decltype(NcdhwLayout(x))>{HdLayout(x), NcdhwLayout(x)};
  LaunchResult r;
  TdExpect(TdFmt::kNcdhw, x,
           TdRun<bfloat16_t>(
               TdFmt::k6hd, x, 4096,
               [&](auto& d, auto& s, auto& t) { TransData<kFrom6hd>(d, s, t, params); }, &r),
           "bfloat16_t");
  ASSERT_TRUE(r.status.ok() && !r.fault) << (r.fault ? r.fault->message : r.status.ToString());
}

TEST(HlTransData, NcdhwToFractalZ3dAndBack) {
  const TdDims x{18, 5, 2, 2, 3};  // N1 2, C1 1, H * W 6
  const auto to =
      TransDataParams<decltype(NcdhwLayout(x)), decltype(FzLayout(x))>{NcdhwLayout(x), FzLayout(x)};
  const auto back =
      TransDataParams<decltype(FzLayout(x)), decltype(NcdhwLayout(x))>{FzLayout(x), NcdhwLayout(x)};
  LaunchResult r;
  TdExpect(TdFmt::kFz3d, x,
           TdRun<uint16_t>(
               TdFmt::kNcdhw, x, 40960,
               [&](auto& d, auto& s, auto& t) { TransData<kToFz>(d, s, t, to); }, &r),
           "to FRACTAL_Z_3D");
  ASSERT_TRUE(r.status.ok() && !r.fault) << (r.fault ? r.fault->message : r.status.ToString());
  TdExpect(TdFmt::kNcdhw, x,
           TdRun<uint16_t>(
               TdFmt::kFz3d, x, 65536,
               [&](auto& d, auto& s, auto& t) { TransData<kFromFz>(d, s, t, back); }, &r),
           "from FRACTAL_Z_3D");
  ASSERT_TRUE(r.status.ok() && !r.fault) << (r.fault ? r.fault->message : r.status.ToString());
  // Round trip in one kernel: NCDHW -> FRACTAL_Z_3D -> NCDHW gives the data back.
  const auto round = TdRun<half>(
      TdFmt::kNcdhw, x, kTdBuf,
      [&](auto& d, auto& s, auto& t) {
        const LocalTensor<half> m = t.template ReinterpretCast<half>();
        TransData<kToFz>(m, s, to);
        TransData<kFromFz>(d, m, back);
      },
      &r);
  ASSERT_TRUE(r.status.ok() && !r.fault) << (r.fault ? r.fault->message : r.status.ToString());
  TdExpect(TdFmt::kNcdhw, x, round, "round trip");
}

std::string TdFault(const LaunchResult& r) { return r.fault ? r.fault->message : "no fault"; }

TEST(HlTransData, DocumentedRulesAreFaults) {
  const TdDims x{1, 16, 2, 4, 4};  // the page's example: 1088 temporary bytes
  const auto params =
      TransDataParams<decltype(NcdhwLayout(x)), decltype(HdLayout(x))>{NcdhwLayout(x), HdLayout(x)};
  LaunchResult r;
  TdRun<half>(
      TdFmt::kNcdhw, x, 1056,
      [&](auto& d, auto& s, auto& t) { TransData<kTo6hd>(d, s, t, params); }, &r);
  EXPECT_NE(TdFault(r).find("sharedTmpBuffer holds 1056 bytes; NCDHW -> NDC1HWC0 of N 1, C 16, "
                            "D 2, H 4, W 4 needs 1088"),
            std::string::npos)
      << TdFault(r);
  const TdDims wrong{1, 16, 3, 4, 4};  // D 3 in the destination
  const auto mismatch = TransDataParams<decltype(NcdhwLayout(x)), decltype(HdLayout(wrong))>{
      NcdhwLayout(x), HdLayout(wrong)};
  TdRun<half>(
      TdFmt::kNcdhw, x, 4096,
      [&](auto& d, auto& s, auto& t) { TransData<kTo6hd>(d, s, t, mismatch); }, &r);
  EXPECT_NE(TdFault(r).find("srcLayout [1, 16, 2, 4, 4], dstLayout [1, 3, 1, 4, 4, 16]: "
                            "NDC1HWC0's N, D, H, W must be NCDHW's"),
            std::string::npos)
      << TdFault(r);
  TdRun<half>(
      TdFmt::kNcdhw, x, 4096,
      [&](auto&, auto& s, auto& t) { TransData<kTo6hd>(s[16], s, t, params); }, &r);
  EXPECT_NE(TdFault(r).find("src and dst overlap"), std::string::npos) << TdFault(r);
}

TEST(HlTransData, NotOnTheChipsWithoutIt) {
  DeviceProfile p310 = testing::TestDevice(4, true);
  p310.architecture = "dav-2002";
  const TdDims x{1, 16, 1, 4, 4};
  const auto params =
      TransDataParams<decltype(NcdhwLayout(x)), decltype(HdLayout(x))>{NcdhwLayout(x), HdLayout(x)};
  LaunchOptions options;
  options.checked = true;
  const LaunchResult r = Launch(p310, 1, options, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bd, bs, bt;
    pipe.InitBuffer(bd, 4096);
    pipe.InitBuffer(bs, 4096);
    pipe.InitBuffer(bt, 4096);
    LocalTensor<half> d = bd.Get<half>(), s = bs.Get<half>();
    Duplicate(s, half(1), 2048);
    TransData<kTo6hd>(d, s, bt.Get<uint8_t>(), params);
  });
  ASSERT_TRUE(r.fault);
  EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
  EXPECT_NE(r.fault->message.find("CANN builds it for NpuArch 2201"), std::string::npos)
      << r.fault->message;
}

}  // namespace opsim::sim::hl_transdata_test

// The high-level Transpose with a ConfusionTransposeTiling (lib/transpose/confusion_transpose.h):
// scenarios 1-7 in 16- and 32-bit data with S and H/N off 16, against a model written from the
// page's shapes (an NZ matrix [rows, cols] as column blocks of 16 of rows x 16), both forms, and
// the faults. The tiling comes from the rules the host helper uses (opbase_hl5_tiling_test checks
// those against the page's numbers).
namespace opsim::sim::hl_ctranspose_test {

using namespace AscendC;
using testing::RunOne;
namespace ct = opsim::ctranspose;

constexpr uint32_t kCtBuf = 32768;
constexpr uint32_t kCtPad = 0x7A7A7A7A;  // the source's padding, as written

int64_t CtA16(int64_t v) { return (v + 15) / 16 * 16; }
int64_t CtNz(int64_t rows, int64_t r, int64_t c) { return (c / 16) * rows * 16 + r * 16 + c % 16; }
uint32_t CtValue(int64_t b, int64_t n, int64_t s, int64_t j) {
  return static_cast<uint32_t>(0x1000 + b * 7919 + n * 977 + s * 31 + j);
}

struct CtCase {
  uint32_t type;
  int64_t b, n, s, hn;  // 1-6: [B, N, S, H/N]; 7: h = b, w = n
};

// Source and destination element of X(b, n, s, j) from the page's shapes, -1 when out of scope.
struct CtPlace {
  int64_t src, dst;
};
CtPlace CtWhere(const CtCase& c, int64_t b, int64_t n, int64_t s, int64_t j) {
  const int64_t as = CtA16(c.s), ahn = CtA16(c.hn), h = n * c.hn + j, ah = CtA16(c.n * c.hn);
  const int64_t bn_nz = (b * c.n + n) * as * ahn + CtNz(as, s, j);  // [B, N, H/N/16, S/16, 16, 16]
  const int64_t bh_nz = b * as * ah + CtNz(as, s, h);               // [B, H/16, S/16, 16, 16]
  switch (c.type) {
    case 1: return {bn_nz, b * as * c.n * ahn + s * c.n * ahn + n * ahn + j};  // ND [B, S, N, H/N]
    case 2: return {bn_nz, (b * as + s) * c.n * ahn + CtNz(c.n, n, j)};  // per (b, s) NZ [N, H/N]
    case 3: return {bh_nz, bn_nz};
    case 4: return {bh_nz, (b * c.n + n) * as * ahn + s * ahn + j};  // ND [B, N, S, H/N]
    case 5: return {bn_nz, b * as * ah + s * ah + h};                // ND [B, S, H]
    default: return {bn_nz, bh_nz};
  }
}

int64_t CtSrcElems(const CtCase& c) {
  if (c.type == 7) return c.b * c.n;
  if (c.type == 3 || c.type == 4) return c.b * CtA16(c.s) * CtA16(c.n * c.hn);
  return c.b * c.n * CtA16(c.s) * CtA16(c.hn);
}

ConfusionTransposeTiling CtTiling(const CtCase& c, uint32_t stack, uint32_t eb) {
  const int64_t d[4] = {c.b, c.n, c.s, c.hn};
  ConfusionTransposeTiling t;
  ct::Fill(c.type, d, stack, eb, &t.param0);
  return t;
}

// Runs `call` over a source holding X (its padding kCtPad) and returns dst (0xEE where unwritten).
template <typename T>
std::vector<uint32_t> CtRun(const CtCase& c, uint32_t tmp_bytes,
                            const std::function<void(const LocalTensor<T>&, const LocalTensor<T>&,
                                                     const LocalTensor<uint8_t>&)>& call,
                            LaunchResult* out) {
  std::vector<uint8_t> got(kCtBuf);
  *out = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bd, bs, bt;
    pipe.InitBuffer(bd, kCtBuf);
    pipe.InitBuffer(bs, kCtBuf);
    pipe.InitBuffer(bt, tmp_bytes);
    LocalTensor<T> dst = bd.Get<T>(), src = bs.Get<T>();
    std::vector<uint32_t> img(static_cast<size_t>(CtSrcElems(c)), kCtPad);
    if (c.type == 7) {
      for (int64_t r = 0; r < c.b; ++r)
        for (int64_t w = 0; w < c.n; ++w) img[r * c.n + w] = CtValue(0, 0, r, w);
    } else {
      for (int64_t b = 0; b < c.b; ++b)
        for (int64_t n = 0; n < c.n; ++n)
          for (int64_t s = 0; s < c.s; ++s)
            for (int64_t j = 0; j < c.hn; ++j)
              img[CtWhere(c, b, n, s, j).src] = CtValue(b, n, s, j);
    }
    for (size_t i = 0; i < img.size(); ++i) {
      std::memcpy(reinterpret_cast<uint8_t*>(src.data()) + i * sizeof(T), &img[i], sizeof(T));
    }
    detail::UbRef all = src.ref();
    all.bytes = img.size() * sizeof(T);
    detail::HostWroteUb(all);
    std::memset(static_cast<void*>(dst.data()), 0xEE, kCtBuf);
    call(dst, src, bt.Get<uint8_t>());
    std::memcpy(got.data(), static_cast<const void*>(dst.data()), kCtBuf);
  });
  std::vector<uint32_t> elems(kCtBuf / sizeof(T));
  for (size_t i = 0; i < elems.size(); ++i) {
    uint32_t v = 0;
    std::memcpy(&v, got.data() + i * sizeof(T), sizeof(T));
    elems[i] = v;
  }
  return elems;
}

// Every X where the page puts it; the rest of the destination the source's padding (S rows past
// S; for 1 and 2 the H/N columns too) or 0 (3-6's H/N or H columns past the data); nothing past.
void CtExpect(const CtCase& c, uint32_t eb, const std::vector<uint32_t>& got, const char* what) {
  const uint32_t mask = eb == 2 ? 0xFFFF : 0xFFFFFFFF;
  const int64_t total = c.type == 7 ? c.b * c.n
                        : c.type == 3 || c.type == 4
                            ? c.b * c.n * CtA16(c.s) * CtA16(c.hn)
                            : (c.type <= 2 ? c.b * c.n * CtA16(c.s) * CtA16(c.hn)
                                           : c.b * CtA16(c.s) * CtA16(c.n * c.hn));
  std::vector<bool> data(static_cast<size_t>(total), false);
  if (c.type == 7) {
    for (int64_t r = 0; r < c.b; ++r)
      for (int64_t w = 0; w < c.n; ++w) {
        ASSERT_EQ(got[w * c.b + r], CtValue(0, 0, r, w) & mask) << what << " r" << r << " w" << w;
        data[w * c.b + r] = true;
      }
  } else {
    for (int64_t b = 0; b < c.b; ++b)
      for (int64_t n = 0; n < c.n; ++n)
        for (int64_t s = 0; s < c.s; ++s)
          for (int64_t j = 0; j < c.hn; ++j) {
            const int64_t at = CtWhere(c, b, n, s, j).dst;
            ASSERT_EQ(got[at], CtValue(b, n, s, j) & mask)
                << what << " b" << b << " n" << n << " s" << s << " j" << j << " at " << at;
            data[at] = true;
          }
  }
  int64_t zeros = 0;
  for (int64_t i = 0; i < total; ++i) {
    if (data[i]) continue;
    ASSERT_TRUE(got[i] == (kCtPad & mask) || (c.type >= 3 && got[i] == 0)) << what << " pad " << i;
    zeros += got[i] == 0;
  }
  const bool cut = c.type <= 4 ? c.hn % 16 != 0 : c.n * c.hn % 16 != 0;  // columns past the data
  if (c.type >= 3 && c.type <= 6 && cut) {
    EXPECT_GT(zeros, 0) << what;
  }
  const uint32_t untouched = eb == 2 ? 0xEEEE : 0xEEEEEEEE;
  for (int64_t i = total; i < 64 + total && i < static_cast<int64_t>(got.size()); ++i) {
    ASSERT_EQ(got[i], untouched) << what << " past the end at " << i;
  }
}

std::string CtFault(const LaunchResult& r) { return r.fault ? r.fault->message : "no fault"; }

template <typename T>
void CtCheckCase(const CtCase& c, uint32_t stack, bool with_buffer, const char* what) {
  const ConfusionTransposeTiling tiling = CtTiling(c, stack, sizeof(T));
  LaunchResult r;
  const auto got = CtRun<T>(
      c, stack == 0 ? 32 : stack,
      [&](auto& d, auto& s, auto& t) {
        ConfusionTransposeTiling k = tiling;
        if (with_buffer) {
          Transpose(d, s, t, static_cast<TransposeType>(c.type), k);
        } else {
          ConfusionTranspose(d, s, static_cast<TransposeType>(c.type), k);
        }
      },
      &r);
  ASSERT_TRUE(r.status.ok() && !r.fault) << what << ": " << CtFault(r);
  CtExpect(c, sizeof(T), got, what);
}

TEST(HlConfusionTranspose, Scenarios0213InBothWidths) {
  const CtCase nd{1, 2, 3, 20, 20}, nz{2, 2, 3, 20, 20};  // S and H/N 20: padded to 32
  CtCheckCase<half>(nd, 512, true, "1 half, two pieces of one fractal");
  CtCheckCase<float>(nd, 3 * 1024, true, "1 float, one tail piece");
  CtCheckCase<int16_t>(nz, 512, false, "2 int16_t, no buffer");
  CtCheckCase<uint32_t>(nz, 2048, true, "2 uint32_t");
}

TEST(HlConfusionTranspose, ScenariosWithAndWithoutN) {
  const CtCase shapes[] = {{3, 2, 3, 20, 10}, {3, 1, 2, 17, 24}};  // H/N 10 and 24, S 20 and 17
  for (const CtCase& base : shapes) {
    for (uint32_t type = 3; type <= 6; ++type) {
      CtCase c = base;
      c.type = type;
      const std::string what = "scenario " + std::to_string(type) + " hn " + std::to_string(c.hn);
      CtCheckCase<half>(c, 1024, true, (what + " half").c_str());
      CtCheckCase<float>(c, 2048, type % 2 == 0, (what + " float").c_str());
    }
  }
}

TEST(HlConfusionTranspose, TwoDimensionalTranspose) {
  CtCheckCase<uint16_t>({7, 32, 48, 0, 0}, 0, true, "7 uint16_t [32, 48]");
  CtCheckCase<int32_t>({7, 16, 32, 0, 0}, 0, false, "7 int32_t [16, 32]");
}

TEST(HlConfusionTranspose, FaultsNameTheValue) {
  const CtCase c{1, 1, 2, 20, 20};
  LaunchResult r;
  auto run = [&](const ConfusionTransposeTiling& tiling, uint32_t tmp, TransposeType type,
                 bool overlap = false) {
    CtRun<half>(
        c, tmp,
        [&](auto& d, auto& s, auto& t) {
          ConfusionTransposeTiling k = tiling;
          Transpose(overlap ? s[16] : d, s, t, type, k);
        },
        &r);
    return CtFault(r);
  };
  const auto type1 = TransposeType::TRANSPOSE_NZ2ND_0213;
  EXPECT_NE(run(CtTiling(c, 1024, 2), 512, type1)
                .find("sharedTmpBuffer holds 512 bytes; the tiling uses 1024"),
            std::string::npos)
      << CtFault(r);
  ConfusionTransposeTiling bad = CtTiling(c, 512, 2);
  bad.param11 += 16;
  EXPECT_NE(run(bad, 512, type1)
                .find("tiling.param11 is 1040; GetConfusionTransposeTilingInfo "
                      "gives 1024"),
            std::string::npos)
      << CtFault(r);
  EXPECT_NE(run(CtTiling(c, 1024, 4), 1024, type1)
                .find("tiling.param0 (elements per 32-byte "
                      "block) is 8; a 2-byte T has 16"),
            std::string::npos)
      << CtFault(r);
  EXPECT_NE(run(ConfusionTransposeTiling{}, 512, type1).find("tiling.param0"), std::string::npos);
  EXPECT_NE(run(CtTiling(c, 512, 2), 512, type1, true).find("src and dst overlap"),
            std::string::npos)
      << CtFault(r);
  run(CtTiling(c, 512, 2), 512, TransposeType::TRANSPOSE_ND2ND_021);
  ASSERT_TRUE(r.fault);
  EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported);
  EXPECT_NE(CtFault(r).find("TRANSPOSE_ND2ND_021 (13) is not a scenario"), std::string::npos)
      << CtFault(r);
  EXPECT_NE(run(CtTiling({1, 1, 1, 4096, 16}, 4096 * 16 * 2, 2), 512, type1)
                .find("a piece of 65536 elements is 256 TransDataTo5HD repeats"),
            std::string::npos)
      << CtFault(r);                   // the checks on the tiling come before the operands'
  const CtCase big{1, 1, 1, 256, 64};  // 32 KiB of half: dst (from element 16) past its buffer
  const ConfusionTransposeTiling bt = CtTiling(big, 512, 2);
  CtRun<half>(
      c, 512,
      [&](auto& d, auto& s, auto& t) {
        ConfusionTransposeTiling k = bt;
        Transpose(d[16], s, t, type1, k);
      },
      &r);
  ASSERT_TRUE(r.fault);
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
  EXPECT_NE(CtFault(r).find("dst accesses"), std::string::npos) << CtFault(r);
}

TEST(HlConfusionTranspose, InPlaceWhenNothingMoves) {
  const CtCase c{1, 1, 1, 20, 16};  // one N, H/N one column block: NZ and ND are the same bytes
  const ConfusionTransposeTiling tiling = CtTiling(c, 512, 2);
  LaunchResult r;
  const auto got = CtRun<half>(
      c, 512,
      [&](auto& d, auto& s, auto& t) {
        ConfusionTransposeTiling k = tiling;
        Transpose(s, s, t, TransposeType::TRANSPOSE_NZ2ND_0213, k);
        DataCopy(d, s, 512);
      },
      &r);
  ASSERT_TRUE(r.status.ok() && !r.fault) << CtFault(r);
  CtExpect(c, 2, got, "in place");
}

}  // namespace opsim::sim::hl_ctranspose_test
