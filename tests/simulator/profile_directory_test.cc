// Loading profiles from a directory, by name, and the OPSIM_CONFIG_DIR override.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "opsim/sim/device_profile.h"

namespace opsim::sim {
namespace {

namespace fs = std::filesystem;

const std::string kShippedDir = OPSIM_SOURCE_DIR "/configs/devices";
const std::string kFixtureDir = OPSIM_SOURCE_DIR "/tests/simulator/testdata/profiles";

// Sets or clears OPSIM_CONFIG_DIR for one test and restores the previous value.
class ScopedConfigDir {
 public:
  explicit ScopedConfigDir(const std::optional<std::string>& value) {
    if (const char* old = std::getenv("OPSIM_CONFIG_DIR")) saved_ = old;
    if (value) {
      setenv("OPSIM_CONFIG_DIR", value->c_str(), 1);
    } else {
      unsetenv("OPSIM_CONFIG_DIR");
    }
  }
  ~ScopedConfigDir() {
    if (saved_) {
      setenv("OPSIM_CONFIG_DIR", saved_->c_str(), 1);
    } else {
      unsetenv("OPSIM_CONFIG_DIR");
    }
  }
  ScopedConfigDir(const ScopedConfigDir&) = delete;
  ScopedConfigDir& operator=(const ScopedConfigDir&) = delete;

 private:
  std::optional<std::string> saved_;
};

// A fresh directory removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = fs::temp_directory_path() / ("opsim_profile_" + std::to_string(getpid()) + "_" +
                                         info->test_suite_name() + "_" + info->name());
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Copies the minimal fixture under a new name (the name field must match the file stem).
void WriteProfile(const fs::path& dir, const std::string& name) {
  std::ifstream in(kFixtureDir + "/valid_minimal.yaml");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  text.replace(text.find("valid_minimal"), std::string("valid_minimal").size(), name);
  std::ofstream(dir / (name + ".yaml")) << text;
}

std::vector<std::string> Names(const std::vector<DeviceProfile>& profiles) {
  std::vector<std::string> names;
  for (const DeviceProfile& p : profiles) names.push_back(p.name);
  return names;
}

TEST(LoadDeviceProfilesTest, ShippedProfilesSortedByName) {
  std::vector<DeviceProfile> profiles;
  const Status status = LoadDeviceProfiles(kShippedDir, &profiles);
  ASSERT_TRUE(status.ok()) << status.ToString();
  EXPECT_EQ(Names(profiles), (std::vector<std::string>{"ascend310p", "ascend910a", "ascend910b"}));
}

TEST(LoadDeviceProfilesTest, OnlyYamlFilesAreRead) {
  TempDir dir;
  WriteProfile(dir.path(), "zeta");
  WriteProfile(dir.path(), "alpha");
  std::ofstream(dir.path() / "README.md") << "not a profile";
  std::ofstream(dir.path() / "beta.yml") << "not: [read";
  std::vector<DeviceProfile> profiles;
  const Status status = LoadDeviceProfiles(dir.path().string(), &profiles);
  ASSERT_TRUE(status.ok()) << status.ToString();
  EXPECT_EQ(Names(profiles), (std::vector<std::string>{"alpha", "zeta"}));
}

TEST(LoadDeviceProfilesTest, AnyBadFileFailsTheWholeLoad) {
  TempDir dir;
  WriteProfile(dir.path(), "alpha");
  fs::copy_file(kFixtureDir + "/max_repeat_zero.yaml", dir.path() / "max_repeat_zero.yaml");
  std::vector<DeviceProfile> profiles;
  const Status status = LoadDeviceProfiles(dir.path().string(), &profiles);
  EXPECT_EQ(status.code(), ErrorCode::kConfigError);
  EXPECT_NE(status.message().find("max_repeat_zero.yaml:7:21: field 'max_repeat'"),
            std::string::npos)
      << status.message();
  EXPECT_TRUE(profiles.empty());
}

TEST(LoadDeviceProfilesTest, MissingDirectoryIsAConfigError) {
  std::vector<DeviceProfile> profiles;
  const Status status = LoadDeviceProfiles(kShippedDir + "/no_such_dir", &profiles);
  EXPECT_EQ(status.code(), ErrorCode::kConfigError);
  EXPECT_NE(status.message().find("no_such_dir"), std::string::npos) << status.message();
}

TEST(DefaultDeviceDirTest, EnvironmentOverridesSourceTree) {
  {
    ScopedConfigDir env(std::string("/some/where"));
    EXPECT_EQ(DefaultDeviceDir(), "/some/where/devices");
  }
  {
    ScopedConfigDir env(std::nullopt);
    EXPECT_EQ(fs::canonical(DefaultDeviceDir()), fs::canonical(kShippedDir));
  }
  {
    ScopedConfigDir env(std::string(""));  // empty means unset
    EXPECT_EQ(fs::canonical(DefaultDeviceDir()), fs::canonical(kShippedDir));
  }
}

TEST(LoadNamedDeviceProfileTest, LoadsShippedProfile) {
  ScopedConfigDir env(std::nullopt);
  DeviceProfile profile;
  const Status status = LoadNamedDeviceProfile("ascend910b", &profile);
  ASSERT_TRUE(status.ok()) << status.ToString();
  EXPECT_EQ(profile.name, "ascend910b");
  EXPECT_EQ(profile.vector_cores, 48u);
}

TEST(LoadNamedDeviceProfileTest, ReadsFromOverriddenConfigDir) {
  TempDir dir;
  fs::create_directories(dir.path() / "devices");
  WriteProfile(dir.path() / "devices", "custom_chip");
  ScopedConfigDir env(dir.path().string());
  DeviceProfile profile;
  const Status status = LoadNamedDeviceProfile("custom_chip", &profile);
  ASSERT_TRUE(status.ok()) << status.ToString();
  EXPECT_EQ(profile.name, "custom_chip");
  EXPECT_EQ(profile.file, (dir.path() / "devices" / "custom_chip.yaml").string());
  // The shipped profiles are not visible through the override.
  EXPECT_FALSE(LoadNamedDeviceProfile("ascend910b", &profile).ok());
}

TEST(LoadNamedDeviceProfileTest, UnknownNameListsAvailableProfiles) {
  ScopedConfigDir env(std::string(OPSIM_SOURCE_DIR "/configs"));
  DeviceProfile profile;
  const Status status = LoadNamedDeviceProfile("ascend999", &profile);
  EXPECT_EQ(status.code(), ErrorCode::kConfigError);
  EXPECT_NE(status.message().find("'ascend999'"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("available: ascend310p, ascend910a, ascend910b"),
            std::string::npos)
      << status.message();
}

TEST(LoadNamedDeviceProfileTest, FindsVariantsByNameAndListsThem) {
  ScopedConfigDir env(std::string(OPSIM_SOURCE_DIR "/configs"));
  DeviceProfile profile;
  Status status = LoadNamedDeviceProfile("ascend310b", &profile);
  ASSERT_TRUE(status.ok()) << status.ToString();
  EXPECT_EQ(profile.name, "ascend310b");
  EXPECT_EQ(fs::path(profile.file).parent_path().filename(), "variants");
  status = LoadNamedDeviceProfile("ascend999", &profile);
  EXPECT_NE(status.message().find("; variants: ascend310b, ascend310p1, ascend910b3, ascend910b4)"),
            std::string::npos)
      << status.message();
}

TEST(LoadNamedDeviceProfileTest, ASuiteProfileComesBeforeAVariantOfTheSameName) {
  TempDir dir;
  fs::create_directories(dir.path() / "devices" / "variants");
  WriteProfile(dir.path() / "devices", "chip");
  WriteProfile(dir.path() / "devices" / "variants", "chip");
  ScopedConfigDir env(dir.path().string());
  DeviceProfile profile;
  const Status status = LoadNamedDeviceProfile("chip", &profile);
  ASSERT_TRUE(status.ok()) << status.ToString();
  EXPECT_EQ(profile.file, (dir.path() / "devices" / "chip.yaml").string());
}

TEST(LoadNamedDeviceProfileTest, RejectsPathsAndEmptyNames) {
  DeviceProfile profile;
  for (const std::string name :
       {"../devices/ascend910b", "sub/ascend910b", "..", "a..b", "", "dir\\ascend910b"}) {
    const Status status = LoadNamedDeviceProfile(name, &profile);
    EXPECT_EQ(status.code(), ErrorCode::kInvalidParam) << name;
    EXPECT_NE(status.message().find("'" + name + "'"), std::string::npos) << status.message();
  }
}

}  // namespace
}  // namespace opsim::sim
