// The example kernel, run on every shipped device profile in checked mode.
#include <gtest/gtest.h>

#include <vector>

#include "add/add_custom.h"
#include "opsim/sim/device_profile.h"
#include "opsim/sim/launch.h"

namespace opsim::kernels {
namespace {

using namespace ::op_kernel;

class AddCustomTest : public ::testing::TestWithParam<std::string> {};

TEST_P(AddCustomTest, AddsOnEveryBlockWithoutFaults) {
  sim::DeviceProfile device;
  ASSERT_TRUE(sim::LoadNamedDeviceProfile(GetParam(), &device).ok());
  AddTilingData tiling;
  tiling.tile = 256;
  tiling.total = device.vector_cores * tiling.tile * 3;
  std::vector<float> x(tiling.total), y(tiling.total), z(tiling.total);
  std::vector<half> hx(tiling.total), hy(tiling.total), hz(tiling.total);
  for (uint32_t i = 0; i < tiling.total; ++i) {
    x[i] = static_cast<float>(i) * 0.25f;
    y[i] = 1.0f - static_cast<float>(i % 13);
    hx[i] = half(static_cast<float>(i % 100) * 0.1f);
    hy[i] = half(static_cast<float>(i % 9));
  }
  sim::LaunchOptions o;
  o.checked = true;
  o.host_threads = 2;
  auto u8 = [](auto& v) { return reinterpret_cast<uint8_t*>(v.data()); };
  o.regions = {{x.data(), x.size() * 4, "x"},    {y.data(), y.size() * 4, "y"},
               {z.data(), z.size() * 4, "z"},    {hx.data(), hx.size() * 2, "hx"},
               {hy.data(), hy.size() * 2, "hy"}, {hz.data(), hz.size() * 2, "hz"}};
  auto* t = reinterpret_cast<uint8_t*>(&tiling);
  sim::LaunchResult r = sim::Launch(device, device.vector_cores, o,
                                    [&] { add_custom_f32(u8(x), u8(y), u8(z), nullptr, t); });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < tiling.total; ++i) ASSERT_EQ(z[i], x[i] + y[i]) << i;
  EXPECT_GT(r.stats.device_ns, 0.0);

  r = sim::Launch(device, device.vector_cores, o,
                  [&] { add_custom_f16(u8(hx), u8(hy), u8(hz), nullptr, t); });
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  for (uint32_t i = 0; i < tiling.total; ++i) {
    ASSERT_EQ(hz[i].bits(), half(float(hx[i]) + float(hy[i])).bits()) << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Profiles, AddCustomTest,
                         ::testing::Values("ascend910b", "ascend910a", "ascend310p"));

}  // namespace
}  // namespace opsim::kernels
