// The high-level Broadcast (lib/pad/broadcast.h, via kernel_operator.h): numpy broadcasting of 1-D
// and 2-D shapes against a scalar model, the sharedTmpBuffer minimum GetBroadCastMaxMinTmpSize
// gives on a dav-2201 device (a smaller one faults), and shapes that do not broadcast.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

LaunchResult Run910B(const std::function<void()>& kernel) {
  DeviceProfile d = testing::TestDevice();
  d.architecture = "dav-2201";
  LaunchOptions options;
  options.checked = true;
  return Launch(d, 1, options, kernel);
}

// dst[r][c] = src[r or 0][c or 0], the model.
template <typename T>
std::vector<T> Model(const std::vector<T>& src, uint32_t sr, uint32_t sc, uint32_t dr,
                     uint32_t dc) {
  std::vector<T> out(static_cast<size_t>(dr) * dc);
  for (uint32_t r = 0; r < dr; ++r) {
    for (uint32_t c = 0; c < dc; ++c)
      out[r * dc + c] = src[(sr == 1 ? 0 : r) * sc + (sc == 1 ? 0 : c)];
  }
  return out;
}

TEST(Broadcast, Axis1WithTheMinimumBufferMatchesTheModel) {
  // The public BroadcastCustom sample's case: half {16,1} -> {16,3}, a 1024 B buffer.
  std::vector<uint16_t> got(48), src(16);
  for (uint16_t i = 0; i < 16; ++i) src[i] = static_cast<uint16_t>(0x3C00 + i);
  const LaunchResult r = Run910B([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, t;
    pipe.InitBuffer(a, 64);
    pipe.InitBuffer(b, 96);
    pipe.InitBuffer(t, 1024);
    LocalTensor<half> x = a.Get<half>(), y = b.Get<half>();
    LocalTensor<uint8_t> tmp = t.Get<uint8_t>();
    for (int i = 0; i < 16; ++i) x.ReinterpretCast<uint16_t>().SetValue(i, src[i]);
    const uint32_t dst_shape[] = {16, 3};
    const uint32_t src_shape[] = {16, 1};
    BroadCast<half, 2, 1>(y, x, dst_shape, src_shape, tmp);
    for (int i = 0; i < 48; ++i) got[i] = y.ReinterpretCast<uint16_t>().GetValue(i);
  });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_FALSE(r.fault) << r.fault->message;
  EXPECT_EQ(got, Model(src, 16, 1, 16, 3));
}

TEST(Broadcast, Axis0AndOneDimFormsWithoutABuffer) {
  std::vector<int32_t> rows(4 * 8), fill(40);
  const LaunchResult r = Run910B([&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 32);
    pipe.InitBuffer(b, 160);
    LocalTensor<int32_t> x = a.Get<int32_t>(), y = b.Get<int32_t>();
    for (int i = 0; i < 8; ++i) x.SetValue(i, i * 7 - 3);
    const uint32_t dst2[] = {4, 8}, src2[] = {1, 8};
    Broadcast<int32_t, 2, 0>(y, x, dst2, src2);
    for (int i = 0; i < 32; ++i) rows[i] = y.GetValue(i);
    const uint32_t dst1[] = {40}, src1[] = {1};
    BroadCast<int32_t, 1, 0>(y, x, dst1, src1);
    for (int i = 0; i < 40; ++i) fill[i] = y.GetValue(i);
  });
  ASSERT_FALSE(r.fault) << r.fault->message;
  std::vector<int32_t> src(8);
  for (int i = 0; i < 8; ++i) src[i] = i * 7 - 3;
  EXPECT_EQ(rows, Model(src, 1, 8, 4, 8));
  EXPECT_EQ(fill, std::vector<int32_t>(40, -3));
}

TEST(Broadcast, ABufferBelowTheMinimumFaults) {
  const LaunchResult r = Run910B([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, t;
    pipe.InitBuffer(a, 64);
    pipe.InitBuffer(b, 96);
    pipe.InitBuffer(t, 512);
    LocalTensor<half> x = a.Get<half>(), y = b.Get<half>();
    Duplicate(x, half(1.0f), 16);
    LocalTensor<uint8_t> tmp = t.Get<uint8_t>();
    const uint32_t dst_shape[] = {16, 3}, src_shape[] = {16, 1};
    BroadCast<half, 2, 1>(y, x, dst_shape, src_shape, tmp);
  });
  ASSERT_TRUE(r.fault);
  EXPECT_EQ(r.fault->kind, FaultKind::kInvalidArgument);
  EXPECT_NE(r.fault->message.find("sharedTmpBuffer holds 512 B, below the 1024 B"),
            std::string::npos)
      << r.fault->message;
}

TEST(Broadcast, ShapesThatDoNotBroadcastFault) {
  const LaunchResult r = Run910B([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 64);
    pipe.InitBuffer(b, 192);
    LocalTensor<float> x = a.Get<float>(), y = b.Get<float>();
    Duplicate(x, 1.0f, 16);
    const uint32_t dst_shape[] = {8, 6}, src_shape[] = {8, 2};
    Broadcast<float, 2, 1>(y, x, dst_shape, src_shape);
  });
  ASSERT_TRUE(r.fault);
  EXPECT_NE(r.fault->message.find("srcShape {8, 2} to dstShape {8, 6}"), std::string::npos)
      << r.fault->message;
}

TEST(Broadcast, ADestinationTooSmallIsOutOfBounds) {
  const LaunchResult r = Run910B([] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 32);
    pipe.InitBuffer(b, 32);
    LocalTensor<float> x = a.Get<float>(), y = b.Get<float>();
    Duplicate(x, 1.0f, 8);
    const uint32_t dst_shape[] = {4, 8}, src_shape[] = {1, 8};
    Broadcast<float, 2, 0>(y, x, dst_shape, src_shape);
  });
  ASSERT_TRUE(r.fault);
  EXPECT_EQ(r.fault->kind, FaultKind::kOutOfBoundsUb);
}

}  // namespace
}  // namespace opsim::sim
