// The CPU-debug runtime's parts: argument names, the SoC table and its profiles, AscendCL.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "arg_names.h"
#include "opsim/sim/ascendc/sync.h"
#include "profile_location.h"
#include "soc_profiles.h"

namespace opsim::cpudebug {
namespace {

using Names = std::vector<std::string>;

TEST(ArgumentNamesTest, SplitsAtTopLevelCommasAndDropsCasts) {
  EXPECT_EQ(ArgumentNames("x, y, z", 3), (Names{"x", "y", "z"}));
  EXPECT_EQ(ArgumentNames("(uint8_t *)x, (uint8_t*) y,z", 3), (Names{"x", "y", "z"}));
  EXPECT_EQ(ArgumentNames("x, y, z, *reinterpret_cast<AddCustomTilingData *>(tiling)", 4),
            (Names{"x", "y", "z", "*reinterpret_cast<AddCustomTilingData *>(tiling)"}));
  EXPECT_EQ(ArgumentNames("f(a, b), buf[i, j]", 2), (Names{"f(a, b)", "buf[i, j]"}));
  EXPECT_EQ(ArgumentNames("(a + b) * 2, (x)", 2), (Names{"(a + b) * 2", "(x)"}));
  EXPECT_EQ(ArgumentNames("", 0), Names{});
}

TEST(ArgumentNamesTest, FallsBackToPositionsWhenTheTextDoesNotSplit) {
  // A comma inside a template argument list cannot be told from an argument separator.
  EXPECT_EQ(ArgumentNames("std::pair<int, int>{1, 2}", 1), (Names{"arg0"}));
  EXPECT_EQ(ArgumentNames("x, , z", 3), (Names{"arg0", "arg1", "arg2"}));
}

TEST(SocProfilesTest, EverySampleSocIsListedAndEachProfileLoads) {
  const Names sample_socs = {"Ascend910A",  "Ascend910B",  "Ascend310B1", "Ascend310B2",
                             "Ascend310B3", "Ascend310B4", "Ascend310P1", "Ascend310P3",
                             "Ascend910B1", "Ascend910B2", "Ascend910B3", "Ascend910B4"};
  const std::map<std::string, uint32_t> cores = {
      {"Ascend910A", 32},  {"Ascend910B1", 48}, {"Ascend910B2", 48}, {"Ascend910B3", 40},
      {"Ascend910B4", 40}, {"Ascend310P1", 10}, {"Ascend310P3", 8},  {"Ascend310B1", 1},
      {"Ascend310B2", 1},  {"Ascend310B3", 1},  {"Ascend310B4", 1}};
  for (const std::string& soc : sample_socs) {
    std::string profile;
    const Status status = ProfileForSoc(soc, &profile);
    if (cores.count(soc) == 0) {
      EXPECT_EQ(status.code(), ErrorCode::kConfigError) << soc;
      EXPECT_NE(status.message().find("no public source"), std::string::npos) << status.message();
      continue;
    }
    ASSERT_TRUE(status.ok()) << soc << ": " << status.message();
    sim::DeviceProfile device;
    const Status loaded = LoadProfile(profile, &device);
    ASSERT_TRUE(loaded.ok()) << soc << ": " << loaded.message();
    EXPECT_EQ(device.vector_cores, cores.at(soc)) << soc;
  }
  EXPECT_EQ(SocProfiles().size(), sample_socs.size());
}

TEST(SocProfilesTest, UnknownSocListsTheSupportedNames) {
  std::string profile;
  const Status status = ProfileForSoc("ascend910b1", &profile);
  EXPECT_EQ(status.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(status.message().find("unknown SoC 'ascend910b1' (expected one of: Ascend910A, "),
            std::string::npos)
      << status.message();
}

TEST(ProfileLocationTest, MissingProfileNamesThePath) {
  sim::DeviceProfile device;
  const Status status = LoadProfile("nosuchchip", &device);
  EXPECT_EQ(status.code(), ErrorCode::kConfigError);
  EXPECT_NE(status.message().find("nosuchchip.yaml does not exist"), std::string::npos)
      << status.message();
}

TEST(AclBaseTest, HalfConversionsRoundToNearestEven) {
  EXPECT_EQ(aclFloatToFloat16(1.0f), 0x3C00);
  EXPECT_EQ(aclFloat16ToFloat(0x3C00), 1.0f);
  EXPECT_EQ(aclFloat16ToFloat(0xC000), -2.0f);
  EXPECT_EQ(aclFloatToFloat16(65520.0f), 0x7C00);               // rounds up to inf
  EXPECT_EQ(aclFloatToFloat16(1.0f + 1.0f / 2048.0f), 0x3C00);  // tie to even
  EXPECT_TRUE(std::isnan(aclFloat16ToFloat(aclFloatToFloat16(std::nanf("")))));
  EXPECT_EQ(aclFloat16ToFloat(0x0001), std::ldexp(1.0f, -24));  // smallest subnormal
}

TEST(AclBaseTest, DataTypeSizes) {
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_BF16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT), 4u);
  EXPECT_EQ(aclDataTypeSize(ACL_INT64), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_COMPLEX128), 16u);
  EXPECT_EQ(aclDataTypeSize(ACL_STRING), 0u);
  EXPECT_EQ(aclDataTypeSize(static_cast<aclDataType>(99)), 0u);
}

TEST(AclRtTest, AContextIsCurrentOnceCreatedUntilDestroyed) {
  aclrtContext initial = nullptr;
  ASSERT_EQ(aclrtGetCurrentContext(&initial), ACL_SUCCESS);
  EXPECT_NE(initial, nullptr);  // the device's default context
  aclrtContext made = nullptr;
  EXPECT_EQ(aclrtCreateContext(&made, 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("device 1 does not exist"), std::string::npos);
  ASSERT_EQ(aclrtCreateContext(&made, 0), ACL_SUCCESS);
  aclrtContext current = nullptr;
  ASSERT_EQ(aclrtGetCurrentContext(&current), ACL_SUCCESS);
  EXPECT_EQ(current, made);
  ASSERT_EQ(aclrtSetCurrentContext(initial), ACL_SUCCESS);
  ASSERT_EQ(aclrtGetCurrentContext(&current), ACL_SUCCESS);
  EXPECT_EQ(current, initial);
  ASSERT_EQ(aclrtSetCurrentContext(made), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyContext(made), ACL_SUCCESS);
  ASSERT_EQ(aclrtGetCurrentContext(&current), ACL_SUCCESS);
  EXPECT_EQ(current, initial);  // the destroyed one is current no more
  EXPECT_EQ(aclrtDestroyContext(made), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("not a live context"), std::string::npos);
  EXPECT_EQ(aclrtSetCurrentContext(made), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtCreateContext(nullptr, 0), ACL_ERROR_INVALID_PARAM);
}

TEST(AclRtTest, InitDeviceStreamAndMemoryFollowTheRules) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
  EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclrtSetDevice(1), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("device 1 does not exist"), std::string::npos);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  void* dev = nullptr;
  void* host = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMallocHost(&host, 64), ACL_SUCCESS);
  // Device memory is GM a kernel launched with ICPU_RUN_KF may address: the block the chip
  // gives 64 B (rounded up to 32 B, plus 32 B).
  const void* base = nullptr;
  uint64_t bytes = 0;
  EXPECT_TRUE(sim::FindGmAllocBlock(dev, &base, &bytes));
  EXPECT_EQ(bytes, 96u);
  std::memset(host, 7, 64);
  EXPECT_EQ(aclrtMemcpy(dev, 64, host, 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(static_cast<uint8_t*>(dev)[63], 7);
  EXPECT_EQ(aclrtMemcpy(dev, 32, host, 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("count 64 exceeds destMax 32"),
            std::string::npos);
  EXPECT_EQ(aclrtMemcpy(dev, 64, host, 64, static_cast<aclrtMemcpyKind>(9)),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemset(dev, 64, 0, 64), ACL_SUCCESS);
  EXPECT_EQ(static_cast<uint8_t*>(dev)[0], 0);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(host), ACL_ERROR_INVALID_PARAM);  // host memory is not device memory
  EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(dev), ACL_ERROR_INVALID_PARAM);  // double free
  EXPECT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
  EXPECT_EQ(aclrtFreeHost(host), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_ERROR_UNINITIALIZE);
}

}  // namespace
}  // namespace opsim::cpudebug
