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
