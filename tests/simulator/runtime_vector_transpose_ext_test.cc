// Transpose with TransposeParamsExt (vector_transpose.h) on the 910B: [N, C, H, W] <-> [N, H, W, C]
// against a scalar model in every type its page lists, the cSize 1 copy, the 16 x 16 form, the
// temporary-buffer rule and the page's ranges as faults, the no-op types as warnings.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim::transpose_ext_test {
namespace {

using namespace AscendC;
using testing::RunOne;

constexpr uint32_t kTeTile = 8192;      // bytes of src and of dst
constexpr uint32_t kTeTmp = 36 * 1024;  // the buffer: 17 channels of 8-bit to NCHW need 35 KiB

struct TeRun {
  LaunchResult result;
  std::vector<uint8_t> dst;
};

// src bytes i * 7 + 1; dst starts 0xEE. tmp_bytes: the sharedTmpBuffer's size.
template <typename T>
TeRun RunTransposeExt(const TransposeParamsExt& p, uint32_t tmp_bytes = kTeTmp,
                      bool in_place = false) {
  TeRun out;
  out.dst.resize(kTeTile);
  out.result = RunOne([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> bs, bd, bt;
    pipe.InitBuffer(bs, kTeTile);
    pipe.InitBuffer(bd, kTeTile);
    pipe.InitBuffer(bt, tmp_bytes);
    LocalTensor<uint8_t> s = bs.Get<uint8_t>(), d = bd.Get<uint8_t>();
    for (uint32_t i = 0; i < kTeTile; ++i) s.data()[i] = static_cast<uint8_t>(i * 7 + 1);
    std::memset(d.data(), 0xEE, kTeTile);
    detail::HostWroteUb(s.ref());
    detail::HostWroteUb(d.ref());
    const LocalTensor<T> src = bs.Get<T>(), dst = in_place ? src : bd.Get<T>();
    Transpose(dst, src, bt.Get<uint8_t>(), p);
    std::memcpy(out.dst.data(), in_place ? s.data() : d.data(), kTeTile);
  });
  return out;
}

// numpy's transpose(0, 2, 3, 1) (to NHWC) or (0, 3, 1, 2) (to NCHW), element by element.
std::vector<uint8_t> TeModel(const TransposeParamsExt& p, uint32_t eb, bool to_nhwc) {
  std::vector<uint8_t> src(kTeTile), dst(kTeTile, 0xEE);
  for (uint32_t i = 0; i < kTeTile; ++i) src[i] = static_cast<uint8_t>(i * 7 + 1);
  const uint32_t hw = uint32_t{p.hSize} * p.wSize, c_n = p.cSize;
  for (uint32_t n = 0; n < p.nSize; ++n) {
    for (uint32_t c = 0; c < c_n; ++c) {
      for (uint32_t i = 0; i < hw; ++i) {
        const uint32_t chw = ((n * c_n + c) * hw + i) * eb, hwc = ((n * hw + i) * c_n + c) * eb;
        std::memcpy(&dst[to_nhwc ? hwc : chw], &src[to_nhwc ? chw : hwc], eb);
      }
    }
  }
  return dst;
}

template <typename T>
void ExpectTeLikeModel(const TransposeParamsExt& p, const std::string& what) {
  const bool to_nhwc = p.transposeType == TransposeType::TRANSPOSE_NCHW2NHWC;
  const TeRun r = RunTransposeExt<T>(p);
  ASSERT_TRUE(r.result.status.ok()) << what << ": " << r.result.status.ToString();
  const std::vector<uint8_t> want = TeModel(p, sizeof(T), to_nhwc);
  for (uint32_t i = 0; i < kTeTile; ++i) ASSERT_EQ(r.dst[i], want[i]) << what << " byte " << i;
}

template <typename T>
void ExpectTeBothWays(const std::string& type) {
  const uint16_t w = static_cast<uint16_t>(32 / sizeof(T));  // h x w x sizeof(T) = 3 blocks
  for (const TransposeType t :
       {TransposeType::TRANSPOSE_NCHW2NHWC, TransposeType::TRANSPOSE_NHWC2NCHW}) {
    const std::string what =
        type + (t == TransposeType::TRANSPOSE_NCHW2NHWC ? " to NHWC" : " to NCHW");
    ExpectTeLikeModel<T>(TransposeParamsExt(2, 5, 3, w, t), what);
    ExpectTeLikeModel<T>(TransposeParamsExt(1, 17, 1, w, t), what + " 17 channels");
  }
}

TEST(VectorTransposeExt, NchwAndNhwcEveryTypeLikeTheModel) {
  ExpectTeBothWays<int8_t>("int8_t");
  ExpectTeBothWays<uint8_t>("uint8_t");
  ExpectTeBothWays<int16_t>("int16_t");
  ExpectTeBothWays<uint16_t>("uint16_t");
  ExpectTeBothWays<half>("half");
  ExpectTeBothWays<int32_t>("int32_t");
  ExpectTeBothWays<uint32_t>("uint32_t");
  ExpectTeBothWays<float>("float");
}

// cSize 1 is a copy (no buffer needed); a zero extent writes nothing; the 16 x 16 form of
// uint16_t, in place too; TRANSPOSE_TYPE_NONE does nothing.
TEST(VectorTransposeExt, OneChannelZeroSizesAndTheSixteenBySixteenForm) {
  const TransposeParamsExt one(3, 1, 2, 16, TransposeType::TRANSPOSE_NHWC2NCHW);
  const TeRun copy = RunTransposeExt<half>(one, 32);
  ASSERT_TRUE(copy.result.status.ok()) << copy.result.status.ToString();
  EXPECT_EQ(copy.dst, TeModel(one, 2, false));
  for (const TransposeParamsExt& p :
       {TransposeParamsExt(0, 4, 2, 16, TransposeType::TRANSPOSE_NCHW2NHWC),
        TransposeParamsExt(2, 0, 2, 16, TransposeType::TRANSPOSE_NCHW2NHWC),
        TransposeParamsExt(2, 4, 16, 16, TransposeType::TRANSPOSE_TYPE_NONE)}) {
    const TeRun r = RunTransposeExt<half>(p);
    ASSERT_TRUE(r.result.status.ok()) << r.result.status.ToString();
    EXPECT_EQ(r.dst, std::vector<uint8_t>(kTeTile, 0xEE));
  }
  for (const bool in_place : {false, true}) {
    const TeRun r = RunTransposeExt<uint16_t>(
        TransposeParamsExt(0, 0, 16, 16, TransposeType::TRANSPOSE_ND2ND_B16), 32, in_place);
    ASSERT_TRUE(r.result.status.ok()) << r.result.status.ToString();
    EXPECT_TRUE(r.result.warnings.empty());
    for (uint32_t i = 0; i < 16; ++i) {
      for (uint32_t j = 0; j < 16; ++j) {
        const uint32_t from = (i * 16 + j) * 2, to = (j * 16 + i) * 2;
        ASSERT_EQ(r.dst[to], static_cast<uint8_t>(from * 7 + 1)) << i << "," << j;
        ASSERT_EQ(r.dst[to + 1], static_cast<uint8_t>((from + 1) * 7 + 1)) << i << "," << j;
      }
    }
  }
}

bool TeWarned(const LaunchResult& r, const char* kind) {
  for (const Warning& w : r.warnings) {
    if (w.kind == kind) return true;
  }
  return false;
}

TEST(VectorTransposeExt, NoOpTypesAndShapesWarn) {
  TeRun r =
      RunTransposeExt<half>(TransposeParamsExt(1, 1, 16, 16, TransposeType::TRANSPOSE_ND2ND_B16));
  EXPECT_TRUE(r.result.status.ok());
  EXPECT_TRUE(TeWarned(r.result, "transpose_ext_b16_type"));  // half: the page lists uint16_t
  r = RunTransposeExt<uint16_t>(
      TransposeParamsExt(1, 1, 8, 16, TransposeType::TRANSPOSE_ND2ND_B16));
  EXPECT_TRUE(TeWarned(r.result, "transpose_ext_b16_shape"));
  EXPECT_EQ(r.dst, std::vector<uint8_t>(kTeTile, 0xEE));
  r = RunTransposeExt<uint16_t>(
      TransposeParamsExt(1, 2, 16, 16, TransposeType::TRANSPOSE_NZ2ND_0213));
  EXPECT_TRUE(TeWarned(r.result, "transpose_ext_unsupported_type"));
  EXPECT_EQ(r.dst, std::vector<uint8_t>(kTeTile, 0xEE));
}

// The buffer: (cSize + 2) fractals to NHWC, (2 cSize + 1) to NCHW (1 KiB fractals for 8-bit);
// one block less faults. And the page's ranges and its no-reuse rule.
TEST(VectorTransposeExt, SmallBufferAndThePagesRangesFault) {
  struct Bad {
    TransposeParamsExt p;
    uint32_t tmp;
    bool in_place;
    bool eight_bit;
    const char* text;
  };
  const TransposeType to_nhwc = TransposeType::TRANSPOSE_NCHW2NHWC;
  const TransposeType to_nchw = TransposeType::TRANSPOSE_NHWC2NCHW;
  EXPECT_TRUE(
      RunTransposeExt<half>(TransposeParamsExt(1, 4, 2, 16, to_nhwc), 6 * 512).result.status.ok());
  EXPECT_TRUE(RunTransposeExt<int8_t>(TransposeParamsExt(1, 4, 1, 32, to_nchw), 9 * 1024)
                  .result.status.ok());
  const Bad bad[] = {
      {TransposeParamsExt(1, 4, 2, 16, to_nhwc), 6 * 512 - 32, false, false, "at least 3072"},
      {TransposeParamsExt(1, 4, 2, 16, to_nchw), 9 * 512 - 32, false, false, "at least 4608"},
      {TransposeParamsExt(1, 4, 1, 32, to_nchw), 9 * 1024 - 32, false, true, "at least 9216"},
      {TransposeParamsExt(1, 4096, 1, 16, to_nhwc), kTeTmp, false, false, "cSize 4096"},
      {TransposeParamsExt(1, 2, 64, 64, to_nhwc), kTeTmp, false, false, "hSize x wSize 4096"},
      {TransposeParamsExt(1, 2, 3, 5, to_nhwc), kTeTmp, false, false, "30 bytes"},
      {TransposeParamsExt(1, 4, 2, 16, to_nhwc), kTeTmp, true, false, "src and dst overlap"},
  };
  for (const Bad& b : bad) {
    const TeRun r = b.eight_bit ? RunTransposeExt<int8_t>(b.p, b.tmp, b.in_place)
                                : RunTransposeExt<half>(b.p, b.tmp, b.in_place);
    ASSERT_TRUE(r.result.fault.has_value()) << b.text;
    EXPECT_EQ(r.result.fault->kind, FaultKind::kInvalidArgument) << b.text;
    EXPECT_EQ(r.result.fault->instruction, "Transpose");
    EXPECT_NE(r.result.fault->message.find(b.text), std::string::npos) << r.result.fault->message;
  }
}

// A trait tensor call (CANN's TensorTrait list has Transpose) gives the plain call's bytes.
TEST(VectorTransposeExt, TensorTraitTensorsAsPlain) {
  const TransposeParamsExt p(2, 3, 2, 16, TransposeType::TRANSPOSE_NCHW2NHWC);
  const TeRun r = RunTransposeExt<TensorTrait<half>>(p);
  ASSERT_TRUE(r.result.status.ok()) << r.result.status.ToString();
  EXPECT_EQ(r.dst, TeModel(p, 2, true));
}

}  // namespace
}  // namespace opsim::sim::transpose_ext_test
